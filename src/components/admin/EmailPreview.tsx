import { fillPlaceholders, type PlaceholderValues } from '@/lib/applications/templates';

/**
 * An e-mail as one candidate will read it: the template's placeholders filled with their values.
 * Shown beside the editable template (the composer, the bulk rejection), so what each candidate
 * receives is in view while it is written, not below the fold (issue 30).
 */
export function EmailPreview({
  label,
  subject,
  body,
  values,
}: {
  label: string;
  subject: string;
  body: string;
  values: PlaceholderValues;
}) {
  return (
    <section aria-label={label} className="rounded-md border border-border bg-surface p-3 text-sm">
      <p className="font-semibold break-words">{fillPlaceholders(subject, values)}</p>
      <p className="mt-2 break-words whitespace-pre-wrap text-muted-foreground">{fillPlaceholders(body, values)}</p>
    </section>
  );
}
