import { CircleUser, LogOut, ShieldCheck } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { AUTH_HINT_COOKIE, readAuthHint } from '@/lib/auth-hint';
import { flashCookie } from '@/lib/flash';

/**
 * Sign In, or Logout (and Admin for admins). Pages are prerendered, so the state comes from the
 * hint cookie the server keeps in step with the session; it only decides what is drawn here.
 */
const noSubscription = () => () => {};

// The server cannot know the visitor, so its HTML carries every control and CSS shows the right
// ones from html[data-auth], set by an inline script in the layout before the first paint (see
// authHintScript). Without that, a signed-in visitor would see Sign In flash until hydration.
const whenSignedOut = 'contents [html[data-auth]_&]:hidden';
const whenSignedIn = 'hidden [html[data-auth]_&]:contents';
const whenAdmin = 'hidden [html[data-auth=admin]_&]:contents';

export function AuthControls() {
  const hint = useSyncExternalStore(
    noSubscription,
    () => readAuthHint(document.cookie),
    () => 'unknown' as const,
  );
  const [busy, setBusy] = useState(false);

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

  const signIn = (
    <a href="/auth" className={buttonVariants({ size: 'sm' })}>
      Sign In
    </a>
  );
  const admin = (
    <a href="/admin" className={`${buttonVariants({ variant: 'ghost', size: 'sm' })} max-sm:px-2`}>
      <ShieldCheck aria-hidden="true" />
      {/* Narrow screens show the icons; the words stay for screen readers. */}
      <span className="max-sm:sr-only">Admin</span>
    </a>
  );
  const account = (
    <a href="/account" className={`${buttonVariants({ variant: 'ghost', size: 'sm' })} max-sm:px-2`}>
      <CircleUser aria-hidden="true" />
      <span className="max-sm:sr-only">Account</span>
    </a>
  );
  const logout = (
    <button
      type="button"
      onClick={() => void logOut()}
      disabled={busy}
      className={`${buttonVariants({ variant: 'outline', size: 'sm' })} max-sm:px-2`}
    >
      <LogOut aria-hidden="true" />
      <span className="max-sm:sr-only">Logout</span>
    </button>
  );

  if (hint === 'unknown') {
    return (
      <>
        <span className={whenSignedOut}>{signIn}</span>
        <span className={whenAdmin}>{admin}</span>
        <span className={whenSignedIn}>{account}</span>
        <span className={whenSignedIn}>{logout}</span>
      </>
    );
  }
  if (!hint) return signIn;
  return (
    <>
      {hint === 'admin' && admin}
      {account}
      {logout}
    </>
  );
}
