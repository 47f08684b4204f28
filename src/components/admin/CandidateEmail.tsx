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
  sendDelayLabels,
  sendDelays,
  templateLabels,
  templateMessages,
  unknownPlaceholders,
  type EmailTemplate,
  type EmailTemplateKey,
  type PlaceholderValues,
  type SendDelay,
} from '@/lib/applications/templates';
import { formatDateTime } from '@/lib/format';
import { flashToast } from '@/components/ui/toast';
import { EmailPreview } from './EmailPreview';
import { runAdminAction } from './run-admin-action';

/**
 * Fired by the status form when an application is moved to rejected: the composer offers the
 * rejection e-mail (the reason's own, in the event's detail, when it has one).
 */
export const REJECTED_EVENT = 'application:rejected';

/** The composer's choice of writing without a template (sent with no template key). */
const OWN_WORDS = 'own-words';

/**
 * An e-mail to the candidate from a template: its placeholders filled in a preview before sending,
 * replies coming to the admin, sent through the mail queue (now or later) and kept on the
 * application's timeline. Delayed e-mails still to go are listed first, each with Cancel sending.
 */
export function CandidateEmail({
  applicationId,
  templates,
  values,
  scheduled,
  answering = null,
}: {
  applicationId: string;
  templates: EmailTemplate[];
  values: PlaceholderValues;
  scheduled: { id: string; subject: string; sendAt: Date }[];
  /** Answering a reply from the timeline (issue 35): the composer opens without a template, its subject "Re: …". */
  answering?: { subject: string } | null;
}) {
  const [delay, setDelay] = useState<SendDelay>(0);
  const [key, setKey] = useState<EmailTemplateKey | typeof OWN_WORDS | ''>(answering ? OWN_WORDS : '');
  const [subject, setSubject] = useState(answering?.subject ?? '');
  const [body, setBody] = useState('');
  const [offerRejection, setOfferRejection] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const section = useRef<HTMLDivElement>(null);
  const id = useId();

  function choose(next: EmailTemplateKey | typeof OWN_WORDS | '') {
    setKey(next);
    const template = templates.find((candidate) => candidate.key === next);
    setSubject(template?.subject ?? '');
    setBody(template?.body ?? '');
    setError(null);
  }

  useEffect(() => {
    const onRejected = (event: Event) => {
      setOfferRejection(true);
      choose('rejection');
      // The rejection reason's own e-mail, when it has one.
      const email = (event as CustomEvent<{ email: { subject: string; body: string } | null } | null>).detail?.email;
      if (email) {
        setSubject(email.subject);
        setBody(email.body);
      }
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
    const ok = await runAdminAction(() =>
      actions.admin.emailCandidate({
        applicationId,
        templateKey: key && key !== OWN_WORDS ? key : null,
        subject,
        body,
        delayMinutes: delay,
      }),
    );
    if (!ok) return setBusy(false);
    // The page is read again to show the e-mail on the timeline; the toast waits for it.
    flashToast(delay ? reviewToasts.emailScheduled : reviewToasts.emailSent);
    window.location.reload();
  }

  async function cancel(emailId: string) {
    setBusy(true);
    const ok = await runAdminAction(() => actions.admin.cancelCandidateEmail({ applicationId, emailId }));
    if (!ok) return setBusy(false);
    flashToast(reviewToasts.emailCancelled);
    window.location.reload();
  }

  return (
    <div ref={section} className="flex flex-col gap-3">
      {scheduled.length > 0 && (
        <ul aria-label="E-mails still to go" className="flex flex-col gap-2">
          {scheduled.map((email) => (
            <li key={email.id} className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-surface p-3 text-sm">
              <span className="min-w-0 flex-1">{`“${email.subject}” goes ${formatDateTime(email.sendAt)}.`}</span>
              <Button size="sm" variant="outline" aria-disabled={busy} onClick={() => void cancel(email.id)}>
                Cancel sending
              </Button>
            </li>
          ))}
        </ul>
      )}
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
        onChange={(event) => choose(event.target.value as EmailTemplateKey | typeof OWN_WORDS | '')}
        placeholder="Choose a template…"
        options={[
          ...templates.map((template) => ({ value: template.key, label: templateLabels[template.key] })),
          { value: OWN_WORDS, label: 'No template: your own words' },
        ]}
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
          <div className="flex flex-wrap items-end gap-3">
            <SelectField
              label="Send"
              id={`${id}-when`}
              value={String(delay)}
              onChange={(event) => setDelay(Number(event.target.value) as SendDelay)}
              hint={delay ? 'Until then, Cancel sending takes it back.' : undefined}
              options={sendDelays.map((value) => ({ value: String(value), label: sendDelayLabels[value] }))}
            />
            <Button type="submit" size="sm" aria-disabled={busy}>
              <Send aria-hidden="true" />
              {delay ? 'Schedule the e-mail' : 'Send to the candidate'}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
