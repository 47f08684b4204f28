import type { FlashToast } from '../flash.ts';
import { emailMessage, errorToast } from '../forms.ts';
import { roleDescriptions, roleLabels, withArticle, type Role } from './roles.ts';

/** Every text of accounts: the sign-in and sign-up rules, the spec's toasts, the admin guard's answers. */

export const authMessages = {
  roleRequired: 'Choose a role',
  email: emailMessage,
  passwordRequired: 'Please enter your password',
  passwordLength: (min: number, max: number) => `Use ${min} to ${max} characters`,
  username: 'Use 3 to 30 letters, digits, dots, hyphens or underscores',
  usernameTaken: 'This username is already taken',
  name: 'Must be at least 2 characters long',
  nameCharacters: 'Can only contain letters, spaces, hyphens, and apostrophes',
  passwordsDiffer: 'The passwords do not match',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  currentPasswordRequired: 'Please enter your current password',
  commonPassword: 'This password is one of the most common passwords, which attackers try first. Choose another one.',
  totpCode: 'Enter the 6-digit code from your authenticator app',
  backupCode: 'Enter a backup code like abcde-12345',
  invalidCode: 'That code is not right. Enter the current 6-digit code from your authenticator app.',
  invalidBackupCode: 'That backup code is not valid or was already used.',
  codeAttemptsExhausted: 'Too many wrong codes. Sign in again with your password.',
  factorLocked: 'Too many wrong codes for this account. Wait 15 minutes and try again.',
  signInExpired: 'Your sign-in has expired. Sign in again with your password.',
  accountLocked:
    'Too many failed sign-ins for this account. It is locked for 15 minutes; we have e-mailed its owner. Reset the password to unlock it now.',
  accountLockedHere: 'Too many failed sign-ins for this account from your network. Wait 15 minutes, or reset the password to sign in now.',
  wrongPassword: 'The password is not right.',
  invalidRedirect: 'Only addresses on this site can be used as a return address.',
  notFound: 'Not found',
  badRequest: 'The request could not be read.',
  preHydration: 'The page had not finished loading. Nothing was lost: check the form and send it again.',
} as const;

/** The messages Better Auth answers with, by code, in our words (src/server/accounts/auth-handler.ts). */
export const authErrorMessages: Record<string, string> = {
  INVALID_CODE: authMessages.invalidCode,
  INVALID_BACKUP_CODE: authMessages.invalidBackupCode,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: authMessages.codeAttemptsExhausted,
  ACCOUNT_TEMPORARILY_LOCKED: authMessages.factorLocked,
  INVALID_TWO_FACTOR_COOKIE: authMessages.signInExpired,
  INVALID_PASSWORD: authMessages.wrongPassword,
};

/** The second factor: enrolment, the sign-in code step, disabling, resetting. */
export const twoFactorTexts = {
  sectionTitle: 'Two-factor authentication',
  on: 'On: signing in asks for a code from your authenticator app.',
  off: 'Off: your password alone signs you in.',
  requiredForAdmins: 'Admins must turn on two-factor authentication before they can use the admin area.',
  start: 'Set up two-factor authentication',
  startLead: 'Confirm your password to start. You will need an authenticator app on your phone (any app that supports TOTP codes).',
  scan: 'Scan this QR code with your authenticator app',
  manual: 'Or enter this key by hand',
  confirmLead: 'Then enter the 6-digit code the app shows to confirm.',
  confirm: 'Confirm and turn on',
  backupTitle: 'Save your backup codes',
  backupLead:
    'Each code signs you in once if you lose your phone. They are shown only now: copy or download them and keep them somewhere safe.',
  copy: 'Copy codes',
  copied: 'Backup codes copied',
  download: 'Download .txt',
  done: 'I have saved my codes',
  disable: 'Turn off two-factor authentication',
  disableLead: 'Enter your password and a current code from your authenticator app.',
  disabled: 'Two-factor authentication is off',
  enabled: 'Two-factor authentication is on',
  codeStepTitle: 'Enter your code',
  codeStepLead: 'Open your authenticator app and enter the 6-digit code for Helixpoint.',
  useBackup: 'Use a backup code instead',
  useApp: 'Use a code from the app instead',
  backupStepLead: 'Enter one of the backup codes you saved when you set up two-factor authentication. Each works once.',
  verify: 'Verify',
  verifying: 'Verifying...',
  enrolTitle: 'Set up two-factor authentication to continue',
  enrolLead: 'Your account is an admin account. Admins must use a second factor: set it up below, then the admin area opens.',
  reset: 'Reset 2FA',
  resetTitle: (name: string) => `Reset two-factor authentication for ${name}?`,
  resetDescription: (name: string) =>
    `${name} will sign in with their password alone until they set up a new authenticator. Do this only after checking who is asking.`,
  resetDone: 'Two-factor authentication reset',
  resetOwn: 'You cannot reset your own second factor here. Turn it off on your account page.',
  notEnabled: 'This account has no second factor.',
} as const;

