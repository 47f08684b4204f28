import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldHint } from '@/components/ui/label';
import { whenLabel } from '@/lib/scheduling/format';
import { countOf } from '@/lib/format';
import { MAX_CALENDAR_LINK_LENGTH, MAX_CALENDAR_LINKS, type CalendarSourceView } from '@/lib/scheduling/calendar-link-form';

export interface CalendarLinksProps {
  action: string;
  calendars: readonly CalendarSourceView[];
  timeZone: string;
  /** What was typed, kept when the link was refused. */
  value: string;
  error?: string | undefined;
  notice?: string | undefined;
  /** A CalDAV calendar of theirs cannot be read (the alert is one for all their calendars). */
  othersUnreadable?: boolean;
}

const where = [
  { name: 'Google Calendar', steps: 'Settings → your calendar → Integrate calendar → Secret address in iCal format' },
  { name: 'Outlook', steps: 'Settings → Calendar → Shared calendars → Publish a calendar → ICS' },
  { name: 'Apple iCloud', steps: 'Calendar → Share → Public Calendar → Copy Link' },
] as const;

/**
 * One's own calendars, read for the times they are busy (issue 53): a secret iCalendar link per
 * calendar (never shown back: only its host), each with the state of its last read, and a form to
 * connect another. Plain forms, posted to the page.
 */
export function CalendarLinks({ action, calendars, timeZone, value, error, notice, othersUnreadable = false }: CalendarLinksProps) {
  const full = calendars.length >= MAX_CALENDAR_LINKS;
  return (
    <div className="flex flex-col gap-5">
      {notice && (
        <p role="status" className="rounded-lg border border-success/40 bg-success-soft p-4 text-sm font-medium text-success">
          {notice}
        </p>
      )}
      {(othersUnreadable || calendars.some((calendar) => calendar.unreadable)) && (
        <p role="alert" className="rounded-lg border-2 border-destructive bg-destructive-soft p-4 text-sm font-medium text-destructive">
          A calendar of yours could not be read for over an hour, so nobody is offered your times until it can. Fix it, or remove it.
        </p>
      )}
      {calendars.length > 0 && (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" aria-label="Your connected calendars">
          {calendars.map((calendar) => (
            <li key={calendar.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold break-all">{calendar.label}</p>
                {calendar.error ? (
                  <p className="text-sm text-destructive">
                    {calendar.error}
                    {calendar.errorAt && <> ({whenLabel(calendar.errorAt, timeZone)})</>}
                    {calendar.readAt && <> Last read {whenLabel(calendar.readAt, timeZone)}.</>}
                  </p>
                ) : (
                  <p className="text-sm text-muted-foreground">
                    {calendar.readAt ? `Read ${whenLabel(calendar.readAt, timeZone)}: ` : ''}
                    {countOf(calendar.busyCount, 'busy time')} in the next two months.
                  </p>
                )}
              </div>
              <form method="post" action={action}>
                <input type="hidden" name="intent" value="remove-calendar" />
                <input type="hidden" name="calendar" value={calendar.id} />
                <Button type="submit" variant="outline" size="sm" aria-label={`Remove the calendar from ${calendar.label}`}>
                  Remove
                </Button>
              </form>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="text-sm">You have connected {MAX_CALENDAR_LINKS} calendars, the most there can be. Remove one to connect another.</p>
      ) : (
        <form method="post" action={action} className="flex flex-col gap-3" noValidate>
          <input type="hidden" name="intent" value="add-calendar-link" />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="calendar-link" className="text-sm font-medium">
              Secret link to your calendar
            </label>
            <Input
              id="calendar-link"
              name="calendar_link"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              defaultValue={value}
              maxLength={MAX_CALENDAR_LINK_LENGTH}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'calendar-link-error calendar-link-hint' : 'calendar-link-hint'}
              className="font-mono text-sm sm:text-sm"
            />
            {error && (
              <p id="calendar-link-error" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
            <FieldHint id="calendar-link-hint">
              Its address in iCalendar format (https:// or webcal://). We keep only when you are busy, never what or with whom.
            </FieldHint>
          </div>
          <div>
            <Button type="submit">Connect calendar</Button>
          </div>
          <div>
            <h3 className="text-base font-semibold">Where to find it</h3>
            <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm">
              {where.map((app) => (
                <li key={app.name}>
                  <strong className="font-semibold">{app.name}:</strong> {app.steps}.
                </li>
              ))}
            </ul>
          </div>
        </form>
      )}
    </div>
  );
}
