import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { MailMessage } from './transport.ts';

/**
 * An e-mail kept in the job queue unreadable: AES-256-GCM with a key derived from AUTH_SECRET. Used
 * for mail that must leave no trace of its recipient in the database, such as the confirmation of a
 * privacy erasure (the erased person's address would otherwise sit in the queue's table).
 */

export interface SealedMail {
  sealed: string;
}

const keyOf = (secret: string) => createHash('sha256').update(`helixpoint mail seal\0${secret}`).digest();

export function sealMail(secret: string, message: MailMessage): SealedMail {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(message), 'utf8'), cipher.final()]);
  return { sealed: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64') };
}

export function isSealedMail(data: unknown): data is SealedMail {
  return typeof (data as SealedMail | null)?.sealed === 'string';
}

export function unsealMail(secret: string, { sealed }: SealedMail): MailMessage {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as MailMessage;
}
