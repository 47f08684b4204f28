import { CircleUser, LogOut, ShieldCheck } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';

// Pages are prerendered, so the server cannot know the visitor: its HTML carries every control
// and CSS shows the right ones from html[data-auth], which an inline script in the layout sets
// from the hint cookie before the first paint (see authHintScript). The hint only decides what is
// drawn here; every protected page and action checks the real session.
const whenSignedOut = 'contents [html[data-auth]_&]:hidden';
const whenSignedIn = 'hidden [html[data-auth]_&]:contents';
const whenAdmin = 'hidden [html[data-auth=admin]_&]:contents';

/** Sign In, or Account and Logout (and Admin for admins). Logout is wired by enhanceAuthControls (auth-controls.ts). */
export function AuthControls() {
  return (
    <>
      <span className={whenSignedOut}>
        <a href="/auth" className={buttonVariants({ size: 'sm' })}>
          Sign In
        </a>
      </span>
      <span className={whenAdmin}>
        <a href="/admin" className={`${buttonVariants({ variant: 'ghost', size: 'sm' })} max-sm:px-2`}>
          <ShieldCheck aria-hidden="true" />
          {/* Narrow screens show the icons; the words stay for screen readers. */}
          <span className="max-sm:sr-only">Admin</span>
        </a>
      </span>
      <span className={whenSignedIn}>
        <a href="/account" className={`${buttonVariants({ variant: 'ghost', size: 'sm' })} max-sm:px-2`}>
          <CircleUser aria-hidden="true" />
          <span className="max-sm:sr-only">Account</span>
        </a>
      </span>
      <span className={whenSignedIn}>
        <button type="button" data-logout className={`${buttonVariants({ variant: 'outline', size: 'sm' })} max-sm:px-2`}>
          <LogOut aria-hidden="true" />
          <span className="max-sm:sr-only">Logout</span>
        </button>
      </span>
    </>
  );
}
