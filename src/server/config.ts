import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DataDirError, assertWritableDataDir, explainDataDirError } from './data-dir.ts';
import { parseAllowList, type AllowList } from './outbound/guarded-fetch.ts';
import { DEFAULT_RETRY_SECONDS } from '../lib/integrations/integration.ts';
import { parseDomains, SSO_SESSION_HOURS_DEFAULT, ssoSettingsSchema } from '../lib/accounts/sso.ts';
import { staffRoles, type StaffRole } from '../lib/accounts/roles.ts';
import type { SsoEnvironment } from './sso/provider.ts';

/**
 * Every environment variable of the operating contract, parsed once at start. A wrong value
 * stops the server with one line naming the variable and what it expects.
 */

const MB = 1024 * 1024;

/**
 * The address without SITE_URL (development, a first try): where this server listens, so
 * `PORT=4588 npm start` links to port 4588. A wildcard or loopback host is spelled localhost.
 */
export function localAddress(host: string, port: number): string {
  const name = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host) ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/** A host name or address that only this machine reaches (127.0.0.0/8, ::1, localhost). */
export const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const url = (protocols: readonly string[], what: string) =>
  optionalString.refine((value) => {
    if (value === undefined) return true;
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be ${what}`);

const emailList = optionalString
  .transform((value) =>
    value
      ? value
          .split(',')
          .map((item) => item.trim().toLowerCase())
          .filter(Boolean)
      : [],
  )
  .refine((list) => list.every((item) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(item)), 'must be a comma-separated list of e-mail addresses');

const email = optionalString.refine(
  (value) => value === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.replace(/^.*<(.+)>$/, '$1')),
  'must be an e-mail address (optionally "Name <address>")',
);

const days = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(36_500, 'must be at most 36500 days')
    .default(fallback);

const megabytes = (fallback: number, min: number) =>
  z.coerce
    .number({ error: 'must be a number of megabytes' })
    .int('must be a whole number of megabytes')
    .min(min, `must be at least ${min}`)
    .max(1_048_576, 'must be at most 1048576 (1 TB)')
    .default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(4321),
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  SITE_URL: url(['http:', 'https:'], 'an http(s) URL such as https://www.example.com').refine((value) => {
    if (value === undefined) return true;
    try {
      const parsed = new URL(value);
      return parsed.pathname === '/' && !parsed.search && !parsed.hash && !parsed.username;
    } catch {
      return true; // reported by the check above
    }
  }, 'must be the address of the site root, without a path (such as https://www.example.com)'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'a postgres:// connection URL'),
  AUTH_SECRET: optionalString.refine((value) => value === undefined || value.length >= 32, 'must be at least 32 characters'),
  ADMIN_EMAILS: emailList,
  SMTP_URL: url(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL'),
  MAIL_FROM: email,
  HIRING_EMAIL: email,
  CONTACT_EMAIL: email,
  REPLY_ADDRESS: optionalString.refine(
    (value) => value === undefined || /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/.test(value),
    'must be a plain e-mail address without a "+" (such as replies@mail.example.com): replies go to its +token form',
  ),
  INBOUND_SMTP_PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .optional(),
  INBOUND_SMTP_HOST: z.string().trim().min(1, 'must not be empty').optional(),
  INBOUND_AUTHSERV_ID: optionalString.refine(
    (value) => value === undefined || /^[A-Za-z0-9][A-Za-z0-9.-]*$/.test(value),
    'must be a host name such as mx.google.com: the relay that writes the Authentication-Results header of the mail it forwards',
  ),
  IMAP_URL: url(['imap:', 'imaps:'], 'an imap:// or imaps:// URL such as imaps://user:password@mail.example.com/INBOX'),
  IMAP_POLL_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(5, 'must be between 5 and 3600 seconds')
    .max(3600, 'must be between 5 and 3600 seconds')
    .default(60),
  STORAGE_DRIVER: z.enum(['fs', 's3'], { error: 'must be fs or s3' }).default('fs'),
  S3_ENDPOINT: url(['http:', 'https:'], 'an http(s) URL'),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' }).optional(),
  TRUST_PROXY: optionalString,
  WEBHOOK_RETRY_SECONDS: optionalString.transform((value, context) => {
    if (!value) return [...DEFAULT_RETRY_SECONDS];
    const delays = value.split(',').map((part) => Number(part.trim()));
    if (delays.length > 20 || delays.some((delay) => !Number.isInteger(delay) || delay < 1 || delay > 86_400)) {
      context.addIssue({ code: 'custom', message: 'must be up to 20 whole numbers of seconds (1 to 86400) separated by commas' });
      return z.NEVER;
    }
    return delays;
  }),
  OUTBOUND_ALLOWED_HOSTS: optionalString.transform((value, context) => {
    try {
      return parseAllowList(value);
    } catch (error) {
      context.addIssue({
        code: 'custom',
        message: `must be host names, addresses or ranges separated by commas: ${(error as Error).message}`,
      });
      return z.NEVER;
    }
  }),
  METRICS_TOKEN: optionalString.refine((value) => value === undefined || value.length >= 16, 'must be at least 16 characters'),
  AUTH_REQUIRE_EMAIL_VERIFICATION: z.enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' }).optional(),
  RETENTION_APPLICATION_DAYS: days(365),
  RETENTION_MESSAGE_DAYS: days(365),
  RETENTION_AUDIT_DAYS: days(730),
  RETENTION_TALENT_POOL_MONTHS: z.coerce
    .number({ error: 'must be a number of months' })
    .int('must be a whole number of months')
    .min(1, 'must be between 1 and 60 months')
    .max(60, 'must be between 1 and 60 months')
    .default(12),
  UPLOAD_CLIENT_QUOTA_MB: megabytes(50, 10),
  UPLOAD_TOTAL_QUOTA_MB: megabytes(2048, 10),
  UPLOAD_MIN_FREE_MB: megabytes(1024, 0),
  ADMIN_REQUIRE_2FA: z.enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' }).optional(),
  ANALYTICS: z.enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' }).optional(),
  DRAIN_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be between 1 and 600 seconds')
    .max(600, 'must be between 1 and 600 seconds')
    .default(20),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level (info, warn, error, ...)' })
    .default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional(),
  // Staff sign-in through the company's identity provider (issue 56); the admin area's settings otherwise.
  SSO_OIDC_ISSUER: url(['http:', 'https:'], 'the provider’s issuer URL, such as https://login.example.com/realms/staff'),
  SSO_OIDC_CLIENT_ID: optionalString,
  SSO_OIDC_CLIENT_SECRET: optionalString,
  SSO_OIDC_DOMAINS: optionalString.transform((value) => (value ? parseDomains(value) : [])),
  SSO_OIDC_NAME: optionalString,
  SSO_OIDC_ROLE_CLAIM: optionalString,
  SSO_OIDC_ROLES: optionalString.transform((value, context) => {
    if (!value) return [];
    const rows = value.split(',').map((pair) => pair.trim().split('='));
    if (rows.some((row) => row.length !== 2 || !row[0]?.trim() || !(staffRoles as readonly string[]).includes(row[1]?.trim() ?? ''))) {
      context.addIssue({
        code: 'custom',
        message: `must be group=role pairs separated by commas, the roles among ${staffRoles.join(', ')}`,
      });
      return z.NEVER;
    }
    return rows.map(([group, role]) => ({ value: group!.trim(), role: role!.trim() as StaffRole }));
  }),
  SSO_OIDC_ONLY: z.enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' }).optional(),
  SSO_SESSION_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .int('must be a whole number of hours')
    .min(1, 'must be between 1 and 720 hours')
    .max(720, 'must be between 1 and 720 hours')
    .default(SSO_SESSION_HOURS_DEFAULT),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  siteUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  /** Cookies carry `Secure`: in production, or whenever the site is served over https. */
  secureCookies: boolean;
  /** Sign-up needs a verified e-mail before a session (default true). */
  requireEmailVerification: boolean;
  adminEmails: string[];
  /** ADMIN_REQUIRE_2FA (default true): admins need a verified TOTP factor for anything in the admin area. */
  adminRequireTwoFactor: boolean;
  /** SSO_OIDC_*: the company's identity provider for staff (issue 56); null: the admin area's, if any. */
  sso: SsoEnvironment;
  mail: { smtpUrl: string | undefined; from: string; hiringEmail: string | undefined; contactEmail: string | undefined; outboxDir: string };
  /**
   * Replies to our e-mails (issue 35): the address whose `+token` forms each thread's e-mails carry
   * (null: replies go to the sender as before), and the ways replies come in.
   */
  inbound: {
    replyAddress: string | null;
    smtpPort: number | undefined;
    smtpHost: string;
    imapUrl: string | undefined;
    imapPollMs: number;
    /** INBOUND_AUTHSERV_ID (issue 50): the relay whose Authentication-Results header is believed; null: the receiver checks senders itself. */
    authservId: string | null;
  };
  storage: {
    driver: 'fs' | 's3';
    s3?: { endpoint?: string; bucket: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean };
  };
  trustProxy: boolean;
  /** ANALYTICS (issue 57): the site's own analytics count views and goals; false counts nothing. */
  analytics: boolean;
  /** OUTBOUND_ALLOWED_HOSTS: the private servers links people type may reach (outbound/guarded-fetch.ts). */
  outboundAllow: AllowList;
  /** WEBHOOK_RETRY_SECONDS: the delays between an integration delivery's tries (lib/integrations/integration.ts). */
  webhookRetrySeconds: number[];
  /** How long personal data is kept (the retention job, the privacy notice). */
  retention: { applicationDays: number; messageDays: number; auditDays: number; talentPoolMonths: number };
  /** GET /metrics needs `Authorization: Bearer <this>`; unset, /metrics is closed. */
  metricsToken: string | undefined;
  /** What uploads not yet attached may take, and the disk's free-space floor (src/server/uploads/quota.ts). */
  uploads: { perClientBytes: number; totalBytes: number; minFreeBytes: number };
  /** On SIGTERM: how long requests in flight may take before their connections are cut (decision 035). */
  drainTimeoutMs: number;
  logLevel: string;
  /** json or readable lines; unset: readable on a terminal, JSON otherwise (src/server/logger.ts). */
  logFormat: 'json' | 'pretty' | undefined;
}

/** Reads the secret kept in DATA_DIR, creating it (owner-only) on first start. */
function localSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  try {
    assertWritableDataDir(dataDir);
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  } catch (error) {
    throw error instanceof DataDirError ? error : explainDataDirError(dataDir, error);
  }
  return secret;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    // A URL's password (SMTP_URL, IMAP_URL, DATABASE_URL) never reaches the log.
    const got = env[name] === undefined ? '' : ` (got "${env[name].replace(/(\/\/[^/@:\s]*):[^/@\s]*@/, '$1:***@')}")`;
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${name.includes('SECRET') || name.includes('TOKEN') ? '' : got}.`,
    );
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const sso: SsoEnvironment = e.SSO_OIDC_ISSUER
    ? {
        name: e.SSO_OIDC_NAME ?? 'your company account',
        issuer: e.SSO_OIDC_ISSUER,
        clientId: e.SSO_OIDC_CLIENT_ID ?? '',
        clientSecret: e.SSO_OIDC_CLIENT_SECRET ?? '',
        domains: e.SSO_OIDC_DOMAINS,
        roleClaim: e.SSO_OIDC_ROLE_CLAIM ?? 'groups',
        roleMap: e.SSO_OIDC_ROLES,
        ssoOnly: e.SSO_OIDC_ONLY === 'true' || e.SSO_OIDC_ONLY === '1',
        sessionHours: e.SSO_SESSION_HOURS,
      }
    : null;
  if (sso) {
    const missing = (['SSO_OIDC_CLIENT_ID', 'SSO_OIDC_CLIENT_SECRET'] as const).find((name) => !e[name]);
    if (missing) throw new ConfigError(`Invalid configuration: ${missing} is required when SSO_OIDC_ISSUER is set.`);
    if (e.SSO_OIDC_DOMAINS.length === 0)
      throw new ConfigError(
        'Invalid configuration: SSO_OIDC_DOMAINS is required when SSO_OIDC_ISSUER is set (the e-mail domains it owns).',
      );
    // The admin page's rules, for the same settings.
    const invalid = ssoSettingsSchema.safeParse({ ...sso, enabled: true });
    if (!invalid.success) throw new ConfigError(`Invalid configuration: SSO_OIDC_* ${invalid.error.issues[0]?.message ?? 'is invalid'}`);
  }
  if (production && !e.AUTH_SECRET)
    throw new ConfigError('Invalid configuration: AUTH_SECRET is required when NODE_ENV=production (at least 32 characters).');
  if (production && !e.SITE_URL)
    throw new ConfigError('Invalid configuration: SITE_URL is required when NODE_ENV=production (the public https:// address).');
  if (e.STORAGE_DRIVER === 's3' && (!e.S3_BUCKET || !e.S3_REGION)) {
    throw new ConfigError(`Invalid configuration: ${e.S3_BUCKET ? 'S3_REGION' : 'S3_BUCKET'} is required when STORAGE_DRIVER=s3.`);
  }
  const dataDir = resolve(e.DATA_DIR);
  // The origin only: prerendered pages get it written in at start (src/server/http/static-site.ts).
  const siteUrl = new URL(e.SITE_URL ?? localAddress(e.HOST, e.PORT)).origin;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    siteUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    authSecret: e.AUTH_SECRET ?? localSecret(dataDir),
    secureCookies: production || siteUrl.startsWith('https://'),
    requireEmailVerification: !(e.AUTH_REQUIRE_EMAIL_VERIFICATION === 'false' || e.AUTH_REQUIRE_EMAIL_VERIFICATION === '0'),
    adminEmails: e.ADMIN_EMAILS,
    adminRequireTwoFactor: !(e.ADMIN_REQUIRE_2FA === 'false' || e.ADMIN_REQUIRE_2FA === '0'),
    sso,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Helixpoint <no-reply@${new URL(siteUrl).hostname}>`,
      hiringEmail: e.HIRING_EMAIL,
      contactEmail: e.CONTACT_EMAIL,
      outboxDir: join(dataDir, 'mail'),
    },
    inbound: {
      // Set on every instance of a fleet (those without a receiver send the addresses too); taking
      // replies in on one of them is enough for a default on the site's own domain.
      replyAddress:
        e.REPLY_ADDRESS?.toLowerCase() ?? (e.INBOUND_SMTP_PORT !== undefined || e.IMAP_URL ? `replies@${new URL(siteUrl).hostname}` : null),
      smtpPort: e.INBOUND_SMTP_PORT,
      // A site kept on loopback (behind nginx) keeps its receiver there too, unless told otherwise.
      smtpHost: e.INBOUND_SMTP_HOST ?? (isLoopback(e.HOST) ? e.HOST : '0.0.0.0'),
      authservId: e.INBOUND_AUTHSERV_ID?.toLowerCase() ?? null,
      imapUrl: e.IMAP_URL,
      imapPollMs: e.IMAP_POLL_SECONDS * 1000,
    },
    storage: {
      driver: e.STORAGE_DRIVER,
      ...(e.STORAGE_DRIVER === 's3'
        ? {
            s3: {
              ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
              bucket: e.S3_BUCKET as string,
              region: e.S3_REGION as string,
              ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID } : {}),
              ...(e.S3_SECRET_ACCESS_KEY ? { secretAccessKey: e.S3_SECRET_ACCESS_KEY } : {}),
              forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
            },
          }
        : {}),
    },
    trustProxy: Boolean(e.TRUST_PROXY && e.TRUST_PROXY !== 'false' && e.TRUST_PROXY !== '0'),
    analytics: !(e.ANALYTICS === 'false' || e.ANALYTICS === '0'),
    outboundAllow: e.OUTBOUND_ALLOWED_HOSTS,
    webhookRetrySeconds: e.WEBHOOK_RETRY_SECONDS,
    retention: {
      applicationDays: e.RETENTION_APPLICATION_DAYS,
      messageDays: e.RETENTION_MESSAGE_DAYS,
      auditDays: e.RETENTION_AUDIT_DAYS,
      talentPoolMonths: e.RETENTION_TALENT_POOL_MONTHS,
    },
    metricsToken: e.METRICS_TOKEN,
    uploads: {
      perClientBytes: e.UPLOAD_CLIENT_QUOTA_MB * MB,
      totalBytes: e.UPLOAD_TOTAL_QUOTA_MB * MB,
      minFreeBytes: e.UPLOAD_MIN_FREE_MB * MB,
    },
    drainTimeoutMs: e.DRAIN_TIMEOUT_SECONDS * 1000,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
  };
}
