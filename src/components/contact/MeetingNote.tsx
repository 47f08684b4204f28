/** What "Book a Meeting" does, said as it is: a real time with one of us, and an invitation by e-mail (issue 31). */
export function MeetingNote() {
  return (
    <div className="mt-6 flex flex-col gap-2 text-sm text-muted-foreground">
      <p>
        Prefer a call?{' '}
        <a className="font-semibold text-primary underline-offset-4 hover:underline" href="/contact/book">
          Book a Meeting
        </a>{' '}
        shows the times when one of our team is free for 30 minutes, in your time zone. Pick one and you get a calendar invitation by
        e-mail, with a link to move or cancel it.
      </p>
    </div>
  );
}
