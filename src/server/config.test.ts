import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = mkdtempSync(join(tmpdir(), 'config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { DATA_DIR: dataDir };

describe('loadConfig', () => {
  it('has the contract defaults', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      port: 4321,
      host: '127.0.0.1',
      siteUrl: 'http://localhost:4321',
      databaseUrl: undefined,
      storage: { driver: 'fs' },
      retention: { applicationDays: 365, messageDays: 365, auditDays: 730, talentPoolMonths: 12 },
    });
    expect(config.mail.outboxDir).toBe(join(dataDir, 'mail'));
  });

  it('without SITE_URL, links to where it listens: PORT, and HOST unless it is a wildcard or loopback', () => {
    expect(loadConfig({ ...base, PORT: '4588' }).siteUrl).toBe('http://localhost:4588');
    expect(loadConfig({ ...base, HOST: '0.0.0.0', PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
    expect(loadConfig({ ...base, HOST: '192.168.1.20', PORT: '4321' }).siteUrl).toBe('http://192.168.1.20:4321');
    expect(loadConfig({ ...base, HOST: 'fd00::20', PORT: '4321' }).siteUrl).toBe('http://[fd00::20]:4321');
    expect(loadConfig({ ...base, PORT: '4588', SITE_URL: 'https://www.helixpoint.example' }).siteUrl).toBe(
      'https://www.helixpoint.example',
    );
  });

  it('reads the company’s identity provider from SSO_OIDC_* (issue 56), and names what is missing or wrong', () => {
    expect(loadConfig(base).sso).toBeNull();
    const sso = {
      SSO_OIDC_ISSUER: 'https://login.acme.example/realms/staff',
      SSO_OIDC_CLIENT_ID: 'helixpoint',
      SSO_OIDC_CLIENT_SECRET: 'a-secret-from-keycloak',
      SSO_OIDC_DOMAINS: 'Acme.example, acme.io',
    };
    expect(
      loadConfig({ ...base, ...sso, SSO_OIDC_NAME: 'Acme Login', SSO_OIDC_ROLES: 'hr=recruiter, it-admins=admin', SSO_OIDC_ONLY: 'true' })
        .sso,
    ).toEqual({
      name: 'Acme Login',
      issuer: 'https://login.acme.example/realms/staff',
      clientId: 'helixpoint',
      clientSecret: 'a-secret-from-keycloak',
      domains: ['acme.example', 'acme.io'],
      roleClaim: 'groups',
      roleMap: [
        { value: 'hr', role: 'recruiter' },
        { value: 'it-admins', role: 'admin' },
      ],
      ssoOnly: true,
      sessionHours: 12,
    });
    expect(() => loadConfig({ ...base, ...sso, SSO_OIDC_CLIENT_SECRET: '' })).toThrow(
      'Invalid configuration: SSO_OIDC_CLIENT_SECRET is required when SSO_OIDC_ISSUER is set.',
    );
    expect(() => loadConfig({ ...base, ...sso, SSO_OIDC_DOMAINS: '' })).toThrow(/SSO_OIDC_DOMAINS is required/);
    expect(() => loadConfig({ ...base, ...sso, SSO_OIDC_ROLES: 'hr=boss' })).toThrow(/SSO_OIDC_ROLES must be group=role pairs/);
    expect(() => loadConfig({ ...base, ...sso, SSO_SESSION_HOURS: '0' })).toThrow('SSO_SESSION_HOURS must be between 1 and 720 hours');
    // The secret is never repeated in the message.
    expect(() => loadConfig({ ...base, ...sso, SSO_OIDC_DOMAINS: 'not a domain' })).toThrow(
      /^Invalid configuration: SSO_OIDC_\* Domains: /,
    );
  });

  it('takes LOG_FORMAT json or pretty, and nothing else', () => {
    expect(loadConfig(base).logFormat).toBeUndefined();
    expect(loadConfig({ ...base, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ ...base, LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT must be json or pretty');
  });

  it('reads the retention periods, and refuses nonsense with the variable named', () => {
    expect(loadConfig({ ...base, RETENTION_APPLICATION_DAYS: '180', RETENTION_TALENT_POOL_MONTHS: '24' }).retention).toMatchObject({
      applicationDays: 180,
      talentPoolMonths: 24,
    });
    expect(() => loadConfig({ ...base, RETENTION_MESSAGE_DAYS: '0' })).toThrow(
      'Invalid configuration: RETENTION_MESSAGE_DAYS must be at least 1 day (got "0").',
    );
    expect(() => loadConfig({ ...base, RETENTION_AUDIT_DAYS: 'forever' })).toThrow(/RETENTION_AUDIT_DAYS must be a number of days/);
  });

  it('generates a local secret once and keeps it, readable by the owner only', () => {
    const first = loadConfig(base).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig(base).authSecret).toBe(first);
    expect(readFileSync(join(dataDir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a number (got "abc").'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 1 and 65535 (got "70000").'],
    [
      { SITE_URL: 'example.com' },
      'Invalid configuration: SITE_URL must be an http(s) URL such as https://www.example.com (got "example.com").',
    ],
    [
      { SITE_URL: 'https://www.example.com/site' },
      'Invalid configuration: SITE_URL must be the address of the site root, without a path (such as https://www.example.com) (got "https://www.example.com/site").',
    ],
    [{ METRICS_TOKEN: 'short' }, 'Invalid configuration: METRICS_TOKEN must be at least 16 characters.'],
    [
      { OUTBOUND_ALLOWED_HOSTS: 'calendar.corp.example, https://caldav.corp.example' },
      'Invalid configuration: OUTBOUND_ALLOWED_HOSTS must be host names, addresses or ranges separated by commas: "https://caldav.corp.example" is a link: write its host name alone (such as calendar.corp.example) (got "calendar.corp.example, https://caldav.corp.example").',
    ],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid configuration: DATABASE_URL must be a postgres:// connection URL (got "mysql://x").'],
    [
      { IMAP_URL: 'pop3://replies:hunter2@mail.example.com' },
      'Invalid configuration: IMAP_URL must be an imap:// or imaps:// URL such as imaps://user:password@mail.example.com/INBOX (got "pop3://replies:***@mail.example.com").',
    ],
    [
      { REPLY_ADDRESS: 'replies+x@mail.example.com' },
      'Invalid configuration: REPLY_ADDRESS must be a plain e-mail address without a "+" (such as replies@mail.example.com): replies go to its +token form (got "replies+x@mail.example.com").',
    ],
    [{ INBOUND_SMTP_PORT: '0' }, 'Invalid configuration: INBOUND_SMTP_PORT must be between 1 and 65535 (got "0").'],
    [{ STORAGE_DRIVER: 'ftp' }, 'Invalid configuration: STORAGE_DRIVER must be fs or s3 (got "ftp").'],
    [{ STORAGE_DRIVER: 's3' }, 'Invalid configuration: S3_BUCKET is required when STORAGE_DRIVER=s3.'],
    [
      { ADMIN_EMAILS: 'a@b.co, nope' },
      'Invalid configuration: ADMIN_EMAILS must be a comma-separated list of e-mail addresses (got "a@b.co, nope").',
    ],
    [{ AUTH_SECRET: 'short' }, 'Invalid configuration: AUTH_SECRET must be at least 32 characters.'],
    [
      { NODE_ENV: 'production', SITE_URL: 'https://x.example' },
      'Invalid configuration: AUTH_SECRET is required when NODE_ENV=production (at least 32 characters).',
    ],
    [
      { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) },
      'Invalid configuration: SITE_URL is required when NODE_ENV=production (the public https:// address).',
    ],
  ])('rejects %o with one clear line', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(new ConfigError(message));
  });

  it('parses lists, flags and the S3 settings', () => {
    const config = loadConfig({
      ...base,
      ADMIN_EMAILS: ' Boss@Helixpoint.example , ops@helixpoint.example ',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'uploads',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      TRUST_PROXY: '1',
      SITE_URL: 'https://www.helixpoint.example/',
    });
    expect(config.adminEmails).toEqual(['boss@helixpoint.example', 'ops@helixpoint.example']);
    expect(config.storage.s3).toMatchObject({ bucket: 'uploads', region: 'us-east-1', forcePathStyle: true });
    expect(config.trustProxy).toBe(true);
    expect(config.siteUrl).toBe('https://www.helixpoint.example');
    // Links people type reach no private server unless named.
    expect(config.outboundAllow.hosts.size + config.outboundAllow.ranges.length).toBe(0);
    const allowing = loadConfig({ ...base, OUTBOUND_ALLOWED_HOSTS: 'caldav.corp.example, 10.20.0.0/16' }).outboundAllow;
    expect([...allowing.hosts]).toEqual(['caldav.corp.example']);
    expect(allowing.ranges).toHaveLength(1);
  });

  it('turns reply addresses on with a reply address or a way for replies to come in', () => {
    expect(loadConfig(base).inbound.replyAddress).toBeNull();
    const smtp = loadConfig({ ...base, SITE_URL: 'https://www.helixpoint.example', INBOUND_SMTP_PORT: '2525' });
    // On loopback, as the site is (HOST's default), unless INBOUND_SMTP_HOST says otherwise; on every address when the site is.
    expect(smtp.inbound).toMatchObject({
      replyAddress: 'replies@www.helixpoint.example',
      smtpPort: 2525,
      smtpHost: '127.0.0.1',
      authservId: null,
    });
    expect(loadConfig({ ...base, HOST: '0.0.0.0', INBOUND_SMTP_PORT: '2525' }).inbound.smtpHost).toBe('0.0.0.0');
    expect(loadConfig({ ...base, HOST: '::1', INBOUND_SMTP_PORT: '2525' }).inbound.smtpHost).toBe('::1');
    expect(loadConfig({ ...base, INBOUND_SMTP_PORT: '2525', INBOUND_SMTP_HOST: '10.0.0.5' }).inbound.smtpHost).toBe('10.0.0.5');
    expect(loadConfig({ ...base, INBOUND_AUTHSERV_ID: 'MX.Google.com' }).inbound.authservId).toBe('mx.google.com');
    expect(() => loadConfig({ ...base, INBOUND_AUTHSERV_ID: 'mx google' })).toThrow(/INBOUND_AUTHSERV_ID must be a host name/);
    const imap = loadConfig({ ...base, IMAP_URL: 'imaps://replies:secret@mail.example.com/INBOX', IMAP_POLL_SECONDS: '30' });
    expect(imap.inbound).toMatchObject({ imapUrl: 'imaps://replies:secret@mail.example.com/INBOX', imapPollMs: 30_000 });
    // An instance of a fleet without a receiver still sends the thread addresses.
    expect(loadConfig({ ...base, REPLY_ADDRESS: 'Replies@Mail.Example.com' }).inbound.replyAddress).toBe('replies@mail.example.com');
  });

  it('requires a second factor of admins unless ADMIN_REQUIRE_2FA says false', () => {
    expect(loadConfig(base).adminRequireTwoFactor).toBe(true);
    expect(loadConfig({ ...base, ADMIN_REQUIRE_2FA: 'true' }).adminRequireTwoFactor).toBe(true);
    expect(loadConfig({ ...base, ADMIN_REQUIRE_2FA: 'false' }).adminRequireTwoFactor).toBe(false);
    expect(() => loadConfig({ ...base, ADMIN_REQUIRE_2FA: 'sometimes' })).toThrow(
      'Invalid configuration: ADMIN_REQUIRE_2FA must be true or false (got "sometimes").',
    );
  });
});
