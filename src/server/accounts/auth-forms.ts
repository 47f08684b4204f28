import { handleAuthRequest, type AuthHandlerDeps } from './auth-handler.ts';
import type { ResponseHooks } from '../after-response.ts';
import { authHintCookie } from './session.ts';
import { CODE_STEP_PATH, destinationAfterSignIn } from '../../lib/accounts/destinations.ts';
import {
  backupCodeSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  totpCodeSchema,
  verifyEmailSchema,
} from '../../lib/accounts/schema.ts';
import type { AuthFormKind, AuthFormState } from '../../lib/accounts/forms.ts';
import { accountToasts, signedInToast } from '../../lib/accounts/texts.ts';
import { flashCookie } from '../../lib/flash.ts';
import { HONEYPOT_FIELD } from '../../lib/honeypot.ts';
import { isStaff } from '../access/permissions.ts';
import type { Role } from '../../lib/accounts/roles.ts';

/**
 * The auth forms posted the plain HTML way: before their island has hydrated, or without
 * JavaScript. Each is sent through the same handler as the islands' requests (the same limits,
 * honeypot and messages), and answered with a redirect on success, or the form again with what
 * was typed (never a password) and the error beside it.
 */

export type { AuthFormKind, AuthFormState };

export type AuthFormOutcome =
  { kind: 'redirect'; location: string; setCookies: string[] } | { kind: 'form'; state: AuthFormState; setCookies: string[] };

export interface AuthFormDeps extends AuthHandlerDeps {
  requireTwoFactor: boolean;
}

const endpoints: Record<AuthFormKind, string> = {
  'sign-in': 'sign-in/email',
  'sign-up': 'sign-up/email',
  forgot: 'request-password-reset',
  reset: 'reset-password',
  verify: 'verify-email',
  totp: 'two-factor/verify-totp',
  'backup-code': 'two-factor/verify-backup-code',
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}

/** The JSON body for Better Auth, and what may be shown again (no passwords, no codes). */
function bodyOf(kind: AuthFormKind, form: FormData, token: string | null) {
  const keep = (...names: string[]) => Object.fromEntries(names.map((name) => [name, text(form, name)]));
  switch (kind) {
    case 'sign-in': {
      const parsed = signInSchema.safeParse({ email: text(form, 'email'), password: text(form, 'password') });
      return { parsed, kept: keep('email'), body: parsed.success ? { ...parsed.data, rememberMe: true } : null };
    }
    case 'sign-up': {
      const input = keep('username', 'firstName', 'lastName', 'email');
      const parsed = signUpSchema.safeParse({ ...input, password: text(form, 'password') });
      const body = parsed.success ? { ...parsed.data, name: `${parsed.data.firstName} ${parsed.data.lastName}` } : null;
      return { parsed, kept: input, body };
    }
    case 'forgot': {
      const parsed = forgotPasswordSchema.safeParse({ email: text(form, 'email') });
      return {
        parsed,
        kept: keep('email'),
        body: parsed.success ? { email: parsed.data.email, redirectTo: '/auth/reset-password' } : null,
      };
    }
    case 'reset': {
      const parsed = resetPasswordSchema.safeParse({ password: text(form, 'password'), confirmPassword: text(form, 'confirmPassword') });
      return { parsed, kept: {}, body: parsed.success ? { newPassword: parsed.data.password, token } : null };
    }
    case 'verify': {
      const parsed = verifyEmailSchema.safeParse({
        token: token ?? '',
        password: text(form, 'password'),
        confirmPassword: text(form, 'confirmPassword'),
      });
      return { parsed, kept: {}, body: parsed.success ? parsed.data : null };
    }
    case 'totp': {
      const parsed = totpCodeSchema.safeParse(text(form, 'code'));
      return { parsed, kept: {}, body: parsed.success ? { code: parsed.data } : null };
    }
    case 'backup-code': {
      const parsed = backupCodeSchema.safeParse(text(form, 'code'));
      return { parsed, kept: {}, body: parsed.success ? { code: parsed.data } : null };
    }
  }
}

