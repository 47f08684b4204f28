import { CalendarCheck, CalendarX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { TimePicker, type PickerDay, type PickerTime } from './TimePicker';
import { ZonePicker, type ZonePickerProps } from './ZonePicker';

export interface BookingViewProps {
  state: 'confirmed' | 'cancelled' | 'past';
  heading: string;
  /** "Tuesday, December 1, 2026 at 9:00 AM CST", in the zone the guest chose. */
  when: string;
  with: string;
  what: 'meeting' | 'interview';
  maskedEmail: string;
  /** The page's own address (the manage link), for its forms. */
  action: string;
  /** Shown after a move or a cancellation, or a refusal. */
  notice?: { kind: 'status' | 'error'; text: string };
  /** Asking to confirm the cancellation (a second step, so a stray click cancels nothing). */
  confirmCancel: boolean;
  move?: { days: PickerDay[]; times: PickerTime[]; dayLabel: string; zone: string; zoneName: string };
  /** Its length in minutes, and an interview's position. */
  minutes: number;
  position?: string | null;
  /** Who cancelled it (the guest, or staff): the page says so. */
  cancelledBy?: 'guest' | 'staff' | null;
  /** An interview the candidate cancelled while its invitation stands: the link to choose a new time. */
  chooseAgainPath?: string | null;
  /** Just booked: the heading takes focus (booking-page.ts), so the confirmation is what is read first. */
  focusHeading?: boolean;
  /** The time zone control, shown above the times to move to (a form of its own). */
  zonePicker?: ZonePickerProps;
}

/**
 * A booking's own page (the manage link, issue 31): when and with whom, then move it (the same
 * free times as booking) or cancel it, both plain forms posted to this address.
 */
export function BookingView(props: BookingViewProps) {
  const { state, what } = props;
  const Icon = state === 'cancelled' ? CalendarX : CalendarCheck;
  return (
    <div className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-8">
      <section
        aria-labelledby="booking-heading"
        className="flex flex-col gap-4 rounded-2xl border border-border bg-white p-6 shadow-card sm:p-8"
      >
        <Icon aria-hidden="true" className={`size-10 ${state === 'cancelled' ? 'text-muted-foreground' : 'text-success'}`} />
        <h1
          id="booking-heading"
          className="text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl"
          {...(props.focusHeading ? { tabIndex: -1, 'data-focus-on-load': '' } : {})}
        >
          {props.heading}
        </h1>
        {props.notice && (
          <p
            role={props.notice.kind === 'error' ? 'alert' : 'status'}
            className={props.notice.kind === 'error' ? 'font-medium text-destructive' : 'font-medium'}
          >
            {props.notice.text}
          </p>
        )}
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">When</dt>
          <dd className={state === 'cancelled' ? 'text-muted-foreground line-through' : ''}>{props.when}</dd>
          <dt className="font-semibold">Length</dt>
          <dd>{props.minutes} minutes</dd>
          {props.position && (
            <>
              <dt className="font-semibold">Position</dt>
              <dd>{props.position}</dd>
            </>
          )}
          <dt className="font-semibold">With</dt>
          <dd>{props.with}</dd>
        </dl>
        {state === 'cancelled' && props.cancelledBy && (
          <p>{props.cancelledBy === 'guest' ? `You cancelled this ${what}.` : `We cancelled this ${what}.`}</p>
        )}
        {state === 'cancelled' && props.chooseAgainPath && (
          <div>
            <LinkButton href={props.chooseAgainPath}>Choose a new time</LinkButton>
          </div>
        )}
        {state === 'confirmed' && (
          <p className="text-sm text-muted-foreground">
            The invitation went to {props.maskedEmail}. This page is the link in it: keep it to move or cancel the {what}.
          </p>
        )}
        {state === 'cancelled' && what === 'meeting' && (
          <div>
            <LinkButton href="/contact/book">Book another time</LinkButton>
          </div>
        )}
        {state === 'past' && <p className="text-muted-foreground">This {what} has already taken place.</p>}
      </section>

      {state === 'confirmed' && props.confirmCancel && (
        <section
          aria-labelledby="cancel-heading"
          className="flex flex-col gap-4 rounded-2xl border border-destructive/40 bg-white p-6 sm:p-8"
        >
          <h2 id="cancel-heading" className="text-xl font-bold">
            Cancel this {what}?
          </h2>
          <p className="text-muted-foreground">Everyone invited gets a cancellation, and their calendars remove the {what}.</p>
          <form method="post" action={props.action} className="flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="cancel" />
            <Button type="submit" variant="destructive">
              Yes, cancel the {what}
            </Button>
            <LinkButton href={props.action} variant="outline">
              Keep it
            </LinkButton>
          </form>
        </section>
      )}

      {state === 'confirmed' && !props.confirmCancel && props.move && (
        <>
          <section aria-labelledby="move-heading" className="flex flex-col gap-4 rounded-2xl border border-border bg-white p-6 sm:p-8">
            <h2 id="move-heading" className="text-xl font-bold">
              Move to another time
            </h2>
            {props.zonePicker && <ZonePicker {...props.zonePicker} />}
            {props.move.days.length === 0 ? (
              <p className="text-muted-foreground">
                {what === 'interview'
                  ? 'No other time is free for everyone on the interview.'
                  : 'No other time is free in the next 14 days.'}
              </p>
            ) : (
              <form method="post" action={props.action} className="flex flex-col gap-4">
                <input type="hidden" name="intent" value="move" />
                <input type="hidden" name="time_zone" value={props.move.zone} />
                <TimePicker
                  days={props.move.days}
                  times={props.move.times}
                  selected=""
                  dayLabel={props.move.dayLabel}
                  zoneName={props.move.zoneName}
                />
                <div>
                  <Button type="submit">Move the {what}</Button>
                </div>
              </form>
            )}
          </section>
          <section
            aria-labelledby="cancel-ask-heading"
            className="flex flex-col items-start gap-3 rounded-2xl border border-border bg-white p-6 sm:p-8"
          >
            <h2 id="cancel-ask-heading" className="text-xl font-bold">
              Cannot make it?
            </h2>
            <LinkButton href={`${props.action}?cancel=1`} variant="outline">
              Cancel the {what}
            </LinkButton>
          </section>
        </>
      )}
    </div>
  );
}
