import { siteConfig } from '../site-config.ts';

/** Long quotes make mailto: links that some mail programs cut or refuse. */
const MAX_QUOTE = 1500;

/**
 * A mailto: link answering a contact message: the sender as recipient, "Re:" subject, a greeting
 * and the message quoted. Encoded with encodeURIComponent: mail programs show a "+" as a plus.
 */
export function replyMailto(message: { email: string; firstName: string; message: string; receivedOn: string }): string {
  const text = message.message.length > MAX_QUOTE ? `${message.message.slice(0, MAX_QUOTE)}…` : message.message;
  const quoted = text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  const subject = `Re: Your message to ${siteConfig.name}`;
  const body = `Hi ${message.firstName},\n\n\n\nOn ${message.receivedOn}, you wrote:\n${quoted}\n`;
  const to = message.email.split('@').map(encodeURIComponent).join('@');
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