/** The account page (/account). */
export const accountTexts = {
  title: 'Your account',
  profile: 'Profile',
  profileSaved: 'Profile saved',
  password: 'Password',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  sessions: 'Active sessions',
  sessionsLead: 'Where your account is signed in now.',
  thisSession: 'This session',
  signOutOthers: 'Sign out everywhere else',
  signedOutOthers: 'Signed out of every other session',
  signOutSession: 'Sign out',
  sessionEnded: 'Session signed out',
  deleteTitle: 'Delete my account',
  deleteLead: 'This removes your profile, your sessions and your second factor. It cannot be undone.',
  deleteConfirm: 'Delete my account',
  deleted: 'Your account was deleted',
  lastAdmin: 'You are the last admin: make someone else admin before deleting your account.',
  unknownBrowser: 'Unknown browser',
} as const;

/** Invitations (admin area and the invitee's page). */
export const invitationTexts = {
  title: 'Invitations',
  invite: 'Invite',
  sent: (email: string) => `Invitation sent to ${email}`,
  resent: (email: string) => `Invitation sent again to ${email}`,
  revoked: (email: string) => `Invitation to ${email} revoked`,
  none: 'No pending invitations.',
  alreadyUser: 'This address already has an account.',
  gone: 'This invitation no longer exists.',
  invalid: 'This invitation link is invalid, was already used, or has expired. Ask an admin for a new one.',
  acceptTitle: 'Join Helixpoint',
  acceptLead: (email: string, role: Role) => `You were invited as ${withArticle(role)} with ${email}. Set your name and a password.`,
  accept: 'Create my account',
  accepted: { kind: 'success', title: 'Welcome to Helixpoint!', description: 'Your account is ready.' },
} as const;

/** Confirming an address: the e-mailed link's page, where the verifier chooses the password (decision 028). */
export const verifyEmailTexts = {
  title: 'Confirm your e-mail address',
  lead: (email: string) =>
    `Choose the password for ${email} to confirm the address and sign in. You can use the one you typed when you signed up.`,
  password: 'Password',
  repeat: 'Repeat the password',
  submit: 'Confirm and sign in',
  working: 'Confirming...',
  invalid:
    'This confirmation link is invalid, has expired, or was already used. Sign up again with the same address for a new one, or sign in if your address is confirmed.',
} as const;

/** Spec section 8, word for word, plus the few our own flows need. */
export const accountToasts = {
  signedIn: { kind: 'success', title: 'Welcome back!', description: 'Successfully signed in' },
  signedInAdmin: { kind: 'success', title: 'Welcome back, Admin!', description: 'Successfully signed in to the admin dashboard' },
  signedInStaff: { kind: 'success', title: 'Welcome back!', description: 'Successfully signed in to the admin area' },
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
  enrolRequired: {
    kind: 'info',
    title: 'Set up two-factor authentication',
    description: 'Admins must use a second factor before they can use the admin area.',
  },
  userDeleted: { kind: 'success', title: 'User deleted successfully' },
} as const satisfies Record<string, FlashToast>;

/** The toast after a sign-in: the spec's welcome, worded for admins; an admin who must enrol is told that instead. */
export function signedInToast(who: { role: Role; isStaff: boolean; mustEnrol: boolean }): FlashToast {
  if (who.mustEnrol) return accountToasts.enrolRequired;
  // The spec's wording for admins; other staff are welcomed to the admin area without the title.
  if (who.role === 'admin') return accountToasts.signedInAdmin;
  return who.isStaff ? accountToasts.signedInStaff : accountToasts.signedIn;
}

export function logoutFailedToast(message: string): FlashToast {
  return { kind: 'error', title: 'Error logging out', description: message };
}

/** The admin guard's refusals (spec section 5), as API and action errors. */
export const guardMessages = {
  anonymous: 'Not authenticated',
  forbidden: 'Not authorized',
  /** An admin without a verified factor (ADMIN_REQUIRE_2FA), or whose session skipped the code step. */
  secondFactor: 'Not authorized: confirm your second factor first',
} as const;

/** The page a staff member gets for a page their role may not use (403), instead of a redirect. */
export const noAccessTexts = {
  title: 'No access',
  heading: 'You don’t have access to this page',
  body: (role: string) => `Your role (${role}) does not include this page. If you need it for your work, ask an admin.`,
  ask: 'You don’t have access to this page; ask an admin.',
  goTo: 'Go to your start page',
} as const;

/** Refusals of the user commands in the admin area. */
export const userRuleMessages = {
  ownRole: 'You cannot change your own role. Ask another admin.',
  ownAccount: 'You cannot delete your own account here.',
  gone: 'This user no longer exists.',
  lastAdminDemoted: 'The last admin cannot be demoted.',
  lastAdminDeleted: 'The last admin cannot be deleted.',
  roleConfirmTitle: (name: string, role: Role) => `Make ${name} ${withArticle(role)}?`,
  roleConfirmStaff: (name: string, email: string, role: Role) =>
    `${name} (${email}) will have this access: ${roleDescriptions[role]} Staff set up two-factor authentication at their next sign-in.`,
  roleConfirmUser: (name: string, email: string) => `${name} (${email}) will no longer be able to use the admin area.`,
  /** What the confirmation of a role change says: the access the person gets, or that they lose it. */
  roleConfirmDescription: (name: string, email: string, role: Role) =>
    role === 'user' ? userRuleMessages.roleConfirmUser(name, email) : userRuleMessages.roleConfirmStaff(name, email, role),
  roleConfirm: (role: Role) => `Make ${roleLabels[role].toLowerCase()}`,
  unverifiedAdmin: 'Only an account with a verified e-mail address can be given a staff role.',
} as const;
