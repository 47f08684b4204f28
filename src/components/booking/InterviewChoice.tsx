import { CalendarClock, CalendarX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { interviewTexts } from '@/lib/scheduling/interview-form';
import { TimePicker, type PickerDay, type PickerTime } from './TimePicker';
import { ZonePicker, type ZonePickerProps } from './ZonePicker';

export interface InterviewChoiceProps {
  position: string;
  durationMinutes: number;
  interviewers: string;
  /** The page's own address (the invitation link), for its form. */
  action: string;
  state:
    | {
        kind: 'open';
        days: PickerDay[];
        times: PickerTime[];
        dayLabel: string;
        /** The day shown (YYYY-MM-DD): a change of zone keeps it. */
        current: string | null;
        zone: string;
        zoneName: string;
        selected: string;
        /** The interview booked before and cancelled: when it was, and by whom. */
        cancelled: Cancelled | null;
      }
    | { kind: 'booked'; when: string | null; managePath: string | null }
    | { kind: 'withdrawn'; cancelled: Cancelled | null }
    | { kind: 'closed' };
  /** A refusal (taken meanwhile, not offered). */
  error?: string;
  /** The time zone control, above the times (a form of its own). */
  zonePicker?: ZonePickerProps;
}

export interface Cancelled {
  when: string;
  by: 'guest' | 'staff';
}

/** "You cancelled your interview of Tuesday, December 1 at 10:00." (or "We cancelled …"). */
const cancelledText = (cancelled: Cancelled) => `${cancelled.by === 'guest' ? 'You' : 'We'} cancelled your interview of ${cancelled.when}.`;

const card = 'flex flex-col gap-4 rounded-2xl border border-border bg-white p-6 shadow-card sm:p-8';

/**
 * A candidate's interview invitation (issue 31): the position, the length and the interviewers,
 * then the times when every interviewer is free in the candidate's zone, as a plain form (it works
 * without JavaScript); once booked, where to move or cancel it.
 */
export function InterviewChoice(props: InterviewChoiceProps) {
  const { state } = props;
  const facts = (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      <dt className="font-semibold">Position</dt>
      <dd>{props.position}</dd>
      <dt className="font-semibold">Length</dt>
      <dd>{props.durationMinutes} minutes</dd>
      <dt className="font-semibold">With</dt>
      <dd>{props.interviewers}</dd>
    </dl>
  );
  if (state.kind !== 'open') {
    const booked = state.kind === 'booked';
    const Icon = booked ? CalendarClock : CalendarX;
    return (
      <section aria-labelledby="interview-heading" className={card}>
        <Icon aria-hidden="true" className={`size-10 ${booked ? 'text-success' : 'text-muted-foreground'}`} />
        <h1 id="interview-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {booked
            ? interviewTexts.alreadyBooked
            : state.kind === 'withdrawn'
              ? state.cancelled
                ? 'Interview cancelled'
                : 'Invitation withdrawn'
              : interviewTexts.notOffered}
        </h1>
        {booked && state.when && <p className="text-lg">{state.when}</p>}
        {facts}
        {state.kind === 'withdrawn' && (
          <p className="text-muted-foreground">
            {state.cancelled ? `${cancelledText(state.cancelled)} ${interviewTexts.cancelledEnded}` : interviewTexts.withdrawn}
          </p>
        )}
        {booked && state.managePath && (
          <div>
            <LinkButton href={state.managePath}>Reschedule or cancel</LinkButton>
          </div>
        )}
      </section>
    );
  }
  return (
    <section aria-labelledby="interview-heading" className={card}>
      <CalendarClock aria-hidden="true" className="size-10 text-primary" />
      <h1 id="interview-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {state.cancelled ? interviewTexts.chooseAgain : interviewTexts.choose}
      </h1>
      {state.cancelled && <p className="font-medium">{cancelledText(state.cancelled)} The invitation stands: choose a new time below.</p>}
      {facts}
      {state.days.length === 0 ? (
        <p role="status" className="font-medium">
          {interviewTexts.noTimesLeft}
        </p>
      ) : (
        <>
          {props.zonePicker && <ZonePicker {...props.zonePicker} />}
          <form method="post" action={props.action} className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="book" />
            <input type="hidden" name="time_zone" value={state.zone} />
            <TimePicker
              days={state.days}
              times={state.times}
              selected={state.selected}
              dayLabel={state.dayLabel}
              zoneName={state.zoneName}
              error={props.error}
            />
            <p className="text-sm text-muted-foreground">
              You get a calendar invitation by e-mail, with a link to move or cancel the interview.
            </p>
            <div>
              <Button type="submit">Book this time</Button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
