import type { ReactNode } from 'react';
import { MeetingNote } from './MeetingNote';

/** "Send Us a Message": the heading, what to send, the meeting note, and the form (an island the page places). */
export function ContactFormSection({
  form,
  children,
  standalone = false,
}: {
  form?: ReactNode;
  children?: ReactNode;
  standalone?: boolean;
}) {
  // On a page of its own (the answer to a post without JavaScript) the heading is the page's.
  const Heading = standalone ? 'h1' : 'h2';
  return (
    <section aria-labelledby="contact-form-heading" className="bg-surface">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_1.6fr] lg:px-8 lg:py-20">
        <div>
          <Heading id="contact-form-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Send Us a Message
          </Heading>
          <p className="mt-4 text-lg leading-relaxed text-muted-foreground">
            Tell us about your project or question. Attach a brief or an RFP if you have one. Fields marked with an asterisk are required.
          </p>
          <MeetingNote />
        </div>
        <div className="rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8">
          {children}
          {form}
        </div>
      </div>
    </section>
  );
}
