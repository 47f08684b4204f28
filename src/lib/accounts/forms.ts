import type { FlashToast } from '../flash.ts';

/** The auth forms the server can answer as plain HTML posts (before hydration, without JavaScript). */
export type AuthFormKind = 'sign-in' | 'sign-up' | 'forgot' | 'reset' | 'verify' | 'totp' | 'backup-code';

/** A form as the server answers a plain post: what was typed (never a password or code), and what went wrong. */
export interface AuthFormState {
  kind: AuthFormKind;
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  /** The error beside the form (role=alert), e.g. "Invalid email or password". */
  formError?: string;
  /** A confirmation (a link was sent). */
  notice?: FlashToast;
}

/** The hidden field naming which form a plain post comes from. */
export const FORM_KIND_FIELD = 'form';
