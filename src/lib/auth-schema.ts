import { z } from 'zod/mini';

/**
 * The auth page's rules (spec section 5: email and password required; sign-up adds username,
 * first and last name), shared by the forms and the server. Passwords: 8 to 128 characters and
 * no composition rules (NIST SP 800-63B).
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const authMessages = {
  email: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password',
  passwordLength: `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`,
  username: 'Use 3 to 30 letters, digits, dots, hyphens or underscores',
  usernameTaken: 'This username is already taken',
  name: 'Must be at least 2 characters long',
  nameCharacters: 'Can only contain letters, spaces, hyphens, and apostrophes',
  passwordsDiffer: 'The passwords do not match',
} as const;

const email = z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, authMessages.email), z.email(authMessages.email));
const name = z
  .string()
  .check(
    z.trim(),
    z.minLength(2, authMessages.name),
    z.maxLength(100, authMessages.name),
    z.regex(/^[\p{L}\p{M}\s'’-]+$/u, authMessages.nameCharacters),
  );
const newPassword = z
  .string()
  .check(z.minLength(PASSWORD_MIN, authMessages.passwordLength), z.maxLength(PASSWORD_MAX, authMessages.passwordLength));

export const usernameSchema = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_.-]{3,30}$/, authMessages.username));

export const signInSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, authMessages.passwordRequired), z.maxLength(PASSWORD_MAX, authMessages.passwordLength)),
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
