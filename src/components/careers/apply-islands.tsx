import { deferUntilUsed } from '@/components/ui/deferred';

/**
 * The apply page's islands: the form's code (react-hook-form, the schema, the upload and the
 * texts) loads when the form is first used (components/ui/deferred.tsx, decision 051), so the page
 * itself ships React and little more. A position with questions of its own has its island.
 */
const onServer = import.meta.env.SSR
  ? { ...(await import('./ApplicationForm')), ...(await import('./ApplicationFormWithQuestions')) }
  : undefined;

export const ApplicationForm = deferUntilUsed(() => import('./ApplicationForm').then((m) => m.ApplicationForm), onServer?.ApplicationForm);
export const ApplicationFormWithQuestions = deferUntilUsed(
  () => import('./ApplicationFormWithQuestions').then((m) => m.ApplicationFormWithQuestions),
  onServer?.ApplicationFormWithQuestions,
);
