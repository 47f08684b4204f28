import { z } from 'zod/mini';

/**
 * Personal API tokens (issue 55): one's own, named, read-only or read-write, ending after a chosen
 * number of days; they act with their owner's role and reach as they are at each call.
 */

export const apiTokenScopes = ['read', 'write'] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

export const apiTokenScopeLabels: Record<ApiTokenScope, { label: string; hint: string }> = {
  read: { label: 'Read', hint: 'Reads what you may read; changes nothing.' },
  write: { label: 'Read and write', hint: 'Also moves applications, adds notes and marks messages read, as far as your role may.' },
};

/** The ends a token can be given, in days. */
export const apiTokenLifetimes = [7, 30, 90, 365] as const;

/** Requests a minute, per token (the policy `api` of src/server/rate-limit.ts). */
export const API_REQUESTS_PER_MINUTE = 300;

export const apiTokenSchema = z.strictObject({
  name: z
    .string()
    .check(z.trim(), z.minLength(2, 'Name: write at least 2 characters.'), z.maxLength(100, 'Name: write at most 100 characters.')),
  scope: z.enum(apiTokenScopes, 'Access: choose Read, or Read and write.'),
  days: z.coerce
    .number()
    .check(z.refine((days) => (apiTokenLifetimes as readonly number[]).includes(days), 'Expires: choose 7, 30, 90 or 365 days.')),
});
export type ApiTokenInput = z.input<typeof apiTokenSchema>;

export const apiTokenIdSchema = z.strictObject({ id: z.uuid() });

export const apiTokenTexts = {
  title: 'API tokens',
  lead: 'Tokens let your scripts and other tools use the site’s JSON API as you: they see what you see, and a read-write token changes what you may change. Keep a token like a password.',
  docs: 'The API’s description (OpenAPI 3.1)',
  heading: 'Your tokens',
  none: 'No tokens yet.',
  make: 'Make a token',
  name: 'Name',
  nameHint: 'What it is for, such as “HR sync”.',
  scope: 'Access',
  days: 'Expires after',
  create: 'Make the token',
  shownOnce: 'Your new token, shown this once: copy it now.',
  kept: 'I have kept it',
  copy: 'Copy',
  copied: 'Copied',
  revoke: 'Revoke',
  revokeConfirm: 'Revoke this token? Whatever uses it stops working at once.',
  keep: 'Keep it',
  lastUsed: 'Last used',
  never: 'Never used',
  expires: 'Expires',
  expired: 'Expired',
  revoked: 'Revoked',
  created: 'Made',
} as const;
