import { actions } from 'astro:actions';
import { CalendarPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { flashToast } from '@/components/ui/toast';
import { roleLabels, type Role } from '@/lib/accounts/roles';
import { whenLabel } from '@/lib/scheduling/format';
import { addDays } from '@/lib/format';
import { interviewLengths, interviewProposalSchema, interviewRecordSchema, MAX_DAYS_AHEAD } from '@/lib/scheduling/interview-form';
import type { InterviewRequestStatus } from '@/lib/scheduling/hours';
import { runAdminAction } from './run-admin-action';

export interface InterviewItem {
  id: string;
  status: InterviewRequestStatus;
  durationMinutes: number;
  stageId: string | null;
  windowStart: Date;
  windowEnd: Date;
  startsAt: Date | null;
  /** The state of its booking, and who cancelled it (the candidate may cancel and choose again). */
  bookingStatus: 'confirmed' | 'cancelled' | null;
  cancelledBy: 'guest' | 'staff' | null;
  proposedBy: string | null;
  interviewers: string[];
  interviewerIds: string[];
  /** Withdrawn, cancelled or past its window: it can be offered again in one click. */
  reofferable: boolean;
}

export interface InterviewsPanelProps {
  applicationId: string;
  interviews: InterviewItem[];
  /** Whether this person may propose and cancel (else the list only). */
  canSchedule: boolean;
  /** Who can be asked to interview (the hiring team first), and who is assigned now (chosen at first). */
  people: ReadonlyArray<{ userId: string; name: string; role: Role }>;
  assigned: readonly string[];
  /** The stages of the position's interview plan (issue 32): an interview is for one of them. */
  stages: ReadonlyArray<{ id: string; name: string }>;
  /** Today in the viewer's zone (YYYY-MM-DD), and that zone: days are read in it. */
  today: string;
  timeZone: string;
}

const byWhom = (item: InterviewItem) => (item.cancelledBy === 'guest' ? 'by the candidate' : 'by staff');

const stateText = (item: InterviewItem, timeZone: string) => {
  if (item.status === 'booked' && item.startsAt) return `Booked: ${whenLabel(item.startsAt, timeZone)}`;
  const was =
    item.startsAt && item.bookingStatus === 'cancelled' ? `Cancelled ${byWhom(item)} (was ${whenLabel(item.startsAt, timeZone)})` : null;
  if (item.status === 'open' && item.reofferable) return `${was ? `${was}; the` : 'The'} invitation ended without a booking`;
  if (item.status === 'open')
    return was ? `${was}: waiting for the candidate to choose a new time` : 'Waiting for the candidate to choose a time';
  return was ?? 'Withdrawn';
};

/**
 * An application's interviews (issue 31): each invitation and its state, with Withdraw or Cancel;
 * and the form that proposes one (length, interviewers, a window of days). The candidate is
 * e-mailed a link to the times every interviewer is free; the page is read again to show it.
 */
export function InterviewsPanel(props: InterviewsPanelProps) {
  const { applicationId, timeZone, today } = props;
  const [durationMinutes, setDuration] = useState<number>(60);
  // The form starts on what comes next (issue 51): the first stage without an interview standing,
  // and the assigned people not already on one; after sending, the page is read again and so it moves on.
  const standing = props.interviews.filter((item) => item.status !== 'cancelled');
  const firstStage = () => (props.stages.find((stage) => !standing.some((item) => item.stageId === stage.id)) ?? props.stages[0])?.id ?? '';
  const firstPeople = () =>
    props.assigned.filter((id) => props.people.some((p) => p.userId === id) && !standing.some((item) => item.interviewerIds.includes(id)));
  const [stageId, setStageId] = useState<string>(firstStage);
  const [chosen, setChosen] = useState<string[]>(firstPeople);
  const [from, setFrom] = useState(addDays(today, 1));
  const [until, setUntil] = useState(addDays(today, 14));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const groupId = useId();

  async function propose() {
    const parsed = interviewProposalSchema.safeParse({
      applicationId,
      durationMinutes,
      interviewerIds: chosen,
      from,
      until,
      stageId: stageId || null,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the form.');
    setError(null);
    setBusy(true);
    try {
      const { error: refused } = await actions.admin.proposeInterview(parsed.data);
      // Refusals (no common time, a day in the past) are shown here, beside what was typed, which stays.
      if (refused) {
        setError(refused.message);
        return setBusy(false);
      }
    } catch {
      setError('The server could not be reached. Nothing was sent.');
      return setBusy(false);
    }
    flashToast({ kind: 'success', title: 'Invitation sent: the candidate chooses a time.' });
    window.location.reload();
  }

  const stageName = (id: string | null) => {
    const name = props.stages.find((stage) => stage.id === id)?.name;
    return name ? `${name} · ` : '';
  };

  async function reoffer(item: InterviewItem) {
    setBusy(true);
    const ok = await runAdminAction(() => actions.admin.reofferInterview({ applicationId, requestId: item.id }));
    if (!ok) return setBusy(false);
    flashToast({ kind: 'success', title: 'New times offered: the candidate chooses one from a new link.' });
    window.location.reload();
  }

  async function cancel(item: InterviewItem) {
    setBusy(true);
    const ok = await runAdminAction(() => actions.admin.cancelInterview({ applicationId, requestId: item.id }));
    if (!ok) return setBusy(false);
    flashToast({ kind: 'success', title: item.status === 'open' ? 'Invitation withdrawn.' : 'Interview cancelled. Everyone was told.' });
    window.location.reload();
  }

  return (
    <div className="mt-3 flex flex-col gap-5">
      {props.interviews.length === 0 ? (
        <p className="text-sm text-muted-foreground">No interview proposed yet.</p>
      ) : (
        <ul aria-label="Interviews" className="flex flex-col gap-3">
          {props.interviews.map((item) => (
            <li key={item.id} className="flex flex-wrap items-start justify-between gap-3 rounded-md border border-border p-3 text-sm">
              <div className="flex min-w-0 flex-col gap-1">
                <p className={item.status === 'cancelled' ? 'font-medium text-muted-foreground' : 'font-medium'}>
                  {stateText(item, timeZone)}
                </p>
                <p className="text-muted-foreground">
                  {stageName(item.stageId)}
                  {item.durationMinutes} minutes with {item.interviewers.join(', ') || 'nobody left'}
                  {item.proposedBy ? ` · proposed by ${item.proposedBy}` : ''}
                </p>
              </div>
              {props.canSchedule &&
                ((item.status === 'open' && !item.reofferable) ||
                  (item.status === 'booked' && item.startsAt && item.startsAt > new Date())) && (
                  <Button type="button" variant="outline" size="sm" aria-disabled={busy} onClick={() => !busy && void cancel(item)}>
                    {item.status === 'open' ? 'Withdraw the invitation' : 'Cancel the interview'}
                  </Button>
                )}
              {props.canSchedule && item.reofferable && (
                <Button type="button" variant="outline" size="sm" aria-disabled={busy} onClick={() => !busy && void reoffer(item)}>
                  Offer new times
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}

      {props.canSchedule && (
        <form
          // The page is read again after sending: the browser must not restore the last stage and
          // people over the fresh form (the walk's "the propose form keeps its stage", issue 51).
          autoComplete="off"
          aria-labelledby={`${groupId}-heading`}
          className="flex flex-col gap-4 rounded-md border border-border bg-surface p-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) void propose();
          }}
        >
          <h3 id={`${groupId}-heading`} className="text-base font-semibold">
            Propose an interview
          </h3>
          <p className="text-sm text-muted-foreground">
            The candidate gets an e-mail with a private link to the times when every interviewer is free, and picks one.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            {props.stages.length > 0 && (
              <FormField label="Stage" hint="Its scorecards are for this stage.">
                {(control) => (
                  <select
                    {...control}
                    value={stageId}
                    onChange={(event) => setStageId(event.target.value)}
                    className="h-11 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  >
                    {props.stages.map((stage) => (
                      <option key={stage.id} value={stage.id}>
                        {stage.name}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            )}
            <FormField label="Length">
              {(control) => (
                <select
                  {...control}
                  value={durationMinutes}
                  onChange={(event) => setDuration(Number(event.target.value))}
                  className="h-11 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  {interviewLengths.map((length) => (
                    <option key={length} value={length}>
                      {length} minutes
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label="From" hint="Days in your time zone.">
              {(control) => <Input {...control} type="date" value={from} min={today} onChange={(event) => setFrom(event.target.value)} />}
            </FormField>
            <FormField label="Until">
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  value={until}
                  min={from}
                  max={addDays(today, MAX_DAYS_AHEAD)}
                  onChange={(event) => setUntil(event.target.value)}
                />
              )}
            </FormField>
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Interviewers (all must be free)</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {props.people.map((person) => (
                <label key={person.userId} className="inline-flex cursor-pointer items-start gap-2.5 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4.5 shrink-0 cursor-pointer accent-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
                    checked={chosen.includes(person.userId)}
                    onChange={(event) =>
                      setChosen((now) => (event.target.checked ? [...now, person.userId] : now.filter((id) => id !== person.userId)))
                    }
                  />
                  <span>
                    {person.name} <span className="text-muted-foreground">· {roleLabels[person.role]}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {error && (
            <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <div>
            <Button type="submit" aria-disabled={busy} aria-describedby={error ? errorId : undefined}>
              <CalendarPlus aria-hidden="true" />
              Send the invitation
            </Button>
          </div>
        </form>
      )}
      {props.canSchedule && <RecordInterview {...props} />}
    </div>
  );
}

const selectClass =
  'h-11 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * An interview held outside the booking engine (arranged by phone, on site), recorded once it
 * ended: it is listed, its interviewers are assigned and reminded of their scorecards. No e-mail.
 */
function RecordInterview({ applicationId, people, assigned, stages }: InterviewsPanelProps) {
  const [stageId, setStageId] = useState(stages[0]?.id ?? '');
  const [durationMinutes, setDuration] = useState<number>(60);
  const [endedAt, setEndedAt] = useState('');
  const [chosen, setChosen] = useState<string[]>(() => assigned.filter((id) => people.some((person) => person.userId === id)));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();

  async function record() {
    const parsed = interviewRecordSchema.safeParse({
      applicationId,
      stageId: stageId || null,
      endedAt,
      durationMinutes,
      interviewerIds: chosen,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the form.');
    setError(null);
    setBusy(true);
    try {
      const { error: refused } = await actions.admin.recordInterview(parsed.data);
      if (refused) {
        setError(refused.message);
        return setBusy(false);
      }
    } catch {
      setError('The server could not be reached. Nothing was recorded.');
      return setBusy(false);
    }
    flashToast({ kind: 'success', title: 'Interview recorded. Its interviewers are asked for their scorecards.' });
    window.location.reload();
  }

  return (
    <details className="rounded-md border border-border p-4">
      <summary className="cursor-pointer text-sm font-semibold text-primary">Record an interview held elsewhere</summary>
      <form
        aria-label="Record an interview held elsewhere"
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void record();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-3">
          {stages.length > 0 && (
            <FormField label="Stage" id={`${ids}-stage`}>
              {(control) => (
                <select {...control} value={stageId} onChange={(event) => setStageId(event.target.value)} className={selectClass}>
                  {stages.map((stage) => (
                    <option key={stage.id} value={stage.id}>
                      {stage.name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
          <FormField label="Length" id={`${ids}-length`}>
            {(control) => (
              <select
                {...control}
                value={durationMinutes}
                onChange={(event) => setDuration(Number(event.target.value))}
                className={selectClass}
              >
                {interviewLengths.map((length) => (
                  <option key={length} value={length}>
                    {length} minutes
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Ended at" id={`${ids}-ended`} hint="In your time zone.">
            {(control) => (
              <Input {...control} type="datetime-local" step={900} value={endedAt} onChange={(event) => setEndedAt(event.target.value)} />
            )}
          </FormField>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Interviewers</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {people.map((person) => (
              <label key={person.userId} className="inline-flex cursor-pointer items-start gap-2.5 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4.5 shrink-0 cursor-pointer accent-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  checked={chosen.includes(person.userId)}
                  onChange={(event) =>
                    setChosen((now) => (event.target.checked ? [...now, person.userId] : now.filter((id) => id !== person.userId)))
                  }
                />
                <span>{person.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {error && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" variant="outline" aria-disabled={busy}>
            Record the interview
          </Button>
        </div>
      </form>
    </details>
  );
}
