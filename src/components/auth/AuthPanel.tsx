import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Honeypot } from '@/components/ui/honeypot';
import { Input } from '@/components/ui/input';
import { flashToast, showToast } from '@/components/ui/toast';
import {
  forgotPasswordSchema,
  PASSWORD_MAX,
  signInSchema,
  signUpSchema,
  type ForgotPasswordInput,
  type SignInInput,
  type SignUpInput,
} from '@/lib/accounts/schema';
import { CODE_STEP_PATH } from '@/lib/accounts/destinations';
import type { AuthFormState } from '@/lib/accounts/forms';
import { accountToasts } from '@/lib/accounts/texts';
import type { FlashToast } from '@/lib/flash';
import { AccountForm, SubmitButton, useAccountForm } from './account-form';
import { enterSignedIn, fetchSession, leave, postAuth, safeNext } from './auth-client';
import { PrivacyNote } from '@/components/ui/privacy-note';
import { ownsAddress, ssoTexts, domainOf, type SsoPublicInfo } from '@/lib/accounts/sso';
import { SsoButton, SsoFailure, type SsoFailureReason } from './SsoSignIn';

export type AuthMode = 'sign-in' | 'sign-up' | 'forgot';

/** What the server answered a plain post of this form with (before hydration, or without JavaScript). */
interface FormProps {
  /** Switches the form; `email` (what the form's address field holds) is carried to the next one. */
  onMode: (mode: AuthMode, email?: string) => void;
  initial: AuthFormState | undefined;
  /** The address typed in the form before, when the visitor switched from it. */
  carried: string;
}

const headings: Record<AuthMode, { title: string; lead: string }> = {
  'sign-in': { title: 'Sign In', lead: 'Welcome back. Sign in with your email address and password.' },
  'sign-up': { title: 'Create an account', lead: 'Sign up with your email address. We will send you a link to confirm it.' },
  forgot: {
    title: 'Reset your password',
    lead: 'Enter the email address of your account and we will send you a link to choose a new password.',
  },
};

function Notice({ toast }: { toast: FlashToast | undefined }) {
  if (!toast) return null;
  return (
    <p role="status" className="rounded-md bg-primary-soft p-3 text-sm text-primary">
      <strong className="font-semibold">{toast.title}.</strong> {toast.description}
    </p>
  );
}

function SwitchLink({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="font-semibold text-primary underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {children}
    </button>
  );
}

const emailInput = { type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 } as const;

// The forms are posted (AccountForm): submitted before the island hydrates, a password must never
// end up in a URL (a GET form would put it in the address bar and history). Their onValid reads the
// honeypot's ref, so it is handed to submit() when the form is sent, not while rendering.
/**
 * Sign-in: the company's provider for staff when the site has one (issue 56), above the password.
 * An address of the provider's domains leads there: "Continue with <provider>", and where staff
 * sign in only through it, the password stays hidden unless asked for (a break-glass admin's).
 */
