/**
 * What came back to a thread's reply address (issue 35): a person's reply, an automatic one (out of
 * office, `Auto-Submitted`), recorded but never answered, or a delivery failure report (bounce).
 */
export const inboundKinds = ['reply', 'auto_reply', 'bounce'] as const;
export type InboundKind = (typeof inboundKinds)[number];

/** How a mail came in: the built-in SMTP receiver, or the polled IMAP mailbox. */
export const inboundChannels = ['smtp', 'imap'] as const;
export type InboundChannel = (typeof inboundChannels)[number];

/**
 * What happened to each mail that reached us, for the metrics (helixpoint_inbound_mail_total) and
 * the log: stored as one of the kinds, a copy already stored (delivered twice), or refused (too
 * many from that sender or to that thread for now, issue 50: SMTP answers 451, the sender tries later).
 */
export const inboundOutcomes = [
  ...inboundKinds,
  'duplicate',
  'unknown_recipient',
  'too_large',
  'malformed',
  'rate_limited',
  'failed',
] as const;
export type InboundOutcome = (typeof inboundOutcomes)[number];

/** A reply's attachments: kept when they are one of these (by content) and at most this size. */
export const REPLY_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** A whole mail larger than this is refused (SMTP: 552 at once; IMAP: left unread, logged). */
export const INBOUND_MAIL_MAX_BYTES = 25 * 1024 * 1024;
