import { createHmac } from 'node:crypto';

/**
 * A reference to a person that is not their address: the same person always gets the same one
 * (so repeated requests can be told apart from new ones in the audit log), and it cannot be turned
 * back into the address without AUTH_SECRET.
 */
export function personReference(secret: string, email: string): string {
  const digest = createHmac('sha256', secret).update(`person\0${email.trim().toLowerCase()}`).digest('hex');
  return `person-${digest.slice(0, 16)}`;
}
