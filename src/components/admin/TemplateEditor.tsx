import { actions } from 'astro:actions';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/label';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { reviewToasts } from '@/lib/applications/review';
import {
  defaultTemplates,
  fillPlaceholders,
  templateLabels,
  templateMessages,
  unknownPlaceholders,
  type EmailTemplate,
  type PlaceholderValues,
} from '@/lib/applications/templates';
import { formatDateTime } from '@/lib/format';
import { runAdminAction } from './run-admin-action';

export interface TemplateEditorProps {
  template: EmailTemplate & { updatedAt: Date | null; updatedByEmail: string | null };
  /** Example values for the preview (a made-up candidate, the viewer as sender). */
  example: PlaceholderValues;
}

/** One e-mail template: its subject and text edited, previewed with example values, saved for every admin. */
export function TemplateEditor({ template, example }: TemplateEditorProps) {
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [saved, setSaved] = useState({ subject: template.subject, body: template.body });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const changed = subject !== saved.subject || body !== saved.body;
  const isDefault = subject === defaultTemplates[template.key].subject && body === defaultTemplates[template.key].body;

  async function save() {
    const unknown = unknownPlaceholders(`${subject} ${body}`);
    if (unknown.length) return setError(templateMessages.unknown(unknown));
    if (!subject.trim() || subject.length > 200) return setError(templateMessages.subject);
    if (!body.trim() || body.length > 10_000) return setError(templateMessages.body);
    setError(null);
    setBusy(true);
    const ok = await runAdminAction(() => actions.admin.saveTemplate({ key: template.key, subject, body }), reviewToasts.templateSaved);
    setBusy(false);
    if (ok) setSaved({ subject, body });
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      className="grid gap-6 rounded-xl border border-border bg-card p-6 shadow-card lg:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void save();
      }}
    >
      <div className="flex flex-col gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {templateLabels[template.key]}
        </h2>
        <p className="text-sm text-muted-foreground">
          {template.updatedAt
            ? `Last changed ${formatDateTime(template.updatedAt)} by ${template.updatedByEmail ?? 'an admin'}.`
            : 'The text the site comes with.'}
        </p>
        <label htmlFor={`${id}-subject`} className="text-sm font-medium">
          Subject
        </label>
        <Input
          id={`${id}-subject`}
          aria-describedby={error ? `${id}-error` : undefined}
          value={subject}
          maxLength={200}
          onChange={(event) => setSubject(event.target.value)}
        />
        <label htmlFor={`${id}-body`} className="text-sm font-medium">
          E-mail
        </label>
        <Textarea
          id={`${id}-body`}
          aria-describedby={error ? `${id}-error` : undefined}
          rows={12}
          value={body}
          maxLength={10_000}
          onChange={(event) => setBody(event.target.value)}
        />
        {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" aria-disabled={busy || !changed}>
            Save template
          </Button>
          {!isDefault && (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => {
                setSubject(defaultTemplates[template.key].subject);
                setBody(defaultTemplates[template.key].body);
              }}
            >
              Use the original text
            </Button>
          )}
          {changed && (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => (setSubject(saved.subject), setBody(saved.body), setError(null))}
            >
              Undo changes
            </Button>
          )}
        </div>
      </div>
      <section aria-label={`Preview of ${templateLabels[template.key]}`} className="rounded-lg border border-border bg-surface p-4 text-sm">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Preview</p>
        <p className="mt-2 font-semibold">{fillPlaceholders(subject, example)}</p>
        <p className="mt-3 leading-relaxed whitespace-pre-wrap">{fillPlaceholders(body, example)}</p>
      </section>
    </form>
  );
}
