import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorSummary, type ErrorSummaryItem } from '@/components/ui/error-summary';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { FieldError, FieldHint } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select';
import {
  bufferChoices,
  dayFields,
  MAX_DAILY_CAP,
  noticeChoices,
  type AvailabilityField,
  type AvailabilityFieldErrors,
  type AvailabilityFormValues,
} from '@/lib/scheduling/availability-form';
import { SLOT_STEP_MINUTES, weekdayLabels, weekdays } from '@/lib/scheduling/hours';

export interface AvailabilityFormProps {
  action: string;
  values: AvailabilityFormValues;
  fieldErrors: AvailabilityFieldErrors;
  /** Every zone of the select (the saved one among them). */
  zones: readonly string[];
  /** Whether they may host Book a Meeting's meetings (then the form asks whether they take them). */
  hostsMeetings: boolean;
  /** "Saved" after a save: said where the form is. */
  notice?: string;
}

/** The id of a field's control, for its label and the error summary's link. */
export const availabilityControlId = (field: AvailabilityField) => `availability-${field.replaceAll('_', '-')}`;

/** The summary's line: the messages name their field ("Tuesday: the end must be after the start."). */
function summaryItem(field: string, message: string): ErrorSummaryItem {
  const colon = message.indexOf(': ');
  return colon > 0
    ? { id: availabilityControlId(field as AvailabilityField), label: message.slice(0, colon), message: message.slice(colon + 2) }
    : { id: availabilityControlId(field as AvailabilityField), label: 'Form', message };
}

const bufferLabel = (minutes: number) => (minutes === 0 ? 'None' : `${minutes} minutes`);

/**
 * When a staff member can be booked: their zone, weekly hours (a row a day), the buffer after
 * meetings, the minimum notice, a cap per day, and for hosts whether they take Book a Meeting's
 * meetings. A plain form posted to the page (no island): a refusal comes back with everything
 * typed, every message by its field and counted at the top.
 */
export function AvailabilityForm({ action, values, fieldErrors, zones, hostsMeetings, notice }: AvailabilityFormProps) {
  const errors = Object.entries(fieldErrors).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  const error = (field: AvailabilityField) => fieldErrors[field];
  return (
    <form method="post" action={action} noValidate className="flex flex-col gap-8">
      <input type="hidden" name="intent" value="save" />
      {notice && (
        <p role="status" className="rounded-lg border border-success/40 bg-success-soft p-4 text-sm font-medium text-success">
          {notice}
        </p>
      )}
      <ErrorSummary items={errors.map(([field, message]) => summaryItem(field, message))} />
      <SelectField
        id={availabilityControlId('time_zone')}
        label="Time zone"
        hint="Your hours and days off are in this zone."
        name="time_zone"
        defaultValue={values.time_zone}
        error={error('time_zone')}
        options={zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))}
      />
      <div className="flex flex-col gap-3">
        <div>
          <h3 className="text-base font-semibold">Weekly hours</h3>
          <FieldHint>Untick a day you cannot be booked. Times on the quarter hour.</FieldHint>
        </div>
        <div className="flex flex-col divide-y divide-border rounded-xl border border-border">
          {weekdays.map((day) => {
            const names = dayFields(day);
            const label = weekdayLabels[day];
            const dayError = error(names.start) ?? error(names.end);
            const errorId = `${availabilityControlId(names.start)}-error`;
            const invalid = (field: AvailabilityField) => (error(field) ? true : undefined);
            return (
              <div key={day} className="px-3 py-3 sm:px-4">
                {/*
                 * The day names the group. On a phone: the day and its box on one line, the times
                 * below side by side; from a tablet's width, all on one line.
                 */}
                <fieldset className="min-w-0">
                  <legend className="float-left py-0.5 font-medium sm:w-28 sm:py-2.5">{label}</legend>
                  <Checkbox
                    id={availabilityControlId(names.available)}
                    name={names.available}
                    label="Available"
                    defaultChecked={values[names.available] !== ''}
                    className="float-right items-center py-0.5 sm:float-left sm:mr-8 sm:py-2.5"
                  />
                  <div className="clear-both grid grid-cols-2 gap-3 pt-2 sm:clear-none sm:flex sm:items-center sm:gap-6 sm:pt-0">
                    {(['start', 'end'] as const).map((which) => (
                      <div key={which} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
                        <label htmlFor={availabilityControlId(names[which])} className="text-sm text-muted-foreground sm:w-9">
                          {which === 'start' ? 'Start' : 'End'}
                        </label>
                        <Input
                          id={availabilityControlId(names[which])}
                          name={names[which]}
                          type="time"
                          step={SLOT_STEP_MINUTES * 60}
                          defaultValue={values[names[which]]}
                          aria-invalid={invalid(names[which])}
                          aria-describedby={dayError ? errorId : undefined}
                          className="max-sm:px-2 sm:w-36"
                        />
                      </div>
                    ))}
                  </div>
                  {dayError && (
                    <FieldError id={errorId} className="clear-both pt-2">
                      {dayError}
                    </FieldError>
                  )}
                </fieldset>
              </div>
            );
          })}
        </div>
      </div>
      <div className="grid gap-6 sm:grid-cols-3">
        <SelectField
          id={availabilityControlId('buffer_minutes')}
          label="Buffer after meetings"
          hint="Free time kept after each one."
          name="buffer_minutes"
          defaultValue={values.buffer_minutes}
          error={error('buffer_minutes')}
          options={bufferChoices.map((minutes) => ({ value: String(minutes), label: bufferLabel(minutes) }))}
        />
        <SelectField
          id={availabilityControlId('notice_minutes')}
          label="Minimum notice"
          hint="How soon a booking may start."
          name="notice_minutes"
          defaultValue={values.notice_minutes}
          error={error('notice_minutes')}
          options={noticeChoices.map((choice) => ({ value: String(choice.minutes), label: choice.label }))}
        />
        <FormField
          id={availabilityControlId('daily_cap')}
          label="Daily cap"
          hint={`Bookings a day at most; empty for no limit.`}
          error={error('daily_cap')}
        >
          {(control) => (
            <Input
              {...control}
              name="daily_cap"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_DAILY_CAP}
              defaultValue={values.daily_cap}
            />
          )}
        </FormField>
      </div>
      {hostsMeetings && (
        <div className="flex flex-col gap-1">
          <Checkbox
            id={availabilityControlId('takes_meetings')}
            name="takes_meetings"
            label="Take Book a Meeting meetings"
            defaultChecked={values.takes_meetings !== ''}
            aria-describedby={`${availabilityControlId('takes_meetings')}-hint`}
          />
          <FieldHint id={`${availabilityControlId('takes_meetings')}-hint`} className="pl-7">
            Visitors who book a call on the website may be given to you, in your free times.
          </FieldHint>
        </div>
      )}
      <div>
        <Button type="submit">Save</Button>
      </div>
    </form>
  );
}
