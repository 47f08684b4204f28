import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
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
import { accountToasts } from '@/lib/accounts/texts';
import { errorToast } from '@/lib/forms';
import { AuthRequestError, fetchSession, postAuth, safeNext } from './auth-client';

export type AuthMode = 'sign-in' | 'sign-up' | 'forgot';

const headings: Record<AuthMode, { title: string; lead: string }> = {
  'sign-in': { title: 'Sign In', lead: 'Welcome back. Sign in with your email address and password.' },
  'sign-up': { title: 'Create an account', lead: 'Sign up with your email address. We will send you a link to confirm it.' },
  forgot: {
    title: 'Reset your password',
    lead: 'Enter the email address of your account and we will send you a link to choose a new password.',
  },
};

function authError(error: unknown) {
  const message = error instanceof Error ? error.message : 'Something went wrong. Please try again.';
  const unverified = error instanceof AuthRequestError && error.code === 'EMAIL_NOT_VERIFIED';
  showToast(errorToast(unverified ? `${message}. We have sent you a new verification link.` : message));
}

function SubmitButton({ busy, idle, working }: { busy: boolean; idle: string; working: string }) {
  return (
    <Button type="submit" size="lg" disabled={busy} className="w-full">
      {busy ? (
        <>
          <LoaderCircle aria-hidden="true" className="animate-spin" />
          {working}
        </>
      ) : (
        idle
      )}
    </Button>
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

// The forms say method="post": submitted before the island hydrates, a password must never end
// up in a URL (a GET form would put it in the address bar and history).
function SignInForm({ next, onMode }: { next: string | null; onMode: (mode: AuthMode) => void }) {
  const { register, handleSubmit, formState } = useForm<SignInInput>({
    mode: 'onTouched',
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const [busy, setBusy] = useState(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const { errors } = formState;

  async function onValid(values: SignInInput) {
    setBusy(true);
    try {
      await postAuth('sign-in/email', { email: values.email, password: values.password, rememberMe: true }, honeypot.current?.value);
      const session = await fetchSession();
      flashToast(session.isAdmin ? accountToasts.signedInAdmin : accountToasts.signedIn);
      window.location.assign(session.isAdmin ? '/admin' : (next ?? '/'));
    } catch (error) {
      setBusy(false);
      authError(error);
    }
  }

  return (
    <form method="post" noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="flex flex-col gap-5">
      <FormField id="signin-email" label="Email" required error={errors.email?.message}>
        {(control) => <Input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" maxLength={254} />}
      </FormField>
      <FormField id="signin-password" label="Password" required error={errors.password?.message}>
        {(control) => (
          <Input {...control} {...register('password')} type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} />
        )}
      </FormField>
      <div className="-mt-2 text-right text-sm">
        <SwitchLink onClick={() => onMode('forgot')}>Forgot your password?</SwitchLink>
      </div>
      <Honeypot inputRef={honeypot} />
      <SubmitButton busy={busy} idle="Sign In" working="Signing in..." />
      <p className="text-center text-sm text-muted-foreground">
        Don&apos;t have an account? <SwitchLink onClick={() => onMode('sign-up')}>Sign up</SwitchLink>
      </p>
    </form>
  );
}

const emptySignUp: SignUpInput = { username: '', firstName: '', lastName: '', email: '', password: '' };

function SignUpForm({ onMode }: { onMode: (mode: AuthMode) => void }) {
  const { register, handleSubmit, reset, formState } = useForm<SignUpInput>({
    mode: 'onTouched',
    resolver: zodResolver(signUpSchema),
    defaultValues: emptySignUp,
  });
  const [busy, setBusy] = useState(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const { errors } = formState;

  async function onValid(values: SignUpInput) {
    setBusy(true);
    try {
      const result = await postAuth<{ token?: string | null }>(
        'sign-up/email',
        {
          email: values.email,
          password: values.password,
          name: `${values.firstName.trim()} ${values.lastName.trim()}`,
          username: values.username,
          firstName: values.firstName,
          lastName: values.lastName,
          callbackURL: '/auth/verified',
        },
        honeypot.current?.value,
      );
      if (result.token) {
        await fetchSession();
        flashToast(accountToasts.signedUpSignedIn);
        window.location.assign('/');
        return;
      }
      // No session until the address is verified: back to sign-in with a clean form (spec).
      reset(emptySignUp);
      setBusy(false);
      showToast(accountToasts.signedUpCheckEmail);
      onMode('sign-in');
    } catch (error) {
      setBusy(false);
      authError(error);
    }
  }

  return (
    <form method="post" noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="flex flex-col gap-5">
      <FormField
        id="signup-username"
        label="Username"
        required
        error={errors.username?.message}
        hint="3 to 30 letters, digits, dots, hyphens or underscores"
      >
        {(control) => <Input {...control} {...register('username')} autoComplete="username" maxLength={30} />}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="signup-first-name" label="First name" required error={errors.firstName?.message}>
          {(control) => <Input {...control} {...register('firstName')} autoComplete="given-name" maxLength={100} />}
        </FormField>
        <FormField id="signup-last-name" label="Last name" required error={errors.lastName?.message}>
          {(control) => <Input {...control} {...register('lastName')} autoComplete="family-name" maxLength={100} />}
        </FormField>
      </div>
      <FormField id="signup-email" label="Email" required error={errors.email?.message}>
        {(control) => <Input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" maxLength={254} />}
      </FormField>
      <FormField
        id="signup-password"
        label="Password"
        required
        error={errors.password?.message}
        hint="At least 8 characters. A few unrelated words make a strong one."
      >
        {(control) => <Input {...control} {...register('password')} type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />}
      </FormField>
      <Honeypot inputRef={honeypot} />
      <SubmitButton busy={busy} idle="Sign Up" working="Creating account..." />
      <p className="text-center text-sm text-muted-foreground">
        Already have an account? <SwitchLink onClick={() => onMode('sign-in')}>Sign in</SwitchLink>
      </p>
    </form>
  );
}

function ForgotPasswordForm({ onMode }: { onMode: (mode: AuthMode) => void }) {
  const { register, handleSubmit, formState } = useForm<ForgotPasswordInput>({
    mode: 'onTouched',
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const honeypot = useRef<HTMLInputElement>(null);

  async function onValid(values: ForgotPasswordInput) {
    setBusy(true);
    try {
      await postAuth('request-password-reset', { email: values.email, redirectTo: '/auth/reset-password' }, honeypot.current?.value);
      setSent(true);
      showToast(accountToasts.resetLinkSent);
    } catch (error) {
      authError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="flex flex-col gap-5">
      <FormField id="forgot-email" label="Email" required error={formState.errors.email?.message}>
        {(control) => <Input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" maxLength={254} />}
      </FormField>
      <div aria-live="polite">
        {sent && (
          <p className="rounded-md bg-primary-soft p-3 text-sm text-primary">
            If an account exists for that address, a reset link is on its way. It works for one hour.
          </p>
        )}
      </div>
      <Honeypot inputRef={honeypot} />
      <SubmitButton busy={busy} idle="Send reset link" working="Sending..." />
      <p className="text-center text-sm text-muted-foreground">
        Remembered it? <SwitchLink onClick={() => onMode('sign-in')}>Back to sign in</SwitchLink>
      </p>
    </form>
  );
}

/** The /auth page: sign-in by default, sign-up and password reset switched by links (spec section 2). */
export function AuthPanel({ initialMode = 'sign-in', next: nextParam = null }: { initialMode?: AuthMode; next?: string | null }) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
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
        {mode === 'sign-in' && <SignInForm next={next} onMode={setMode} />}
        {mode === 'sign-up' && <SignUpForm onMode={setMode} />}
        {mode === 'forgot' && <ForgotPasswordForm onMode={setMode} />}
      </div>
    </div>
  );
}
