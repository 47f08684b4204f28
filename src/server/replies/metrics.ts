import { domainCounter } from '../metrics.ts';
import type { InboundOutcome } from '../../lib/replies/kinds.ts';

/** Mail that reached us (SMTP or IMAP), by what became of it: /metrics `helixpoint_inbound_mail_total`. */
export const inboundMailCounter = domainCounter<'outcome' | 'via'>(
  'helixpoint_inbound_mail_total',
  'Mail that came back to reply addresses, by outcome (reply, auto_reply, bounce, duplicate, unknown_recipient, too_large, malformed, failed) and channel (smtp, imap).',
  ['outcome', 'via'],
);

export function countInbound(outcome: InboundOutcome, via: 'smtp' | 'imap'): void {
  inboundMailCounter().inc({ outcome, via });
}
