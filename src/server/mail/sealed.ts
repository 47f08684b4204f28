import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { MailMessage } from './transport.ts';

/**
 * Text kept in the database unreadable without AUTH_SECRET: AES-256-GCM with a key derived from the
 * secret and a purpose (so one purpose's text never opens with another's key). Used for mail that
 * must leave no trace of its recipient in the database, such as the confirmation of a privacy
 * erasure (the erased person's address would otherwise sit in the queue's table), and for a
 * booking's manage token, which its reminder must carry (only its hash opens the booking).
 */

export interface SealedMail {
  sealed: string;
}

const keyOf = (secret: string, purpose: string) => createHash('sha256').update(`helixpoint ${purpose}\0${secret}`).digest();

export function sealText(secret: string, purpose: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function unsealText(secret: string, purpose: string, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, purpose), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

export function sealMail(secret: string, message: MailMessage): SealedMail {
  return { sealed: sealText(secret, 'mail seal', JSON.stringify(message)) };
}

export function isSealedMail(data: unknown): data is SealedMail {
  return typeof (data as SealedMail | null)?.sealed === 'string';
}

export function unsealMail(secret: string, { sealed }: SealedMail): MailMessage {
  return JSON.parse(unsealText(secret, 'mail seal', sealed)) as MailMessage;
}
