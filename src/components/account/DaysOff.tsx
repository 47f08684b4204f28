import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { DayOffFieldErrors } from '@/lib/scheduling/availability-form';

export interface DaysOffProps {
  action: string;
  /** Their upcoming days off, as runs of consecutive days. */
  runs: ReadonlyArray<{ from: string; until: string }>;
  /** Their today and the last day that can be chosen (YYYY-MM-DD, their own calendar). */
  today: string;
  last: string;
  values: { off_from: string; off_until: string };
  fieldErrors: DayOffFieldErrors;
  notice?: string;
}

const long = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const short = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** "Thursday, December 24, 2026", or "Thu, Dec 24 – Sat, Dec 26, 2026 (3 days)". */
export function dayRunLabel(from: string, until: string): string {
  if (from === until) return long.format(at(from));
  const days = Math.round((at(until).getTime() - at(from).getTime()) / 86_400_000) + 1;
  return `${short.format(at(from))} – ${short.format(at(until))}, ${until.slice(0, 4)} (${days} days)`;
}

const fieldId = { off_from: 'day-off-from', off_until: 'day-off-until' } as const;

/**
 * Days a staff member cannot be booked: the ones coming (past ones are not listed), each run of
 * days with Remove, and the form to add one day or several in a row. Plain forms posted to the page.
 */
export function DaysOff({ action, runs, today, last, values, fieldErrors, notice }: DaysOffProps) {
  const errors = (['off_from', 'off_until'] as const).flatMap((field) => {
    const message = fieldErrors[field];
    if (!message) return [];
    const colon = message.indexOf(': ');
    return [{ id: fieldId[field], label: message.slice(0, colon), message: message.slice(colon + 2) }];
  });
  return (
    <div className="flex flex-col gap-6">
      {notice && (
        <p role="status" className="rounded-lg border border-success/40 bg-success-soft p-4 text-sm font-medium text-success">
          {notice}
        </p>
      )}
      {runs.length === 0 ? (
        <p className="text-sm text-muted-foreground">No days off coming up.</p>
      ) : (
        <ul aria-label="Your days off" className="divide-y divide-border rounded-xl border border-border">
          {runs.map(({ from, until }) => {
            const label = dayRunLabel(from, until);
            return (
              <li key={from} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
                <span className="font-medium">{label}</span>
                <form method="post" action={action}>
                  <input type="hidden" name="intent" value="remove-day-off" />
                  <input type="hidden" name="from" value={from} />
                  <input type="hidden" name="until" value={until} />
                  <Button type="submit" variant="outline" size="sm">
                    Remove<span className="sr-only"> {label}</span>
                  </Button>
                </form>
              </li>
            );
          })}
        </ul>
      )}
      <form method="post" action={action} noValidate className="flex flex-col gap-4" aria-labelledby="add-day-off-heading">
        <input type="hidden" name="intent" value="add-day-off" />
        <h3 id="add-day-off-heading" className="text-base font-semibold">
          Add a day off
        </h3>
        <ErrorSummary items={errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={fieldId.off_from} label="First day" error={fieldErrors.off_from}>
            {(control) => <Input {...control} name="off_from" type="date" min={today} max={last} defaultValue={values.off_from} />}
          </FormField>
          <FormField id={fieldId.off_until} label="Last day (optional)" hint="For several days in a row." error={fieldErrors.off_until}>
            {(control) => <Input {...control} name="off_until" type="date" min={today} max={last} defaultValue={values.off_until} />}
          </FormField>
        </div>
        <div>
          <Button type="submit">Add a day off</Button>
        </div>
      </form>
    </div>
  );
}
