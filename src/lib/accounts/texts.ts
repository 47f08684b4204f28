import type { FlashToast } from '../flash.ts';
import { emailMessage, errorToast } from '../forms.ts';

/** Every text of accounts: the sign-in and sign-up rules, the spec's toasts, the admin guard's answers. */

export const authMessages = {
  email: emailMessage,
  passwordRequired: 'Please enter your password',
  passwordLength: (min: number, max: number) => `Use ${min} to ${max} characters`,
  username: 'Use 3 to 30 letters, digits, dots, hyphens or underscores',
  usernameTaken: 'This username is already taken',
  name: 'Must be at least 2 characters long',
  nameCharacters: 'Can only contain letters, spaces, hyphens, and apostrophes',
  passwordsDiffer: 'The passwords do not match',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

/** Spec section 8, word for word, plus the few our own flows need. */
export const accountToasts = {
  signedIn: { kind: 'success', title: 'Welcome back!', description: 'Successfully signed in' },
  signedInAdmin: { kind: 'success', title: 'Welcome back, Admin!', description: 'Successfully signed in to the admin dashboard' },
  signedUpCheckEmail: { kind: 'success', title: 'Sign up successful', description: 'Please check your email to verify your account' },
  signedUpSignedIn: { kind: 'success', title: 'Account created', description: 'You have been automatically logged in' },
  verified: { kind: 'success', title: 'Welcome!', description: 'Your email has been verified successfully.' },
  verificationLinkInvalid: errorToast('This verification link is invalid or has expired. Sign in to get a new one.'),
  loggedOut: { kind: 'success', title: 'Logged out successfully' },
  resetLinkSent: {
    kind: 'success',
    title: 'Check your email',
    description: 'If an account exists for that address, we have sent a link to reset your password.',
  },
  passwordUpdated: { kind: 'success', title: 'Password updated', description: 'Sign in with your new password.' },
  accessDenied: { kind: 'error', title: 'Access Denied', description: "You don't have permission to access this page." },
  roleChanged: { kind: 'success', title: 'User role updated successfully' },
  userDeleted: { kind: 'success', title: 'User deleted successfully' },
} as const satisfies Record<string, FlashToast>;

export function logoutFailedToast(message: string): FlashToast {
  return { kind: 'error', title: 'Error logging out', description: message };
}

/** The admin guard's refusals (spec section 5), as API and action errors. */
export const guardMessages = {
  anonymous: 'Not authenticated',
  forbidden: 'Not authorized',
} as const;

/** Refusals of the user commands in the admin area. */
export const userRuleMessages = {
  ownRole: 'You cannot change your own role. Ask another admin.',
  ownAccount: 'You cannot delete your own account here.',
  gone: 'This user no longer exists.',
  lastAdminDemoted: 'The last admin cannot be demoted.',
  lastAdminDeleted: 'The last admin cannot be deleted.',
} as const;
