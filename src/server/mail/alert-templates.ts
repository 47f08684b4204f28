/**
 * The e-mails of job alerts (src/server/alerts/): the double opt-in confirmation and the daily
 * digest of new positions. Both carry the one-click unsubscribe link in their text (the headers
 * are added by the sender, src/server/alerts/alerts.ts).
 */
import { siteConfig } from '../../lib/site-config.ts';
import { oneLine, render, safeUrl, type Block, type MailContent } from './templates.ts';

/** What the alert asks for, in words: "Engineering positions in Austin, TX", "all new positions". */
export function alertFilterText(filter: { departmentName: string | null; location: string | null }): string {
  const what = filter.departmentName ? `${filter.departmentName} positions` : 'new positions';
  return filter.location ? `${what} in ${filter.location}` : filter.departmentName ? what : 'all new positions';
}

/** To the address given on /careers: nothing else is sent before this link is followed. */
export function confirmJobAlert(input: { filter: string; confirmUrl: string; unsubscribeUrl: string }): MailContent {
  return render({
    subject: `Confirm your ${siteConfig.name} job alert`,
    preheader: 'One click and we will e-mail you new positions. Nothing is sent before you confirm.',
    heading: 'Confirm your job alert',
    blocks: [
      { kind: 'paragraph', text: `Someone, hopefully you, asked to receive ${input.filter} at ${siteConfig.name} by e-mail.` },
      { kind: 'button', label: 'Confirm the job alert', href: safeUrl(input.confirmUrl) },
      {
        kind: 'paragraph',
        text: 'If you did not ask for this, ignore this e-mail: without a confirmation we send you nothing, and the request is forgotten.',
      },
      { kind: 'paragraph', text: `Changed your mind? Unsubscribe: ${safeUrl(input.unsubscribeUrl)}` },
    ],
    reason: `You received this e-mail because this address was entered on the ${siteConfig.name} careers page.`,
  });
}

export interface DigestPosition {
  title: string;
  location: string;
  url: string;
}

/** At most one a day per alert: every new matching position since the last one. */
export function jobAlertDigest(input: { filter: string; positions: DigestPosition[]; unsubscribeUrl: string }): MailContent {
  const count = input.positions.length;
  const first = input.positions[0];
  const subject =
    count === 1 && first
      ? `New position at ${siteConfig.name}: ${oneLine(first.title, 80)}`
      : `${count} new positions at ${siteConfig.name}`;
  const blocks: Block[] = [
    {
      kind: 'paragraph',
      text:
        count === 1
          ? `A new position matches your job alert (${input.filter}):`
          : `${count} new positions match your job alert (${input.filter}):`,
    },
  ];
  for (const position of input.positions) {
    blocks.push({ kind: 'details', rows: [[position.title, position.location]] });
    blocks.push({ kind: 'button', label: `View and apply: ${oneLine(position.title, 80)}`, href: safeUrl(position.url) });
  }
  blocks.push({
    kind: 'paragraph',
    text: `You get at most one e-mail a day. To stop these e-mails, unsubscribe: ${safeUrl(input.unsubscribeUrl)}`,
  });
  return render({
    subject,
    preheader: input.positions.map((position) => oneLine(position.title, 60)).join(' · '),
    heading: count === 1 ? 'A new position for you' : 'New positions for you',
    blocks,
    reason: `You received this e-mail because you subscribed to job alerts on the ${siteConfig.name} careers page. Unsubscribe at any time with the link above.`,
  });
}
