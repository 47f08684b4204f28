/**
 * The e-mails of notifications (issue 51): one event, several of one thread within the coalescing
 * window, or a person's daily digest. Like every notice they hold no word of what a person wrote
 * (a reply, a note): the workspace shows it, where reach is checked. Each says why it came and
 * where to choose what comes by e-mail.
 */
import { oneLine, render, safeUrl, type Block, type MailContent } from './templates.ts';

export interface NoticeLine {
  /** "Carla Candidate cancelled the interview of Tuesday, December 1 at 10:00 AM." */
  line: string;
}

/** The footer of every notice: why it came, and where to change that. */
export const noticeReason = (why: string, preferencesUrl: string) =>
  `You received this e-mail because ${why}. Choose what you get by e-mail: ${safeUrl(preferencesUrl)}`;

/** One notice, or several of one thread gathered within the window. */
export function noticeMail(input: {
  subject: string;
  heading: string;
  lines: string[];
  /** Where it is read: the application, the message, the meetings. */
  url: string;
  buttonLabel: string;
  reason: string;
}): MailContent {
  return render({
    subject: oneLine(input.subject, 140),
    preheader: oneLine(input.lines[0] ?? input.heading, 140),
    heading: input.heading,
    blocks: [
      ...input.lines.map((text): Block => ({ kind: 'paragraph', text })),
      { kind: 'button', label: input.buttonLabel, href: safeUrl(input.url) },
    ],
    reason: input.reason,
  });
}

/** A person's daily digest: what came since the last one, by thread, each with its link. */
export function digestMail(input: {
  count: number;
  groups: { about: string; url: string; lines: string[] }[];
  listUrl: string;
  reason: string;
}): MailContent {
  const updates = input.count === 1 ? '1 update' : `${input.count} updates`;
  return render({
    subject: `Your daily digest: ${updates}`,
    preheader: `${updates} on ${input.groups.length === 1 ? input.groups[0]!.about : `${input.groups.length} applications and conversations`}.`,
    heading: `${updates} since your last digest`,
    blocks: [
      ...input.groups.flatMap((group): Block[] => [
        { kind: 'paragraph', text: `${group.about}:\n${group.lines.map((line) => `• ${line}`).join('\n')}` },
        { kind: 'button', label: `Open ${oneLine(group.about, 60)}`, href: safeUrl(group.url) },
      ]),
      { kind: 'paragraph', text: `All your notifications: ${safeUrl(input.listUrl)}` },
    ],
    reason: input.reason,
  });
}
