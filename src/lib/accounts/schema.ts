import { z } from 'zod/mini';
import { emailField as email, textField } from '../forms.ts';
import { roles, staffRoles } from './roles.ts';
import { authMessages } from './texts.ts';

/**
 * The auth page's rules (spec section 5: email and password required; sign-up adds username,
 * first and last name), shared by the forms and the server. Passwords: 8 to 128 characters and
 * no composition rules (NIST SP 800-63B).
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
const passwordLength = authMessages.passwordLength(PASSWORD_MIN, PASSWORD_MAX);

const name = textField(
  z.trim(),
  z.minLength(2, authMessages.name),
  z.maxLength(100, authMessages.name),
  z.regex(/^[\p{L}\p{M}\s'’-]+$/u, authMessages.nameCharacters),
);
const newPassword = z.string().check(z.minLength(PASSWORD_MIN, passwordLength), z.maxLength(PASSWORD_MAX, passwordLength));

export const usernameSchema = textField(z.trim(), z.regex(/^[A-Za-z0-9_.-]{3,30}$/, authMessages.username));

export const signInSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, authMessages.passwordRequired), z.maxLength(PASSWORD_MAX, passwordLength)),
});

/** The profile an account page edits: the sign-up rules for the same fields. */
export const profileSchema = z.object({
  username: usernameSchema,
  firstName: name,
  lastName: name,
});

export const signUpSchema = z.object({
  username: usernameSchema,
  firstName: name,
  lastName: name,
  email,
  password: newPassword,
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .check(
    z.refine((value) => value.password === value.confirmPassword, { message: authMessages.passwordsDiffer, path: ['confirmPassword'] }),
  );

/** Confirming an address from the e-mailed link: the verifier chooses the password (decision 028). */
export const verifyEmailSchema = z
  .object({ token: z.string().check(z.minLength(1), z.maxLength(2000)), password: newPassword, confirmPassword: z.string() })
  .check(
    z.refine((value) => value.password === value.confirmPassword, { message: authMessages.passwordsDiffer, path: ['confirmPassword'] }),
  );

const currentPassword = z.string().check(z.minLength(1, authMessages.currentPasswordRequired), z.maxLength(PASSWORD_MAX, passwordLength));

export const changePasswordSchema = z
  .object({ currentPassword, newPassword, confirmPassword: z.string() })
  .check(
    z.refine((value) => value.newPassword === value.confirmPassword, { message: authMessages.passwordsDiffer, path: ['confirmPassword'] }),
  );

/** A code from an authenticator app (6 digits, spaces allowed) or a backup code (xxxxx-xxxxx). */
export const TOTP_DIGITS = 6;
export const totpCodeSchema = z.string().check(
  z.overwrite((value) => value.replace(/\s+/g, '')),
  z.regex(/^\d{6}$/, authMessages.totpCode),
);
export const backupCodeSchema = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, authMessages.backupCode));

export const twoFactorCodeSchema = z.object({ code: totpCodeSchema });
export const twoFactorBackupCodeSchema = z.object({ code: backupCodeSchema });
export const passwordConfirmSchema = z.object({ password: currentPassword });
export const disableTwoFactorSchema = z.object({ password: currentPassword, code: totpCodeSchema });

/** An invitation: who, and with which role (chosen every time: there is no default). Accepting it sets a name and a password. */
export const invitationSchema = z.object({ email, role: z.enum(staffRoles, { error: authMessages.roleRequired }) });
export const acceptInvitationSchema = z
  .object({ firstName: name, lastName: name, password: newPassword, confirmPassword: z.string() })
  .check(
    z.refine((value) => value.password === value.confirmPassword, { message: authMessages.passwordsDiffer, path: ['confirmPassword'] }),
  );

export type SignInInput = z.input<typeof signInSchema>;
export type ProfileInput = z.input<typeof profileSchema>;
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type InvitationInput = z.input<typeof invitationSchema>;
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;
export type SignUpInput = z.input<typeof signUpSchema>;
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** Roles (spec section 6, and the staff roles of DECISIONS): src/lib/accounts/roles.ts. */
export { roles, type Role };
import type { Role } from './roles.ts';

/** Sessions: aal1 after a password, aal2 after a second factor (spec section 4). */
export const assuranceLevels = ['aal1', 'aal2'] as const;
export type AssuranceLevel = (typeof assuranceLevels)[number];

const userId = textField(z.minLength(1), z.maxLength(100));
export const roleChangeSchema = z.object({ userId, role: z.enum(roles, { error: authMessages.roleRequired }) });
export const userIdSchema = z.object({ userId });
export const sessionIdSchema = z.object({ sessionId: textField(z.minLength(1), z.maxLength(100)) });
export const invitationIdSchema = z.object({ invitationId: z.uuid() });

/** The users table: 50 a page, searched by name, e-mail or username. */
export const USERS_PER_PAGE = 50;
