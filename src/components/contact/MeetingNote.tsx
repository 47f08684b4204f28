import { siteConfig } from '@/lib/site-config';

/**
 * What "Book a Meeting" does, said as it is (DECISIONS.md): nobody is told until the visitor sends
 * the invitation, so the page promises no confirmation the site does not send.
 */
export function MeetingNote() {
  return (
    <div className="mt-6 flex flex-col gap-2 text-sm text-muted-foreground">
      <p>
        Prefer a call? <strong className="font-semibold text-foreground">Book a Meeting</strong> opens Google Calendar with a 30-minute call
        at the first free half hour of our business hours ({siteConfig.businessHours}) a week from now, and us ({siteConfig.email}) as a
        guest. Save it and send the invitation: we accept it or suggest another time by e-mail.
      </p>
      <p>
        Another calendar?{' '}
        <a className="font-semibold text-primary underline-offset-4 hover:underline" href="/contact/meeting.ics">
          Download the same event (.ics)
        </a>{' '}
        and send the invitation from there.
      </p>
    </div>
  );
}
