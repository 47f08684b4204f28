import type { ReactNode } from 'react';
import { LinkButton } from '@/components/ui/link-button';
import { formatDateTime } from '@/lib/format';
import { replyMailto } from '@/lib/messages/reply';
import { contactReasonLabel } from '@/lib/messages/schema';
import { InboundMailBody, inboundSummary, type InboundMailView } from './InboundMailBody';
import { DetailCard, DetailLayout, DetailList, detailLinkClass, notGiven, PrivateFileCard, WrittenText } from './DetailCard';

export interface MessageDetailProps {
  message: {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string | null;
    reason: string;
    message: string;
    createdAt: Date;
    emailBouncedAt?: Date | null;
    emailBounceReason?: string | null;
  };
  attachment: { fileName: string; size: number | null } | null;
  /** Mark read, delete (an island the page places in this slot). */
  actions?: ReactNode;
  /** The conversation since (issue 35): staff's answers and what came back, oldest first. */
  thread?: ThreadItem[];
  /** The answer composer (an island), shown when `answerable`: replies come back here instead of to a mail program. */
  answer?: ReactNode;
  /**
   * A reply address is configured (issue 35). Astro hands every slot written in the page to the
   * component, empty or not, so whether to show the composer is said here rather than read from the slot.
   */
  answerable?: boolean;
}

export type ThreadItem =
  | { direction: 'out'; id: string; at: Date; who: string; subject: string; body: string }
  | { direction: 'in'; id: string; at: Date; who: string; mail: InboundMailView };

/** One contact message in the admin area: the sender, the message, a reply, the attachment. */
export function MessageDetail({ message, attachment, actions, thread = [], answer, answerable = false }: MessageDetailProps) {
  const received = formatDateTime(message.createdAt);
  return (
    <DetailLayout
      asideLabel="Message actions"
      main={
        <>
          <DetailCard id="sender-heading" title="Sender">
            <DetailList
              rows={[
                ['Name', `${message.firstName} ${message.lastName}`],
                [
                  'Email',
                  <a key="email" className={detailLinkClass} href={`mailto:${message.email}`}>
                    {message.email}
                  </a>,
                ],
                [
                  'Phone',
                  message.phone ? (
                    <a key="phone" className={detailLinkClass} href={`tel:${message.phone.replace(/[^\d+]/g, '')}`}>
                      {message.phone}
                    </a>
                  ) : (
                    notGiven
                  ),
                ],
                ['Reason', contactReasonLabel(message.reason)],
                ['Received', received],
              ]}
            />
          </DetailCard>
          <DetailCard id="message-heading" title="Message">
            <WrittenText>{message.message}</WrittenText>
          </DetailCard>
          {thread.length > 0 && (
            <DetailCard id="conversation-heading" title="Conversation">
              <ol aria-label="Conversation, oldest first" className="mt-4 flex flex-col gap-4">
                {thread.map((item) => (
                  <li key={item.id} id={item.direction === 'in' ? `reply-${item.id}` : undefined} className="scroll-mt-24 text-sm">
                    <p>
                      <span className="font-semibold">{item.who}</span>{' '}
                      {item.direction === 'out' ? `answered: “${item.subject}”` : inboundSummary(item.mail, message.email)}{' '}
                      <span className="text-muted-foreground">· {formatDateTime(item.at)}</span>
                    </p>
                    {item.direction === 'out' ? (
                      <p className="mt-1 rounded-md bg-surface p-3 leading-relaxed whitespace-pre-wrap text-muted-foreground">
                        {item.body}
                      </p>
                    ) : (
                      <InboundMailBody mail={item.mail} fileHref={`/api/admin/messages/${message.id}/reply-files`} />
                    )}
                  </li>
                ))}
              </ol>
            </DetailCard>
          )}
          {answerable && (
            <DetailCard id="answer-heading" title={`Answer ${message.firstName}`}>
              <p className="mt-2 text-sm text-muted-foreground">The answer is kept in the conversation, and the reply comes back to it.</p>
              {message.emailBouncedAt && (
                <p role="status" className="mt-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
                  {`E-mails to ${message.email} bounced on ${formatDateTime(message.emailBouncedAt)}${message.emailBounceReason ? `: ${message.emailBounceReason}` : ''}. Check the address before writing again.`}
                </p>
              )}
              <div className="mt-4">{answer}</div>
            </DetailCard>
          )}
        </>
      }
      aside={
        <>
          <div className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-card">
            {!answerable && (
              <LinkButton
                href={replyMailto({ email: message.email, firstName: message.firstName, message: message.message, receivedOn: received })}
                size="sm"
                className="self-start"
              >
                Reply by e-mail
              </LinkButton>
            )}
            {actions}
          </div>
          <PrivateFileCard
            title="Attachment"
            file={attachment}
            href={`/api/admin/attachments/${message.id}`}
            downloadLabel="Download attachment"
            none="None."
          />
        </>
      }
    />
  );
}