function SignInForm({
  next,
  onMode,
  initial,
  carried,
  sso,
  ssoFailure,
}: FormProps & { next: string | null; sso: SsoPublicInfo | null; ssoFailure: SsoFailureReason | null }) {
  const { register, getValues, watch, busy, formError, attempt, submit, errorOf } = useAccountForm<SignInInput>(
    signInSchema,
    { email: initial?.values['email'] ?? carried, password: '' },
    initial,
  );
  const honeypot = useRef<HTMLInputElement>(null);
  // What the address field holds (typed before the form's code loaded too).
  const typed = watch('email') ?? '';
  const [withPassword, setWithPassword] = useState(false);
  const owned = sso !== null && ownsAddress(sso.domains, typed.trim().toLowerCase());
  const passwordHidden = owned && sso.ssoOnly && !withPassword;

  const onValid = (values: SignInInput) =>
    attempt(async () => {
      const result = await postAuth<{ twoFactorRedirect?: boolean }>(
        'sign-in/email',
        { email: values.email, password: values.password, rememberMe: true },
        honeypot.current?.value,
      );
      if (result.twoFactorRedirect) return leave(`${CODE_STEP_PATH}${next ? `?next=${encodeURIComponent(next)}` : ''}`);
      return enterSignedIn(next);
    });

  return (
    <>
      {sso && (
        <div className="mb-6 space-y-4">
          {ssoFailure && <SsoFailure sso={sso} reason={ssoFailure} />}
          {!owned && <SsoButton sso={sso} next={next} />}
          {!owned && (
            <p className="flex items-center gap-3 text-xs text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
              or with your email address
            </p>
          )}
        </div>
      )}
      <AccountForm kind="sign-in" intro={<Notice toast={initial?.notice} />} error={formError} onSubmit={(event) => submit(onValid)(event)}>
        <FormField id="signin-email" label="Email" required error={errorOf('email')}>
          {(control) => <Input {...control} {...register('email')} defaultValue={initial?.values['email']} {...emailInput} />}
        </FormField>
        {owned && (
          <div className="space-y-3" role="group" aria-label={ssoTexts.ownedDomain(sso.name, domainOf(typed.trim()))}>
            <p className="rounded-md bg-primary-soft p-3 text-sm text-primary">{ssoTexts.ownedDomain(sso.name, domainOf(typed.trim()))}</p>
            <SsoButton sso={sso} next={next} email={typed.trim()} primary />
            {passwordHidden && (
              <div className="text-center text-sm">
                <SwitchLink onClick={() => setWithPassword(true)}>{ssoTexts.passwordInstead}</SwitchLink>
              </div>
            )}
          </div>
        )}
        {!passwordHidden && (
          <>
            <FormField id="signin-password" label="Password" required error={errorOf('password')}>
              {(control) => (
                <Input {...control} {...register('password')} type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} />
              )}
            </FormField>
            <div className="-mt-2 text-right text-sm">
              <SwitchLink onClick={() => onMode('forgot', getValues('email'))}>Forgot your password?</SwitchLink>
            </div>
          </>
        )}
        <Honeypot inputRef={honeypot} />
        {!passwordHidden && (
          <SubmitButton busy={busy} working="Signing in..." size="lg" variant={owned ? 'outline' : 'primary'} className="w-full">
            Sign In
          </SubmitButton>
        )}
        <p className="text-center text-sm text-muted-foreground">
          Don&apos;t have an account? <SwitchLink onClick={() => onMode('sign-up', getValues('email'))}>Sign up</SwitchLink>
        </p>
      </AccountForm>
    </>
  );
}

const emptySignUp: SignUpInput = { username: '', firstName: '', lastName: '', email: '', password: '' };

