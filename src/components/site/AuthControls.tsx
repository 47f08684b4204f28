import { LogOut, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { AUTH_HINT_COOKIE, readAuthHint, type AuthHint } from '@/lib/auth-hint';
import { flashCookie } from '@/lib/flash';

/**
 * Sign In, or Logout (and Admin for admins). Pages are prerendered, so the state comes from the
 * hint cookie the server keeps in step with the session; it only decides what is drawn here.
 */
export function AuthControls() {
  // Unknown until the browser has read the cookie: the server render matches the signed-out view.
  const [hint, setHint] = useState<AuthHint>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setHint(readAuthHint(document.cookie));
  }, []);

  async function logOut() {
    setBusy(true);
    try {
      const response = await fetch('/api/auth/sign-out', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      if (!response.ok && ![401, 403, 404].includes(response.status)) {
        const body = (await response.json().catch(() => ({}))) as { message?: string };
        throw new Error(body.message ?? `The server answered ${response.status}`);
      }
      document.cookie = `${AUTH_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
      document.cookie = flashCookie([{ kind: 'success', title: 'Logged out successfully' }]);
      window.location.assign('/');
    } catch (error) {
      setBusy(false);
      // Loaded only when needed: the toast library is not part of every page's JavaScript.
      const { toast } = await import('@/components/ui/toast');
      toast.error('Error logging out', { description: (error as Error).message });
    }
  }

  if (!hint) {
    return (
      <a href="/auth" className={buttonVariants({ size: 'sm' })}>
        Sign In
      </a>
    );
  }
  return (
    <>
      {hint === 'admin' && (
        <a href="/admin" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
          <ShieldCheck aria-hidden="true" />
          Admin
        </a>
      )}
      <button type="button" onClick={() => void logOut()} disabled={busy} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        <LogOut aria-hidden="true" />
        Logout
      </button>
    </>
  );
}
