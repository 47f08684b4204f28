/**
 * Headers of e-mails no person wrote (confirmations, acknowledgements): auto-responders and
 * out-of-office replies must not answer them (RFC 3834), so two systems never reply to each other.
 */
export const automatic: Readonly<Record<string, string>> = { 'Auto-Submitted': 'auto-generated' };
