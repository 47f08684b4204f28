import { z } from 'zod/mini';
import { emailField as email } from '../forms.ts';
import { authMessages } from './texts.ts';

/**
 * The auth page's rules (spec section 5: email and password required; sign-up adds username,
 * first and last name), shared by the forms and the server. Passwords: 8 to 128 characters and
 * no composition rules (NIST SP 800-63B).
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
const passwordLength = authMessages.passwordLength(PASSWORD_MIN, PASSWORD_MAX);

const name = z
  .string()
  .check(
    z.trim(),
    z.minLength(2, authMessages.name),
    z.maxLength(100, authMessages.name),
    z.regex(/^[\p{L}\p{M}\s'’-]+$/u, authMessages.nameCharacters),
  );
const newPassword = z.string().check(z.minLength(PASSWORD_MIN, passwordLength), z.maxLength(PASSWORD_MAX, passwordLength));

export const usernameSchema = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_.-]{3,30}$/, authMessages.username));

export const signInSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, authMessages.passwordRequired), z.maxLength(PASSWORD_MAX, passwordLength)),
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

export type SignInInput = z.input<typeof signInSchema>;
export type SignUpInput = z.input<typeof signUpSchema>;
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** Roles (spec section 6): who may enter the admin area is decided by this column, on the server. */
export const roles = ['user', 'admin'] as const;
export type Role = (typeof roles)[number];

const userId = z.string().check(z.minLength(1), z.maxLength(100));
export const roleChangeSchema = z.object({ userId, role: z.enum(roles) });
export const userIdSchema = z.object({ userId });
