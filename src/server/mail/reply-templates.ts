/**
 * The e-mails of two-way e-mail (issue 35): staff told that a reply came back to a thread, and
 * staff's answer to a contact message. The notice carries no word of the reply and no attachment:
 * the conversation is read in the admin area, where access is checked and reading recorded, so no
 * copy of it lives on in private inboxes after the person's data is erased.
 */
import { siteConfig } from '../../lib/site-config.ts';
import { candidateMessage, oneLine, render, safeUrl, type MailContent } from './templates.ts';

export function replyReceivedMail(input: {
  /** Who wrote: their name, or their address. */
  from: string;
  /** What the thread is about: "their application for Senior Engineer", "their contact message". */
  about: string;
  url: string;
  attachments: number;
}): MailContent {
  const files =
    input.attachments === 0 ? '' : input.attachments === 1 ? ' It has an attachment.' : ` It has ${input.attachments} attachments.`;
  return render({
    subject: `New reply from ${oneLine(input.from, 80)}`,
    preheader: `${oneLine(input.from, 80)} answered about ${oneLine(input.about, 100)}.`,
    heading: 'A reply came in',
    blocks: [
      { kind: 'paragraph', text: `${input.from} answered about ${input.about}.${files}` },
      { kind: 'button', label: 'Read the reply', href: safeUrl(input.url) },
      {
        kind: 'paragraph',
        text: 'The reply is not in this e-mail: read and answer it in the admin area, so the whole conversation stays in one place.',
      },
    ],
    reason: `You received this e-mail because you wrote to this person or work on this ${input.about.includes('application') ? 'position' : 'inbox'} at ${siteConfig.name}.`,
  });
}

/** Staff's answer to someone who wrote through the contact form, as written. */
export function messageAnswerMail(input: { subject: string; body: string }): MailContent {
  return candidateMessage({
    ...input,
    reason: `You received this e-mail because you wrote to ${siteConfig.name} through the contact form on our website.`,
  });
}
