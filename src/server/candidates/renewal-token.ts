import { createHmac } from 'node:crypto';

/**
 * The talent pool renewal link's token (issue 33): the application and its consent's end, signed
 * with AUTH_SECRET. A renewed or withdrawn consent changes the end, so the link stops working.
 */
export function renewalToken(secret: string, applicationId: string, until: Date): string {
  const mac = createHmac('sha256', secret).update(`talent-pool-renewal:${applicationId}:${until.toISOString()}`).digest('base64url');
  return `${applicationId}.${mac}`;
}

export const renewalUrl = (siteUrl: string, secret: string, applicationId: string, until: Date) =>
  `${siteUrl}/talent-pool/renew?token=${encodeURIComponent(renewalToken(secret, applicationId, until))}`;