export async function handleAuthForm(
  deps: AuthFormDeps,
  kind: AuthFormKind,
  form: FormData,
  request: Request,
  clientKey: string,
  options: { next?: string | null; token?: string | null; hooks?: ResponseHooks } = {},
): Promise<AuthFormOutcome> {
  const { parsed, kept, body } = bodyOf(kind, form, options.token ?? null);
  if (!body) {
    const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    // A bare code schema has no field name: the code field it is.
    if (fieldErrors['form'] && (kind === 'totp' || kind === 'backup-code')) fieldErrors['code'] = fieldErrors['form'];
    return { kind: 'form', state: { kind, values: kept, fieldErrors }, setCookies: [] };
  }
  const headers = new Headers({ 'Content-Type': 'application/json' });
  for (const name of ['cookie', 'origin', 'user-agent', 'x-forwarded-for']) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  // A form posted by the page itself: its origin is ours (Astro has checked it for form posts).
  if (!headers.has('origin')) headers.set('origin', new URL(request.url).origin);
  const authUrl = new URL(`/api/auth/${endpoints[kind]}`, request.url);
  const response = await handleAuthRequest(
    deps,
    new Request(authUrl, { method: 'POST', headers, body: JSON.stringify({ ...body, [HONEYPOT_FIELD]: text(form, HONEYPOT_FIELD) }) }),
    clientKey,
    options.hooks,
  );
  const setCookies = response.headers.getSetCookie();
  const result = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const message =
      typeof result['message'] === 'string' && result['message'] ? result['message'] : 'Something went wrong. Please try again.';
    return { kind: 'form', state: { kind, values: kept, fieldErrors: {}, formError: message }, setCookies };
  }
  const secure = deps.secureCookies;
  const next = options.next ?? null;
  switch (kind) {
    case 'sign-in':
    case 'verify':
    case 'totp':
    case 'backup-code': {
      if (result['twoFactorRedirect']) {
        const query = next ? `?next=${encodeURIComponent(next)}` : '';
        return { kind: 'redirect', location: `${CODE_STEP_PATH}${query}`, setCookies };
      }
      const user = (result['user'] ?? {}) as { role?: Role; twoFactorEnabled?: unknown };
      const role = user.role ?? 'user';
      const staff = isStaff(role);
      const mustEnrol = staff && deps.requireTwoFactor && user.twoFactorEnabled !== true;
      // Confirming an address signs in too: the spec's "Welcome!" toast, then (staff) enrolment's.
      const toasts =
        kind === 'verify'
          ? [accountToasts.verified, ...(mustEnrol ? [accountToasts.enrolRequired] : [])]
          : [signedInToast({ role, isStaff: staff, mustEnrol })];
      return {
        kind: 'redirect',
        location: destinationAfterSignIn({ isStaff: staff, mustEnrol }, next),
        setCookies: [...setCookies, authHintCookie({ isStaff: staff }, secure), flashCookie(toasts, secure)],
      };
    }
    case 'sign-up':
      if (typeof result['token'] === 'string') {
        return {
          kind: 'redirect',
          location: '/',
          setCookies: [...setCookies, authHintCookie({ isStaff: false }, secure), flashCookie([accountToasts.signedUpSignedIn], secure)],
        };
      }
      // No session until the address is verified: back to sign-in with a clean form (spec).
      return {
        kind: 'form',
        state: { kind: 'sign-in', values: {}, fieldErrors: {}, notice: accountToasts.signedUpCheckEmail },
        setCookies,
      };
    case 'forgot':
      return { kind: 'form', state: { kind, values: kept, fieldErrors: {}, notice: accountToasts.resetLinkSent }, setCookies };
    case 'reset':
      return { kind: 'redirect', location: '/auth', setCookies: [...setCookies, flashCookie([accountToasts.passwordUpdated], secure)] };
  }
}

/** The response of a handled form that redirects. */
export function redirectResponse(location: string, setCookies: readonly string[]): Response {
  const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
}
