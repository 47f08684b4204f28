import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldHint } from '@/components/ui/label';
import { whenLabel } from '@/lib/scheduling/format';
import { countOf } from '@/lib/format';
import { MAX_CALENDAR_ACCOUNTS, type CalDavFieldErrors, type CalendarAccountView } from '@/lib/scheduling/calendar-link-form';

export interface CalDavAccountsProps {
  action: string;
  accounts: readonly CalendarAccountView[];
  timeZone: string;
  /** What was typed (never the password), kept when the account was refused. */
  values: { server_url: string; username: string };
  errors: CalDavFieldErrors;
}

const fields = [
  { name: 'server_url', label: 'Server address', type: 'url', hint: 'Such as https://caldav.fastmail.com/ or https://caldav.icloud.com/.' },
  { name: 'username', label: 'User name', type: 'text', hint: 'Usually your e-mail address at that service.' },
  {
    name: 'app_password',
    label: 'App password',
    type: 'password',
    hint: 'Make one for this site in your account’s security settings: your own password is never needed, and you can revoke this one there.',
  },
] as const;

/**
 * CalDAV accounts (issue 53): each with its calendars, the ones read for busy times ticked, and the
 * one bookings are written into chosen (or none); a form to connect another by server address,
 * user name and app password (never shown back). Plain forms, posted to the page.
 */
export function CalDavAccounts({ action, accounts, timeZone, values, errors }: CalDavAccountsProps) {
  return (
    <div className="mt-8 flex flex-col gap-5 border-t border-border pt-6">
      {accounts.length > 0 && <h3 className="text-base font-semibold">CalDAV accounts</h3>}
      {accounts.map((account) => (
        <section
          key={account.id}
          aria-labelledby={`caldav-${account.id}`}
          className="flex flex-col gap-4 rounded-lg border border-border p-4"
        >
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
            <h4 id={`caldav-${account.id}`} className="font-semibold break-all">
              {account.username} on {account.label}
            </h4>
            <form method="post" action={action}>
              <input type="hidden" name="intent" value="remove-caldav-account" />
              <input type="hidden" name="account" value={account.id} />
              <Button type="submit" variant="outline" size="sm" aria-label={`Remove account ${account.username} on ${account.label}`}>
                Remove account
              </Button>
            </form>
          </div>
          <form method="post" action={action} className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="choose-caldav-calendars" />
            <input type="hidden" name="account" value={account.id} />
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium">Read for busy times</legend>
              {account.calendars.map((calendar) => (
                <div key={calendar.id} className="flex items-start gap-2">
                  <input
                    type="checkbox"
                    id={`read-${calendar.id}`}
                    name={`read-${calendar.id}`}
                    defaultChecked={calendar.readsBusy}
                    aria-describedby={`state-${calendar.id}`}
                    className="mt-1 size-4 accent-primary"
                  />
                  <label htmlFor={`read-${calendar.id}`} className="text-sm">
                    <span className="font-semibold">{calendar.label}</span>
                    <span id={`state-${calendar.id}`} className={`block ${calendar.error ? 'text-destructive' : 'text-muted-foreground'}`}>
                      {!calendar.readsBusy
                        ? 'Not read.'
                        : calendar.error
                          ? `${calendar.error}${calendar.errorAt ? ` (${whenLabel(calendar.errorAt, timeZone)})` : ''}`
                          : `${calendar.readAt ? `Read ${whenLabel(calendar.readAt, timeZone)}: ` : ''}${countOf(calendar.busyCount, 'busy time')} in the next two months.`}
                    </span>
                  </label>
                </div>
              ))}
            </fieldset>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium">Put your bookings in</legend>
              {account.calendars.map((calendar) => (
                <div key={calendar.id} className="flex items-center gap-2">
                  <input
                    type="radio"
                    id={`write-${calendar.id}`}
                    name="write"
                    value={calendar.id}
                    defaultChecked={calendar.writesBookings}
                    className="size-4 accent-primary"
                  />
                  <label htmlFor={`write-${calendar.id}`} className="text-sm">
                    {calendar.label}
                  </label>
                </div>
              ))}
              <div className="flex items-center gap-2">
                <input
                  type="radio"
                  id={`write-none-${account.id}`}
                  name="write"
                  value=""
                  defaultChecked={!account.calendars.some((calendar) => calendar.writesBookings)}
                  className="size-4 accent-primary"
                />
                <label htmlFor={`write-none-${account.id}`} className="text-sm">
                  None of this account’s calendars
                </label>
              </div>
            </fieldset>
            <div>
              <Button type="submit" variant="outline">
                Save calendar choices
              </Button>
            </div>
          </form>
        </section>
      ))}
      {accounts.length >= MAX_CALENDAR_ACCOUNTS ? (
        <p className="text-sm">You have connected {MAX_CALENDAR_ACCOUNTS} CalDAV accounts, the most there can be.</p>
      ) : (
        <form method="post" action={action} className="flex flex-col gap-3" noValidate>
          <input type="hidden" name="intent" value="add-caldav-account" />
          <h3 className="text-base font-semibold">Connect a CalDAV account</h3>
          <p className="text-sm text-muted-foreground">
            iCloud, Fastmail, Nextcloud and other CalDAV calendars: we read when you are busy, and put your bookings in the calendar you
            choose, so nobody has to accept an invitation for the time to be held.
          </p>
          {errors.form && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.form}
            </p>
          )}
          {fields.map((field) => {
            const error = errors[field.name];
            const id = `caldav-${field.name.replace('_', '-')}`;
            return (
              <div key={field.name} className="flex flex-col gap-1.5">
                <label htmlFor={id} className="text-sm font-medium">
                  {field.label}
                </label>
                <Input
                  id={id}
                  name={field.name}
                  type={field.type}
                  autoComplete={field.type === 'password' ? 'new-password' : 'off'}
                  spellCheck={false}
                  defaultValue={field.name === 'app_password' ? '' : values[field.name]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
                />
                {error && (
                  <p id={`${id}-error`} className="text-sm font-medium text-destructive">
                    {error}
                  </p>
                )}
                <FieldHint id={`${id}-hint`}>{field.hint}</FieldHint>
              </div>
            );
          })}
          <div>
            <Button type="submit">Connect account</Button>
          </div>
        </form>
      )}
    </div>
  );
}
