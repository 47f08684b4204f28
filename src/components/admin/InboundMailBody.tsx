import type { SenderStatus } from '@/lib/events/kinds';
import type { InboundKind } from '@/lib/replies/kinds';

/** A mail that came back to a thread, as the server reads it (src/server/replies/thread.ts). */
export interface InboundMailView {
  id: string;
  kind: InboundKind;
  fromAddress: string;
  subject: string;
  text: string;
  fullText: string;
  html: string | null;
  attachments: { id: string; fileName: string; size: number }[];
  skippedAttachments: { fileName: string; reason: string }[];
  /** Who sent it, as checked (issue 50); null before senders were checked. */
  senderStatus: SenderStatus | null;
  authSummary: string | null;
}

/**
 * "replied by e-mail", "sent an automatic reply", "could not be delivered": what the mail was, and
 * whether its sender was shown to be who it says (issue 50).
 */
export function inboundSummary(mail: Pick<InboundMailView, 'kind' | 'subject' | 'senderStatus'>, person: string): string {
  if (mail.kind === 'bounce')
    return mail.senderStatus === 'unverified'
      ? `sent a delivery failure report for ${person} that could not be verified: the address was not marked as bouncing`
      : `could not deliver an e-mail to ${person}`;
  const from =
    mail.senderStatus === 'unverified'
      ? ' (not verified: this e-mail may not come from that address)'
      : mail.senderStatus === 'other'
        ? ` (another address than ${person}’s)`
        : '';
  if (mail.kind === 'auto_reply') return `answered automatically${from} (out of office or similar; not answered back): “${mail.subject}”`;
  return `replied by e-mail${from}: “${mail.subject}”`;
}

/**
 * What they wrote (quoted history and signature left out), the whole e-mail on request (its HTML
 * as the server sanitised it: formatting and links only), and the attachments kept, each an
 * audited download; those left out are named with why.
 */
export function InboundMailBody({ mail, fileHref }: { mail: InboundMailView; fileHref: string }) {
  const whole = mail.fullText.trim() !== mail.text.trim() || mail.html !== null;
  return (
    <div className="mt-1 flex flex-col gap-2">
      {mail.senderStatus === 'unverified' && (
        <p className="rounded-md border border-destructive/40 bg-destructive/5 p-3">
          <span className="font-semibold">Sender not verified.</span>{' '}
          {mail.kind === 'bounce'
            ? 'This report names no e-mail of ours, or its server did not prove who it is, so it changed nothing.'
            : `The domain of ${mail.fromAddress} did not vouch for this e-mail: anyone can write an address into it. Treat what it asks with care.`}
          {mail.authSummary && <span className="text-muted-foreground"> Checks: {mail.authSummary}.</span>}
        </p>
      )}
      <p className="rounded-md bg-surface p-3 leading-relaxed whitespace-pre-wrap text-muted-foreground">{mail.text}</p>
      {mail.kind !== 'bounce' && whole && (
        <details className="rounded-md border border-border p-3">
          <summary className="cursor-pointer font-medium">Show the whole e-mail</summary>
          {mail.html ? (
            // Sanitised when it was received (src/server/replies/content.ts): no images, styles or scripts.
            <div
              className="mt-2 break-words [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:border-border [&_blockquote]:pl-3"
              dangerouslySetInnerHTML={{ __html: mail.html }}
            />
          ) : (
            <p className="mt-2 whitespace-pre-wrap">{mail.fullText}</p>
          )}
        </details>
      )}
      {mail.attachments.length > 0 && (
        <ul aria-label="Attachments" className="flex flex-col gap-1">
          {mail.attachments.map((file) => (
            <li key={file.id}>
              <a className="font-medium text-primary underline underline-offset-2" href={`${fileHref}/${file.id}`} download>
                {file.fileName}
              </a>{' '}
              <span className="text-muted-foreground">({Math.max(1, Math.round(file.size / 1024))} KB)</span>
            </li>
          ))}
        </ul>
      )}
      {mail.skippedAttachments.length > 0 && (
        <p className="text-muted-foreground">
          Not kept: {mail.skippedAttachments.map((file) => `${file.fileName} (${file.reason})`).join(', ')}.
        </p>
      )}
    </div>
  );
}
