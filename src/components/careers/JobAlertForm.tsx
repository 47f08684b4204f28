import { Mail } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select';
import { HONEYPOT_FIELD } from '@/lib/honeypot';

export interface JobAlertFormProps {
  departments: { id: string; name: string }[];
  locations: string[];
  /** Preselected: the job board's current filters, or what was posted. */
  values: { email?: string | undefined; department?: string | undefined; location?: string | undefined };
  errors?: Partial<Record<'email' | 'department' | 'location' | 'form', string>>;
}

/** The job board's own filters above are "Department" and "Location": each control has a name of its own. */
const forAlerts = (name: string) => (
  <>
    {name}
    <span className="sr-only"> for job alerts</span>
  </>
);

/**
 * "Get new jobs by e-mail" under the job board: a plain POST form rendered on the server (no
 * island, no script), answered by /careers/alerts.
 */
export function JobAlertForm({ departments, locations, values, errors = {} }: JobAlertFormProps) {
  const location = values.location && !locations.includes(values.location) ? [values.location, ...locations] : locations;
  return (
    <section aria-labelledby="job-alerts-heading" className="mt-12 rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8">
      <div className="flex items-start gap-3">
        <Mail aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
        <div>
          <h2 id="job-alerts-heading" className="text-xl font-bold tracking-tight">
            Get new jobs by e-mail
          </h2>
          <p className="mt-1 text-muted-foreground">
            We e-mail you when a matching position opens: at most one e-mail a day, after you confirm your address. Unsubscribe at any time.{' '}
            <a href="/privacy" className="underline underline-offset-4">
              How we handle your data
            </a>
          </p>
        </div>
      </div>
      <form method="post" action="/careers/alerts" className="mt-6 grid gap-4 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end" noValidate>
        <div className="hidden">
          <label htmlFor={`alert-${HONEYPOT_FIELD}`}>Leave this field empty</label>
          <input id={`alert-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <FormField id="alert-email" label="E-mail address" required error={errors.email}>
          {(control) => <Input {...control} name="email" type="email" autoComplete="email" defaultValue={values.email ?? ''} />}
        </FormField>
        <SelectField
          id="alert-department"
          label={forAlerts('Department')}
          name="department"
          defaultValue={values.department ?? ''}
          placeholder="Any department"
          options={departments.map((department) => ({ value: department.id, label: department.name }))}
        />
        <SelectField
          id="alert-location"
          label={forAlerts('Location')}
          name="location"
          defaultValue={values.location ?? ''}
          placeholder="Any location"
          options={location.map((each) => ({ value: each, label: each }))}
        />
        <Button type="submit" className="h-11">
          Subscribe
        </Button>
        {errors.form && (
          <p role="alert" className="text-sm text-destructive md:col-span-4">
            {errors.form}
          </p>
        )}
      </form>
    </section>
  );
}
