import { deferUntilUsed } from '@/components/ui/deferred';

/**
 * The account pages' islands: each form's code (react-hook-form, the schemas, the texts) loads when
 * the form is first used (components/ui/deferred.tsx, decision 051). Imported by the pages from here.
 */
const onServer = import.meta.env.SSR
  ? {
      ...(await import('./AuthPanel')),
      ...(await import('./NewPasswordForm')),
      ...(await import('./TwoFactorStep')),
      ...(await import('./AcceptInvitationForm')),
    }
  : undefined;

export const AuthPanel = deferUntilUsed(() => import('./AuthPanel').then((m) => m.AuthPanel), onServer?.AuthPanel);
export const NewPasswordForm = deferUntilUsed(() => import('./NewPasswordForm').then((m) => m.NewPasswordForm), onServer?.NewPasswordForm);
export const TwoFactorStep = deferUntilUsed(() => import('./TwoFactorStep').then((m) => m.TwoFactorStep), onServer?.TwoFactorStep);
export const AcceptInvitationForm = deferUntilUsed(
  () => import('./AcceptInvitationForm').then((m) => m.AcceptInvitationForm),
  onServer?.AcceptInvitationForm,
);
