import { CalendarPlus, MessageSquare, Phone } from 'lucide-react';
import { useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { googleCalendarUrl } from '@/lib/meeting';
import { siteConfig } from '@/lib/site-config';

export const CONTACT_FORM_ID = 'contact-form';

/**
 * The hero's three buttons. The meeting link is computed in the browser at the moment it is used:
 * the page is prerendered, and "7 days from now" must mean from the click.
 */
export function ContactHeroActions() {
  const [meetingHref, setMeetingHref] = useState('https://calendar.google.com/calendar/render?action=TEMPLATE');

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
      <a
        href={meetingHref}
        target="_blank"
        rel="noopener noreferrer"
        onPointerDown={() => setMeetingHref(googleCalendarUrl(new Date()))}
        onFocus={() => setMeetingHref(googleCalendarUrl(new Date()))}
        onClick={(event) => {
          event.currentTarget.href = googleCalendarUrl(new Date());
        }}
        className={buttonVariants({ variant: 'inverse-outline', size: 'lg' })}
      >
        <CalendarPlus aria-hidden="true" />
        Book a Meeting
        <span className="sr-only"> (opens Google Calendar in a new tab)</span>
      </a>
    </>
  );
}
