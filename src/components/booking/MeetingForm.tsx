import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Honeypot } from '@/components/ui/honeypot';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { meetingTexts, type MeetingFieldErrors } from '@/lib/scheduling/meeting-form';
import { TimePicker, type PickerDay, type PickerTime } from './TimePicker';

export interface MeetingFormProps {
  values: { name: string; email: string; company: string; topic: string; start: string };
  fieldErrors: MeetingFieldErrors;
  zone: string;
  zoneName: string;
  picker: { days: PickerDay[]; times: PickerTime[]; dayLabel: string };
}

/**
 * Book a Meeting's form, rendered on the server and posted as a plain form (no island): the time
 * picker, the visitor's details, the honeypot. A refusal comes back with everything typed and a
 * message per field, counted at the top.
 */
export function MeetingForm({ values, fieldErrors, zone, zoneName, picker }: MeetingFormProps) {
  const errorCount = Object.keys(fieldErrors).length;
  return (
    <form method="post" action="/contact/book" noValidate className="flex flex-col gap-8" aria-label={meetingTexts.title}>
      {/* The form's default button (Enter in a field books, not the first day's button below). */}
      <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
        Book the meeting
      </button>
      {errorCount > 0 && (
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm">
          <p className="font-semibold text-destructive">
            {fieldErrors.form ?? (errorCount === 1 ? 'One field needs your attention.' : `${errorCount} fields need your attention.`)}
          </p>
        </div>
      )}
      <section aria-labelledby="pick-time-heading" className="rounded-xl border border-border bg-white p-5 sm:p-6">
        <h2 id="pick-time-heading" className="mb-4 text-lg font-bold">
          {meetingTexts.pickTime}
        </h2>
        <TimePicker
          dayButtons
          days={picker.days}
          times={picker.times}
          selected={values.start}
          dayLabel={picker.dayLabel}
          zoneName={zoneName}
          error={fieldErrors.start}
        />
      </section>
      <section aria-labelledby="details-heading" className="grid gap-5 rounded-xl border border-border bg-white p-5 sm:grid-cols-2 sm:p-6">
        <h2 id="details-heading" className="text-lg font-bold sm:col-span-2">
          Your details
        </h2>
        <FormField id="meeting-name" label="Name" required error={fieldErrors.name}>
          {(control) => <Input {...control} name="name" autoComplete="name" maxLength={100} defaultValue={values.name} />}
        </FormField>
        <FormField id="meeting-email" label="Email" required error={fieldErrors.email}>
          {(control) => <Input {...control} name="email" type="email" autoComplete="email" maxLength={254} defaultValue={values.email} />}
        </FormField>
        <FormField id="meeting-company" label="Company" error={fieldErrors.company} className="sm:col-span-2">
          {(control) => <Input {...control} name="company" autoComplete="organization" maxLength={100} defaultValue={values.company} />}
        </FormField>
        <FormField id="meeting-topic" label="What would you like to talk about?" error={fieldErrors.topic} className="sm:col-span-2">
          {(control) => <Textarea {...control} name="topic" rows={3} maxLength={500} defaultValue={values.topic} />}
        </FormField>
        <input type="hidden" name="time_zone" value={zone} />
        <Honeypot />
        <div className="sm:col-span-2">
          <Button type="submit">Book the meeting</Button>
        </div>
      </section>
    </form>
  );
}
