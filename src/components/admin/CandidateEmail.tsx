import { actions } from 'astro:actions';
import { Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select';
import { FieldError } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { reviewToasts } from '@/lib/applications/review';
import {
  templateLabels,
  templateMessages,
  unknownPlaceholders,
  type EmailTemplate,
  type EmailTemplateKey,
  type PlaceholderValues,
} from '@/lib/applications/templates';
import { flashToast } from '@/components/ui/toast';
import { EmailPreview } from './EmailPreview';
import { runAdminAction } from './run-admin-action';

/** Fired by the status form when an application is moved to rejected: the composer offers the rejection e-mail. */
export const REJECTED_EVENT = 'application:rejected';

/**
 * An e-mail to the candidate from a template: its placeholders filled in a preview before sending,
 * replies coming to the admin, sent through the mail queue and kept on the application's timeline.
 */
export function CandidateEmail({
  applicationId,
  templates,
  values,
}: {
  applicationId: string;
  templates: EmailTemplate[];
  values: PlaceholderValues;
}) {
  const [key, setKey] = useState<EmailTemplateKey | ''>('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [offerRejection, setOfferRejection] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const section = useRef<HTMLDivElement>(null);
  const id = useId();

  function choose(next: EmailTemplateKey | '') {
    setKey(next);
    const template = templates.find((candidate) => candidate.key === next);
    setSubject(template?.subject ?? '');
    setBody(template?.body ?? '');
    setError(null);
  }

  useEffect(() => {
    const onRejected = () => {
      setOfferRejection(true);
      choose('rejection');
      section.current?.scrollIntoView({ block: 'center' });
      section.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    };
    window.addEventListener(REJECTED_EVENT, onRejected);
    return () => window.removeEventListener(REJECTED_EVENT, onRejected);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- choose() reads only props that never change
  }, []);

  async function send() {
    const unknown = unknownPlaceholders(`${subject} ${body}`);
    if (unknown.length) return setError(templateMessages.unknown(unknown));
    if (!subject.trim()) return setError(templateMessages.subject);
    if (!body.trim()) return setError(templateMessages.body);
    setBusy(true);
    const ok = await runAdminAction(() => actions.admin.emailCandidate({ applicationId, templateKey: key || null, subject, body }));
    if (!ok) return setBusy(false);
    // The page is read again to show the e-mail on the timeline; the toast waits for it.
    flashToast(reviewToasts.emailSent);
    window.location.reload();
  }

  return (
    <div ref={section} className="flex flex-col gap-3">
      {offerRejection && (
        <div role="status" className="flex flex-col gap-2 rounded-md border border-border bg-surface p-3 text-sm">
          <p>The application is rejected. Send the rejection e-mail?</p>
          <Button
            size="sm"
            variant="outline"
            className="self-start"
            onClick={() => {
              setOfferRejection(false);
              choose('');
            }}
          >
            Skip the e-mail
          </Button>
        </div>
      )}
      <SelectField
        label="Template"
        id={`${id}-template`}
        data-autofocus
        value={key}
        onChange={(event) => choose(event.target.value as EmailTemplateKey | '')}
        placeholder="Choose a template…"
        options={templates.map((template) => ({ value: template.key, label: templateLabels[template.key] }))}
      />
      {key && (
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) void send();
          }}
        >
          {/* The template on the left, the candidate's e-mail beside it (below on narrow screens). */}
          <div className="grid gap-3 md:grid-cols-2 md:items-start">
            <div className="flex flex-col gap-3">
              <label htmlFor={`${id}-subject`} className="text-sm font-medium">
                Subject
              </label>
              <Input id={`${id}-subject`} value={subject} maxLength={200} onChange={(event) => setSubject(event.target.value)} />
              <label htmlFor={`${id}-body`} className="text-sm font-medium">
                E-mail
              </label>
              <Textarea id={`${id}-body`} rows={8} value={body} maxLength={10_000} onChange={(event) => setBody(event.target.value)} />
            </div>
            <div className="flex flex-col gap-3">
              <p className="text-sm font-medium" aria-hidden="true">
                As the candidate will read it
              </p>
              <EmailPreview label="Preview, as the candidate will read it" subject={subject} body={body} values={values} />
            </div>
          </div>
          {error && <FieldError>{error}</FieldError>}
          <Button type="submit" size="sm" className="self-start" aria-disabled={busy}>
            <Send aria-hidden="true" />
            Send to the candidate
          </Button>
        </form>
      )}
    </div>
  );
}
