import { deferUntilUsed } from '@/components/ui/deferred';

/**
 * The contact page's islands, imported by it from this one module: they share one script file (the
 * `contact` group's) instead of a one-line re-export file each (docs/decisions/016). The form's code
 * (react-hook-form, its schema and texts) loads when the form is first used
 * (components/ui/deferred.tsx, decision 051).
 */
export { ContactFaq } from './ContactFaq';
export { ContactHeroActions } from './ContactHeroActions';
export { OfficesPanel } from './OfficesPanel';

const onServer = import.meta.env.SSR ? await import('./ContactForm') : undefined;

export const ContactForm = deferUntilUsed(() => import('./ContactForm').then((m) => m.ContactForm), onServer?.ContactForm);
