import { z } from 'zod/mini';
import { lineField } from '../forms.ts';
import { roleLabels, staffRoles, type StaffRole } from './roles.ts';

/**
 * Staff sign-in through the company's identity provider (issue 56, decision 074): the settings'
 * rules, shared by the form on /admin/sso and the server, and the rules of who gets in as what.
 */

/** How a session began: the site's own password (and code), or the company's provider. */
export const signInMethods = ['password', 'sso'] as const;
export type SignInMethod = (typeof signInMethods)[number];

/** One row of the role map: people whose claim holds this value get this role. */
export interface SsoRoleMapping {
  value: string;
  role: StaffRole;
}

export const SSO_PROVIDER_ID = 'sso';
export const SSO_SESSION_HOURS_DEFAULT = 12;
export const SSO_MAX_DOMAINS = 20;
export const SSO_MAX_MAPPINGS = 30;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** "Example.com, helix.io" or one per line → ['example.com', 'helix.io']; what is not a domain is kept, for the check to name. */
export function parseDomains(value: string): string[] {
  return [
    ...new Set(
      value
        .split(/[\s,;]+/)
        .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
        .filter(Boolean),
    ),
  ];
}

/** The part of an address after its @, lowercased. */
export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Whether the provider owns this address: its domain is one of the provider's (subdomains are not). */
export const ownsAddress = (domains: readonly string[], email: string) => email.includes('@') && domains.includes(domainOf(email));

/**
 * The role a person's claim gives: the first row of the map whose value the claim holds (a list of
 * groups, or one value). Null when no row matches, or when the claim is missing.
 */
export function roleFromClaim(claim: unknown, map: readonly SsoRoleMapping[]): StaffRole | null {
  const values = Array.isArray(claim) ? claim.filter((value) => typeof value === 'string') : typeof claim === 'string' ? [claim] : [];
  for (const mapping of map) if (values.includes(mapping.value)) return mapping.role;
  return null;
}

const issuerSchema = z.string().check(
  z.trim(),
  z.minLength(1, 'Issuer URL: enter the provider’s issuer, such as https://login.example.com.'),
  z.maxLength(500, 'Issuer URL: write at most 500 characters.'),
  z.refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !url.search && !url.hash;
    } catch {
      return false;
    }
  }, 'Issuer URL: enter a web address that starts with https://, without a query.'),
);

const mappingSchema = z.object({
  value: lineField(
    z.trim(),
    z.minLength(1, 'Role map: enter the group’s value.'),
    z.maxLength(200, 'Role map: write at most 200 characters.'),
  ),
  role: z.enum(staffRoles, { error: 'Role map: choose a staff role.' }),
});

/**
 * The settings as the form sends them. The client secret may be left empty when one is kept: it
 * stays as it is (a kept secret is never sent back to the browser).
 */
export const ssoSettingsSchema = z
  .object({
    name: lineField(z.trim(), z.minLength(2, 'Name: write at least 2 characters.'), z.maxLength(60, 'Name: write at most 60 characters.')),
    issuer: issuerSchema,
    clientId: lineField(
      z.trim(),
      z.minLength(1, 'Client ID: enter the ID the provider gave.'),
      z.maxLength(300, 'Client ID: write at most 300 characters.'),
    ),
    clientSecret: lineField(z.trim(), z.maxLength(1000, 'Client secret: write at most 1,000 characters.')),
    domains: z.array(z.string()).check(
      z.minLength(1, 'Domains: enter at least one e-mail domain the provider owns.'),
      z.maxLength(SSO_MAX_DOMAINS, `Domains: enter at most ${SSO_MAX_DOMAINS}.`),
      z.refine(
        (domains) => domains.every((domain) => DOMAIN.test(domain)),
        'Domains: enter domains such as example.com, separated by commas.',
      ),
    ),
    roleClaim: z
      .string()
      .check(
        z.trim(),
        z.regex(/^[A-Za-z0-9_.:/-]{1,100}$/, 'Role claim: enter a claim name such as groups (letters, digits and _ . : / -).'),
      ),
    roleMap: z.array(mappingSchema).check(z.maxLength(SSO_MAX_MAPPINGS, `Role map: at most ${SSO_MAX_MAPPINGS} rows.`)),
    ssoOnly: z.boolean(),
    sessionHours: z
      .number()
      .check(
        z.int('Session length: enter a whole number of hours.'),
        z.gte(1, 'Session length: between 1 and 720 hours.'),
        z.lte(720, 'Session length: between 1 and 720 hours.'),
      ),
    enabled: z.boolean(),
  })
  .check(
    z.refine((input) => new Set(input.roleMap.map((row) => row.value)).size === input.roleMap.length, {
      message: 'Role map: give each value once.',
      path: ['roleMap'],
    }),
  );
export type SsoSettingsInput = z.output<typeof ssoSettingsSchema>;

/** The words of the sign-in page, the admin page and the messages, in one place. */
export const ssoTexts = {
  signInWith: (name: string) => `Sign in with ${name}`,
  continueWith: (name: string) => `Continue with ${name}`,
  ownedDomain: (name: string, domain: string) => `Staff of ${domain} sign in with ${name}.`,
  passwordInstead: 'Sign in with a password instead',
  ssoRequired: (name: string, domain: string) => `Staff of ${domain} sign in with ${name}, not with a password.`,
  failed: (name: string) => `Signing in with ${name} did not work.`,
  failures: {
    domain: 'The provider named an address outside the domains it serves here.',
    linked: 'An account with this address waits for its e-mail to be confirmed. Confirm it, or ask an admin.',
    verify: 'The provider’s answer could not be verified. Try again; if it happens again, tell an admin.',
    cancelled: 'Sign-in was cancelled at the provider.',
    unavailable: 'The provider could not be reached. Try again in a moment.',
    busy: 'Too many attempts from here: try again in a few minutes.',
    other: 'Try again; if it happens again, tell an admin.',
  },
  pendingTitle: 'Waiting for approval',
  pendingLead: (name: string) =>
    `You signed in with ${name}, and your account has no role here yet. An admin gives you one; once they have, this page leads you to your work.`,
  roleLabels,
} as const;

/** What the sign-in page may know of the provider: its name and domains (never secrets). */
export interface SsoPublicInfo {
  name: string;
  domains: string[];
  ssoOnly: boolean;
}
