/**
 * The contact page's islands, imported by it from this one module: they share one script file (the
 * `contact` group's) instead of a one-line re-export file each (docs/decisions/016).
 */
export { ContactFaq } from './ContactFaq';
export { ContactForm } from './ContactForm';
export { ContactHeroActions } from './ContactHeroActions';
export { OfficesPanel } from './OfficesPanel';
