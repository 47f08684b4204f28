import type { ReactNode } from 'react';
import { LinkButton } from '@/components/ui/link-button';
import { formatDateTime } from '@/lib/format';
import { replyMailto } from '@/lib/messages/reply';
import { contactReasonLabel } from '@/lib/messages/schema';
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
  };
  attachment: { fileName: string; size: number | null } | null;
  /** Mark read, delete (an island the page places in this slot). */
  actions?: ReactNode;
}

/** One contact message in the admin area: the sender, the message, a reply, the attachment. */
export function MessageDetail({ message, attachment, actions }: MessageDetailProps) {
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
        </>
      }
      aside={
        <>
          <div className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-card">
            <LinkButton
              href={replyMailto({ email: message.email, firstName: message.firstName, message: message.message, receivedOn: received })}
              size="sm"
              className="self-start"
            >
              Reply by e-mail
            </LinkButton>
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
