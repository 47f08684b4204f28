import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { HONEYPOT_FIELD } from '@/lib/honeypot';
import { candidatePageTexts as texts } from '@/lib/candidates/stages';

/**
 * "E-mail me my links": a plain form posted to /applications (no JavaScript). The answer after
 * sending is the same whether or not the address applied.
 */
export interface RequestLinksFormProps {
  email?: string;
  error?: string | undefined;
  /** The form's own refusal (too many requests). */
  formError?: string | undefined;
  sent?: boolean;
}

export function RequestLinksForm({ email = '', error, formError, sent = false }: RequestLinksFormProps) {
  return (
    <section aria-labelledby="request-heading" className="rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8">
      <h2 id="request-heading" className="text-xl font-bold tracking-tight">
        {texts.requestTitle}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{texts.requestLead}</p>
      {sent ? (
        <p role="status" className="mt-6 rounded-xl border border-primary/40 bg-primary-soft p-4 text-primary">
          {texts.requestSent}
        </p>
      ) : (
        <form method="post" action="/applications" noValidate className="mt-6 flex flex-col gap-4">
          <FormField label="E-mail address" id="link-email" required error={error}>
            {(control) => <Input {...control} name="email" type="email" autoComplete="email" defaultValue={email} maxLength={254} />}
          </FormField>
          <div className="hidden">
            <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
            <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          {formError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {formError}
            </p>
          )}
          <div>
            <Button type="submit">E-mail me my links</Button>
          </div>
        </form>
      )}
    </section>
  );
}
