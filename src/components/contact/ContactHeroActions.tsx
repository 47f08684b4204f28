import { CalendarPlus, MessageSquare, Phone } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { siteConfig } from '@/lib/site-config';

export const CONTACT_FORM_ID = 'contact-form';

/** The hero's three buttons; Book a Meeting leads to the free times of our team (/contact/book, issue 31). */
export function ContactHeroActions() {
  function sendMessage() {
    const form = document.getElementById(CONTACT_FORM_ID);
    if (!form) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    form.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    // The first field; after a message was sent, the confirmation's "Send another message".
    form.querySelector<HTMLElement>('input, select, textarea, button')?.focus({ preventScroll: true });
  }

  return (
    <>
      <button type="button" onClick={sendMessage} className={buttonVariants({ variant: 'inverse', size: 'lg' })}>
        <MessageSquare aria-hidden="true" />
        Send Us a Message
      </button>
      <a href={`tel:${siteConfig.phone.tel}`} className={buttonVariants({ variant: 'inverse-outline', size: 'lg' })}>
        <Phone aria-hidden="true" />
        Call Now
      </a>
      <a href="/contact/book" className={buttonVariants({ variant: 'inverse-outline', size: 'lg' })}>
        <CalendarPlus aria-hidden="true" />
        Book a Meeting
      </a>
    </>
  );
}