function SignUpForm({ onMode, initial, carried }: FormProps) {
  const { register, reset, getValues, busy, formError, attempt, submit, errorOf } = useAccountForm<SignUpInput>(
    signUpSchema,
    { ...emptySignUp, email: carried, ...initial?.values, password: '' },
    initial,
  );
  const honeypot = useRef<HTMLInputElement>(null);

  const onValid = (values: SignUpInput) =>
    attempt(async () => {
      const result = await postAuth<{ token?: string | null }>(
        'sign-up/email',
        {
          email: values.email,
          password: values.password,
          name: `${values.firstName.trim()} ${values.lastName.trim()}`,
          username: values.username,
          firstName: values.firstName,
          lastName: values.lastName,
        },
        honeypot.current?.value,
      );
      if (result.token) {
        await fetchSession();
        flashToast(accountToasts.signedUpSignedIn);
        return leave('/');
      }
      // No session until the address is verified: back to sign-in with a clean form (spec).
      reset(emptySignUp);
      showToast(accountToasts.signedUpCheckEmail);
      onMode('sign-in');
    });

  return (
    <AccountForm kind="sign-up" error={formError} onSubmit={(event) => submit(onValid)(event)}>
      <FormField
        id="signup-username"
        label="Username"
        required
        error={errorOf('username')}
        hint="3 to 30 letters, digits, dots, hyphens or underscores"
      >
        {(control) => (
          <Input {...control} {...register('username')} defaultValue={initial?.values['username']} autoComplete="username" maxLength={30} />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="signup-first-name" label="First name" required error={errorOf('firstName')}>
          {(control) => (
            <Input
              {...control}
              {...register('firstName')}
              defaultValue={initial?.values['firstName']}
              autoComplete="given-name"
              maxLength={100}
            />
          )}
        </FormField>
        <FormField id="signup-last-name" label="Last name" required error={errorOf('lastName')}>
          {(control) => (
            <Input
              {...control}
              {...register('lastName')}
              defaultValue={initial?.values['lastName']}
              autoComplete="family-name"
              maxLength={100}
            />
          )}
        </FormField>
      </div>
      <FormField id="signup-email" label="Email" required error={errorOf('email')}>
        {(control) => <Input {...control} {...register('email')} defaultValue={initial?.values['email']} {...emailInput} />}
      </FormField>
      <FormField
        id="signup-password"
        label="Password"
        required
        error={errorOf('password')}
        hint="At least 8 characters. A few unrelated words make a strong one."
      >
        {(control) => <Input {...control} {...register('password')} type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />}
      </FormField>
      <Honeypot inputRef={honeypot} />
      <PrivacyNote />
      <SubmitButton busy={busy} working="Creating account..." size="lg" className="w-full">
        Sign Up
      </SubmitButton>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account? <SwitchLink onClick={() => onMode('sign-in', getValues('email'))}>Sign in</SwitchLink>
      </p>
    </AccountForm>
  );
}

function ForgotPasswordForm({ onMode, initial, carried }: FormProps) {
  const { register, getValues, busy, formError, attempt, submit, errorOf } = useAccountForm<ForgotPasswordInput>(
    forgotPasswordSchema,
    { email: initial?.values['email'] ?? carried },
    initial,
  );
  const [sent, setSent] = useState(Boolean(initial?.notice));
  const honeypot = useRef<HTMLInputElement>(null);

  const onValid = (values: ForgotPasswordInput) =>
    attempt(async () => {
      await postAuth('request-password-reset', { email: values.email, redirectTo: '/auth/reset-password' }, honeypot.current?.value);
      setSent(true);
      showToast(accountToasts.resetLinkSent);
    });

  return (
    <AccountForm kind="forgot" error={formError} onSubmit={(event) => submit(onValid)(event)}>
      <FormField id="forgot-email" label="Email" required error={errorOf('email')}>
        {(control) => <Input {...control} {...register('email')} defaultValue={initial?.values['email']} {...emailInput} />}
      </FormField>
      <div aria-live="polite">
        {sent && (
          <p className="rounded-md bg-primary-soft p-3 text-sm text-primary">
            If an account exists for that address, a reset link is on its way. It works for one hour.
          </p>
        )}
      </div>
      <Honeypot inputRef={honeypot} />
      <SubmitButton busy={busy} working="Sending..." size="lg" className="w-full">
        Send reset link
      </SubmitButton>
      <p className="text-center text-sm text-muted-foreground">
        Remembered it? <SwitchLink onClick={() => onMode('sign-in', getValues('email'))}>Back to sign in</SwitchLink>
      </p>
    </AccountForm>
  );
}

/** The /auth page: sign-in by default, sign-up and password reset switched by links (spec section 2). */
export function AuthPanel({
  initialMode = 'sign-in',
  next: nextParam = null,
  initialState,
  sso = null,
  ssoFailure = null,
}: {
  initialMode?: AuthMode;
  next?: string | null;
  initialState?: AuthFormState;
  /** The company's provider for staff (issue 56), when the site has one. */
  sso?: SsoPublicInfo | null;
  /** Why the last sign-in through it did not work. */
  ssoFailure?: SsoFailureReason | null;
}) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  // The address typed in one form is there in the next (sign-in, then "Forgot your password?"):
  // also when the switch was pressed before the forms' code loaded, and typed meanwhile.
  const [carried, setCarried] = useState('');
  const switchTo = (next: AuthMode, email = '') => {
    setCarried(email);
    setMode(next);
  };
  // The server's answer belongs to the form it answered; a switched mode starts clean.
  const initial = initialState && initialState.kind === mode ? initialState : undefined;
  const next = safeNext(nextParam);
  const heading = headings[mode];
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // A switched mode is a new form: move focus to its heading so it is announced.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [mode]);

  return (
    <div className="rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none">
        {heading.title}
      </h1>
      <p className="mt-2 text-sm text-muted-foreground">{heading.lead}</p>
      <div className="mt-8">
        {mode === 'sign-in' && (
          <SignInForm next={next} onMode={switchTo} initial={initial} carried={carried} sso={sso} ssoFailure={ssoFailure} />
        )}
        {mode === 'sign-up' && <SignUpForm onMode={switchTo} initial={initial} carried={carried} />}
        {mode === 'forgot' && <ForgotPasswordForm onMode={switchTo} initial={initial} carried={carried} />}
      </div>
    </div>
  );
}
