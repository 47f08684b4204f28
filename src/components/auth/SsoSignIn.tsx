import { LinkButton } from '@/components/ui/link-button';
import { ssoTexts, type SsoPublicInfo } from '@/lib/accounts/sso';
import { FormAlert } from './FormAlert';

/** Where a sign-in through the provider starts: the address typed (the provider's hint) and where to go after. */
export function ssoStartHref(next: string | null, email?: string): string {
  const query = new URLSearchParams();
  if (next) query.set('next', next);
  if (email) query.set('email', email);
  const text = query.toString();
  return `/auth/sso${text ? `?${text}` : ''}`;
}

/**
 * "Sign in with <provider>" (issue 56): a link, so it works before the page's script has loaded,
 * and so that the browser may follow /auth/sso's redirect to the provider (the site's policy lets
 * forms post only to the site itself, redirects included).
 */
export function SsoButton({
  sso,
  next,
  email,
  primary = false,
}: {
  sso: SsoPublicInfo;
  next: string | null;
  email?: string;
  primary?: boolean;
}) {
  return (
    <LinkButton href={ssoStartHref(next, email)} size="lg" variant={primary ? 'primary' : 'outline'} className="w-full">
      {primary ? ssoTexts.continueWith(sso.name) : ssoTexts.signInWith(sso.name)}
    </LinkButton>
  );
}

export type SsoFailureReason = keyof typeof ssoTexts.failures;

/** Why the last attempt through the provider did not work, from the address the sign-in came back to. */
export function SsoFailure({ sso, reason }: { sso: SsoPublicInfo | null; reason: SsoFailureReason }) {
  return <FormAlert message={`${ssoTexts.failed(sso?.name ?? 'your company account')} ${ssoTexts.failures[reason]}`} />;
}
