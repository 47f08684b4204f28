import { toast } from '@/components/ui/toast';
import { AUTH_HINT_COOKIE, readAuthHint } from '@/lib/auth-hint';
import { flashCookie } from '@/lib/flash';

/**
 * Logout for the server-rendered AuthControls: signs out, clears the hint, queues "Logged out
 * successfully" for the home page and goes there; a failure shows "Error logging out" with the
 * reason and leaves the visitor signed in.
 */
export async function logOut(button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  try {
    const response = await fetch('/api/auth/sign-out', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    // Already signed out (or never was): the result the visitor asked for.
    if (!response.ok && ![401, 403, 404].includes(response.status)) {
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      throw new Error(body.message ?? `The server answered ${response.status}`);
    }
    document.cookie = `${AUTH_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
    document.cookie = flashCookie([{ kind: 'success', title: 'Logged out successfully' }]);
    window.location.assign('/');
  } catch (error) {
    button.disabled = false;
    toast.error('Error logging out', { description: (error as Error).message });
  }
}

/** html[data-auth] from the hint cookie, as the layout's inline script does before the first paint. */
export function syncAuthHint(): void {
  const hint = readAuthHint(document.cookie);
  if (hint) document.documentElement.dataset.auth = hint;
  else delete document.documentElement.dataset.auth;
}

export function enhanceAuthControls(root: HTMLElement): () => void {
  const aborter = new AbortController();
  root.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('button[data-logout]');
      if (button) void logOut(button);
    },
    { signal: aborter.signal },
  );
  // A page restored from the back/forward cache kept the state it was left in; the visitor may
  // have signed in or out since.
  window.addEventListener('pageshow', (event) => event.persisted && syncAuthHint(), { signal: aborter.signal });
  return () => aborter.abort();
}
