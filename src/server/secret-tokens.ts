import { createHash, randomBytes } from 'node:crypto';

/**
 * Tokens sent by e-mail (invitations, job alert confirmations, candidates' links): 32 random
 * bytes, of which the database keeps only a SHA-256, so a copy of the database opens nothing.
 */
export const newSecretToken = () => randomBytes(32).toString('base64url');

export const hashSecretToken = (token: string) => createHash('sha256').update(token).digest('base64url');
