import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links that open a draft to anyone who has them, until they expire (issue 34: a post's preview,
 * a page's texts' preview): a subject (URL-safe), its end and a MAC of both with AUTH_SECRET and
 * the link's purpose, so a link made for one purpose opens nothing else. Nothing is stored but,
 * for a link a newer one ends, the generation of the thing it opens (generationToken).
 */

const mac = (secret: string, purpose: string, subject: string, expires: number) =>
  createHmac('sha256', secret).update(`${purpose}:${subject}:${expires}`).digest('base64url');

/** `subject`.`end in seconds`.`mac`, valid for `days`. */
export function signedToken(
  secret: string,
  purpose: string,
  subject: string,
  days: number,
  now = new Date(),
): { token: string; expiresAt: Date } {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(subject)) throw new Error('A signed link’s subject is URL-safe (base64url).');
  const expires = Math.floor(now.getTime() / 1000) + days * 24 * 3600;
  return { token: `${subject}.${expires}.${mac(secret, purpose, subject, expires)}`, expiresAt: new Date(expires * 1000) };
}

/** The subject of a token made for `purpose` that has not expired; null for a malformed, forged or expired one. */
export function subjectOfSignedToken(secret: string, purpose: string, token: string | undefined, now = new Date()): string | null {
  const match = /^([A-Za-z0-9_-]{1,200})\.(\d{10})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!match) return null;
  const [, subject, seconds, given] = match as unknown as [string, string, string, string];
  const expires = Number(seconds);
  const expected = Buffer.from(mac(secret, purpose, subject, expires));
  if (expected.length !== Buffer.byteLength(given) || !timingSafeEqual(expected, Buffer.from(given))) return null;
  return expires * 1000 > now.getTime() ? subject : null;
}

/**
 * A preview link that a newer one ends (issue 50): the subject carries the generation the link was
 * made in, and the thing it opens keeps its current generation; making a link (or unpublishing)
 * moves that on, so every older link opens nothing.
 */
export function generationToken(secret: string, purpose: string, subject: string, generation: number, days: number, now = new Date()) {
  return signedToken(secret, purpose, `${subject}-g${generation}`, days, now);
}

/** The subject and generation of a token made by generationToken() that has not expired; null otherwise. */
export function subjectOfGenerationToken(
  secret: string,
  purpose: string,
  token: string | undefined,
  now = new Date(),
): { subject: string; generation: number } | null {
  const signed = subjectOfSignedToken(secret, purpose, token, now);
  const match = signed === null ? null : /^(.+)-g(\d{1,9})$/.exec(signed);
  return match ? { subject: match[1]!, generation: Number(match[2]) } : null;
}
