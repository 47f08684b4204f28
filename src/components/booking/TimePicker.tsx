import { FieldError } from '@/components/ui/label';

export interface PickerDay {
  key: string;
  label: string;
  count: number;
  href: string;
  current: boolean;
}

export interface PickerTime {
  /** The instant, as the form posts it (ISO, UTC). */
  value: string;
  label: string;
}

const focusRing = 'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * The free times of a booking page (issue 31), rendered on the server and working without
 * JavaScript: the days with free times as links (each its own address), the chosen day's times as
 * radio buttons of the form around it. `zoneName` says once which zone the times are in.
 */
export function TimePicker({
  days,
  times,
  selected,
  dayLabel,
  zoneName,
  error,
  dayButtons = false,
}: {
  /**
   * Days as buttons of the form around the picker (posting it with `day`), so a change of day
   * keeps everything typed; links otherwise (each day its own address).
   */
  dayButtons?: boolean;
  days: PickerDay[];
  times: PickerTime[];
  selected: string;
  dayLabel: string;
  zoneName: string;
  error?: string;
}) {
  // Links are a navigation; buttons of the form, a group of choices.
  const DaysWrapper = dayButtons ? 'div' : 'nav';
  // data-time-picker: booking-page.ts changes the day in place (no reload) and moves focus to its times.
  return (
    <div className="flex flex-col gap-4" data-time-picker>
      <DaysWrapper aria-label="Days with free times" {...(dayButtons ? { role: 'group' } : {})} data-picker-days>
        <ul className="flex gap-2 overflow-x-auto pb-1 sm:flex-wrap">
          {days.map((day) => {
            const className = `flex min-h-11 flex-col justify-center rounded-lg border px-3 py-1.5 text-left text-sm ${focusRing} ${
              day.current ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-white hover:border-primary'
            }`;
            const content = (
              <>
                <span className="font-semibold">{day.label}</span>
                <span className={day.current ? 'text-primary-foreground/90' : 'text-muted-foreground'}>
                  {day.count === 1 ? '1 time' : `${day.count} times`}
                </span>
              </>
            );
            return (
              <li key={day.key} className="shrink-0">
                {dayButtons ? (
                  <button
                    type="submit"
                    name="day"
                    value={day.key}
                    formNoValidate
                    aria-pressed={day.current}
                    data-picker-day={day.href}
                    className={className}
                  >
                    {content}
                  </button>
                ) : (
                  <a href={day.href} aria-current={day.current ? 'date' : undefined} data-picker-day={day.href} className={className}>
                    {content}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      </DaysWrapper>
      <fieldset aria-describedby={error ? 'start-error' : undefined} aria-invalid={error ? true : undefined}>
        {/* "Times on Tuesday, December 1, in Central European Time (Europe/Berlin)": the zone's name
            has its own brackets, so the legend says "in" rather than adding a second pair. */}
        <legend className="mb-2 font-semibold">
          Times on {dayLabel}, <span className="font-normal text-muted-foreground">in {zoneName}</span>
        </legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
          {times.map((time) => (
            <label
              key={time.value}
              className="relative flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-border bg-white px-2 text-sm font-semibold tabular-nums has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
            >
              <input type="radio" name="start" value={time.value} defaultChecked={time.value === selected} required className="sr-only" />
              {time.label}
            </label>
          ))}
        </div>
        {error && (
          <FieldError id="start-error" className="mt-2">
            {error}
          </FieldError>
        )}
      </fieldset>
    </div>
  );
}
