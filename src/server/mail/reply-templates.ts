/**
 * The e-mails of two-way e-mail (issue 35): staff told that a reply came back to a thread, and
 * staff's answer to a contact message. The notice carries no word of the reply and no attachment:
 * the conversation is read in the admin area, where access is checked and reading recorded, so no
 * copy of it lives on in private inboxes after the person's data is erased. A sender the checks
 * could not verify is named by the address the mail gives and said so (issue 50): anyone can write
 * a candidate's name into a From: header.
 */
import { siteConfig } from '../../lib/site-config.ts';
import type { SenderStatus } from '../../lib/events/kinds.ts';
import { candidateMessage, oneLine, render, safeUrl, type MailContent } from './templates.ts';

export interface ReplyNotice {
  /** Who wrote: the person's name when verified, else the address the mail gives. */
  from: string;
  senderStatus: SenderStatus;
  /** What the thread is about: "their application for Senior Engineer", "their contact message". */
  about: string;
  url: string;
  attachments: number;
  /** Why the recipient gets it, and where they choose what comes by e-mail (notice-templates.ts). */
  reason: string;
}

/** The line a notice says of one reply. */
export function replyLine(reply: Omit<ReplyNotice, 'url' | 'reason'>): string {
  const files =
    reply.attachments === 0 ? '' : reply.attachments === 1 ? ' It has an attachment.' : ` It has ${reply.attachments} attachments.`;
  if (reply.senderStatus === 'verified') return `${reply.from} answered about ${reply.about}.${files}`;
  if (reply.senderStatus === 'other')
    return `${reply.from} answered about ${reply.about}: this is not the address our e-mails went to.${files}`;
  return `An e-mail that says it comes from ${reply.from} came in about ${reply.about}. It could not be verified as coming from that address: treat what it asks with care.${files}`;
}

export function replyReceivedMail(input: ReplyNotice): MailContent {
  const from = oneLine(input.from, 80);
  return render({
    subject: input.senderStatus === 'unverified' ? `Unverified reply from ${from}` : `New reply from ${from}`,
    preheader: `${from} answered about ${oneLine(input.about, 100)}.`,
    heading: input.senderStatus === 'unverified' ? 'A reply came in that could not be verified' : 'A reply came in',
    blocks: [
      { kind: 'paragraph', text: replyLine(input) },
      { kind: 'button', label: 'Read the reply', href: safeUrl(input.url) },
      {
        kind: 'paragraph',
        text: 'The reply is not in this e-mail: read and answer it in the admin area, so the whole conversation stays in one place.',
      },
    ],
    reason: input.reason,
  });
}

/** Several replies to one thread within the coalescing window, in one e-mail (issue 50). */
export function repliesReceivedMail(input: {
  replies: Omit<ReplyNotice, 'url' | 'about' | 'reason'>[];
  about: string;
  url: string;
  reason: string;
}): MailContent {
  const senders = [...new Set(input.replies.map((reply) => reply.from))];
  const count = input.replies.length;
  const subject =
    senders.length === 1 && input.replies.every((reply) => reply.senderStatus !== 'unverified')
      ? `${count} replies from ${oneLine(senders[0]!, 80)}`
      : `${count} replies about ${oneLine(input.about, 80)}`;
  return render({
    subject,
    preheader: `${count} replies came in about ${oneLine(input.about, 100)}.`,
    heading: `${count} replies came in`,
    blocks: [
      ...input.replies.map((reply) => ({ kind: 'paragraph' as const, text: replyLine({ ...reply, about: input.about }) })),
      { kind: 'button', label: 'Read the replies', href: safeUrl(input.url) },
      {
        kind: 'paragraph',
        text: 'The replies are not in this e-mail: read and answer them in the admin area, so the whole conversation stays in one place.',
      },
    ],
    reason: input.reason,
  });
}

/** Staff's answer to someone who wrote through the contact form, as written. */
export function messageAnswerMail(input: { subject: string; body: string }): MailContent {
  return candidateMessage({
    ...input,
    reason: `You received this e-mail because you wrote to ${siteConfig.name} through the contact form on our website.`,
  });
}
