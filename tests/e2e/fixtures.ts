import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { parse as parseDevalue } from 'devalue';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { hashSessionToken } from '../../src/server/accounts/session-tokens';

/**
 * Shared pieces for the account and admin tests: every test is its own client (its own
 * X-Forwarded-For, honoured because the test server runs with TRUST_PROXY), the mail outbox of the
 * test server, and an admin made with `npm run admin:create` who then enrols a TOTP factor through
 * the account page's own endpoints (ADMIN_REQUIRE_2FA is on, as in production); codes are
 * computed with a TOTP library from the key the site shows.
 */

let clientCounter = 0;

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    clientCounter += 1;
    await use({ 'X-Forwarded-For': `10.${testInfo.workerIndex + 1}.${Math.floor(clientCounter / 250)}.${(clientCounter % 250) + 1}` });
  },
});

export { expect };

export const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is set by playwright.config.ts');
  return dir;
};

/** Quoted-printable, as nodemailer writes long lines. */
/**
 * Undoes quoted-printable in the message's body only: the headers are not encoded, and decoding them
 * turned a List-Unsubscribe link whose token began with two hex digits ("?token=4F…") into a broken
 * one, one run in sixteen.
 */
function decodeQuotedPrintable(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  const [headers, body] = end === -1 ? [raw, ''] : [raw.slice(0, end), raw.slice(end)];
  return headers + body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The newest e-mail to `to` in the test server's outbox (its text), waiting for it to be sent; with
 * `atLeast`, waiting until that many such e-mails are there (a resent one replaces the first).
 */
export async function latestMailTo(to: string, subject: RegExp, { atLeast = 1 } = {}): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        const dir = join(dataDir(), 'mail');
        const files = (() => {
          try {
            return readdirSync(dir)
              .filter((name) => name.endsWith('.eml'))
              .sort()
              .reverse();
          } catch {
            return [];
          }
        })();
        const matching = files
          .map((file) => decodeQuotedPrintable(readFileSync(join(dir, file), 'utf8')))
          .filter((raw) => raw.includes(`To: ${to}`) && subject.test(raw));
        found = matching[0] ?? '';
        return matching.length >= atLeast;
      },
      { timeout: 15_000, message: `an e-mail to ${to}` },
    )
    .toBe(true);
  return found;
}

export function linkIn(mail: string, path: string): string {
  const link = new RegExp(`https?://[^\\s"<>]+${path.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`).exec(mail)?.[0];
  if (!link) throw new Error(`No ${path} link in the e-mail`);
  return link.replace(/&amp;/g, '&');
}

/** `npm run admin:create` with the given arguments (the test server's DATA_DIR). */
export function adminCreate(...args: string[]): string {
  return execFileSync(process.execPath, ['scripts/admin-create.mjs', ...args], {
    env: { ...process.env, DATA_DIR: dataDir(), LOG_LEVEL: 'silent' },
    stdio: 'pipe',
    encoding: 'utf8',
  });
}

/** The test server's AUTH_SECRET (generated into its DATA_DIR): for links only the server signs, as its e-mails carry them. */
export const testServerSecret = (): string => readFileSync(join(dataDir(), 'auth-secret'), 'utf8').trim();

/** The test server's SMTP receiver (playwright.config.ts: INBOUND_SMTP_PORT is the site's port + 1000). */
const inboundPort = () => Number(process.env.E2E_PORT ?? 4329) + 1000;

/** The Reply-To address of an e-mail in the outbox (its thread's, issue 35). */
export function replyToOf(mail: string): string {
  const address = /^Reply-To: (?:.*<)?([^\s<>]+@[^\s<>]+?)>?\s*$/im.exec(mail)?.[1];
  if (!address) throw new Error('The e-mail has no Reply-To');
  return address;
}

/**
 * The header the company's relay writes on a mail whose sender it verified (playwright.config.ts:
 * INBOUND_AUTHSERV_ID), for a mail from `from`: the site shows it as its sender's (issue 50).
 */
export const verifiedByRelay = (from: string) => ({
  'Authentication-Results': `mx.helixpoint.test; dkim=pass header.d=${from.slice(from.lastIndexOf('@') + 1)}; dmarc=pass header.from=${from.slice(from.lastIndexOf('@') + 1)}`,
});

/** Sends a mail to the test server's SMTP receiver, as the company's mail server forwards a reply (issue 35). */
export async function sendToReceiver(message: import('nodemailer').SendMailOptions): Promise<void> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: inboundPort(), secure: false, ignoreTLS: true });
  try {
    await transport.sendMail(message);
  } finally {
    transport.close();
  }
}

/**
 * A reply on a thread without an e-mail first (the authorisation matrix's fixtures): a reply token
 * made in the database as the site makes them (its SHA-256 kept), then a mail to its address.
 */
export async function replyToThread(
  thread: { applicationId: string } | { contactMessageId: string },
  message: Omit<import('nodemailer').SendMailOptions, 'to'>,
): Promise<void> {
  const { createHash, randomBytes } = await import('node:crypto');
  const token = randomBytes(20).toString('hex');
  const [column, id] =
    'applicationId' in thread ? ['application_id', thread.applicationId] : ['contact_message_id', thread.contactMessageId];
  await sqlOnTestServer(`insert into reply_tokens (token_hash, ${column}) values ($1, $2)`, [
    createHash('sha256').update(token).digest('base64url'),
    id,
  ]);
  await sendToReceiver({ ...message, to: `replies+${token}@helixpoint.test` });
}

/** Runs one statement on the test server's embedded PostgreSQL (for states no page can make). */
export async function sqlOnTestServer(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const port = readFileSync(join(dataDir(), 'postgres.port'), 'utf8').trim();
  const password = readFileSync(join(dataDir(), 'postgres-password'), 'utf8').trim();
  const client = new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'postgres', password, database: 'helixpoint' });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/**
 * Makes a client's session one that never passed the code step (aal1). No flow of the site makes
 * one for an account with a factor any more (enrolment ends the other sessions, issue 25): this is
 * the state the authorisation checks must refuse all the same, should one ever exist.
 */
export async function skipCodeStep(request: APIRequestContext): Promise<void> {
  const cookie = (await request.storageState()).cookies.find((candidate) => /helixpoint\.session_token$/.test(candidate.name));
  if (!cookie) throw new Error('not signed in');
  const token = decodeURIComponent(cookie.value).split('.')[0]!;
  const { rowCount } = await sqlOnTestServer(`update sessions set aal = 'aal1' where token = $1`, [hashSessionToken(token)]);
  expect(rowCount).toBe(1);
}

/** The id of a rejection reason every installation starts with (migration 0017), for requests made as a page makes them. */
export async function reasonIdOf(label: string): Promise<string> {
  const { rows } = await sqlOnTestServer('select id from rejection_reasons where label = $1', [label]);
  if (!rows[0]) throw new Error(`No rejection reason "${label}"`);
  return (rows[0] as { id: string }).id;
}

/** An admin without a second factor yet (held at enrolment until they set one up). */
export function createAdmin(email: string, password: string, name = 'Ada Admin'): void {
  adminCreate('--email', email, '--password', password, '--name', name);
}

/** The current code of an authenticator holding `secret` (base32, spaces allowed). */
export function totpCode(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

export interface EnrolledAdmin {
  email: string;
  password: string;
  /** The TOTP key the account page showed (base32). */
  secret: string;
  backupCodes: string[];
}

/** The data an Astro action answered with (Astro serialises it with devalue). */
export async function actionData<T>(response: { text(): Promise<string> }): Promise<T> {
  return parseDevalue(await response.text()) as T;
}

/** Enrols a TOTP factor for a signed-in client through the account page's actions, as the page does. */
export async function enrolTotp(request: APIRequestContext, password: string): Promise<{ secret: string; backupCodes: string[] }> {
  const started = await request.post('/_actions/account.startTwoFactor', { data: { password } });
  expect(started.status(), 'start enrolment').toBe(200);
  const enrolment = await actionData<{ ok: boolean; manualKey: string }>(started);
  expect(enrolment.ok).toBe(true);
  const confirmed = await request.post('/_actions/account.confirmTwoFactor', { data: { code: totpCode(enrolment.manualKey) } });
  expect(confirmed.status(), 'confirm enrolment').toBe(200);
  const result = await actionData<{ ok: boolean; backupCodes: string[] }>(confirmed);
  expect(result.ok).toBe(true);
  return { secret: enrolment.manualKey, backupCodes: result.backupCodes };
}

/** `npm run admin:create`, then a TOTP factor enrolled through the real endpoints: an admin as ADMIN_REQUIRE_2FA wants one. */
export async function createEnrolledAdmin(baseURL: string, email: string, password: string, name = 'Ada Admin'): Promise<EnrolledAdmin> {
  createAdmin(email, password, name);
  const client = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  try {
    await signInApi(client, email, password, baseURL);
    const { secret, backupCodes } = await enrolTotp(client, password);
    return { email, password, secret, backupCodes };
  } finally {
    await client.dispose();
  }
}

export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  // Before hydration the form would be a plain HTML form: wait for the island.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
}

/** The code step after the password: a current code from the authenticator. */
export async function enterTotp(page: Page, secret: string): Promise<void> {
  await expect(page).toHaveURL(/\/auth\/two-factor/);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** An enrolled admin signs in: password, then code. */
export async function signInAsEnrolledAdmin(page: Page, admin: EnrolledAdmin): Promise<void> {
  await signInWithForm(page, admin.email, admin.password);
  await enterTotp(page, admin.secret);
}

/** An API client signed in to aal2: password, then the code step. */
export async function signInApiWithCode(request: APIRequestContext, admin: EnrolledAdmin, baseURL: string): Promise<void> {
  const response = await request.post('/api/auth/sign-in/email', {
    data: { email: admin.email, password: admin.password },
    headers: { Origin: baseURL },
  });
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
  const verified = await request.post('/api/auth/two-factor/verify-totp', {
    data: { code: totpCode(admin.secret) },
    headers: { Origin: baseURL },
  });
  expect(verified.status(), `code step of ${admin.email}`).toBe(200);
}

/**
 * A page signed in as an enrolled admin through the API, password then code (the page's request
 * context shares its cookies), then opened at `path`: for tests about something other than signing
 * in, a second faster than the form and its code step, which accounts.spec.ts, two-factor.spec.ts
 * and admin.spec.ts go through.
 */
export async function signInPageWithCode(page: Page, admin: EnrolledAdmin, path = '/admin'): Promise<void> {
  await signInApiWithCode(page.request, admin, base.info().project.use.baseURL!);
  await page.goto(path);
}

/** Signs an API client in (its cookies are kept by the request context). */
export async function signInApi(request: APIRequestContext, email: string, password: string, baseURL: string): Promise<void> {
  // A browser sends its Origin; Better Auth refuses a cookie-carrying POST without a trusted one.
  const response = await request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { Origin: baseURL } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
}

/**
 * A verified user: signed up through the API, then confirmed through the e-mailed link, whose page
 * asks for the password (decision 028) and signs in (the request context keeps the session).
 */
export async function createVerifiedUser(
  request: APIRequestContext,
  {
    email,
    username,
    password = 'user password 123',
    firstName = 'Una',
    lastName = 'User',
  }: { email: string; username: string; password?: string; firstName?: string; lastName?: string },
) {
  const response = await request.post('/api/auth/sign-up/email', {
    data: { email, password, name: `${firstName} ${lastName}`, username, firstName, lastName },
  });
  expect(response.status()).toBe(200);
  await confirmAddress(request, email, password);
  return { email, password };
}

/** Follows the newest confirmation link e-mailed to `email` and chooses `password` there, as its page's form does. */
export async function confirmAddress(request: APIRequestContext, email: string, password: string): Promise<void> {
  const link = new URL(linkIn(await latestMailTo(email, /Confirm your e-mail/), '/auth/verify-email?'));
  const confirmed = await request.post('/api/auth/verify-email', {
    data: { token: link.searchParams.get('token'), password, confirmPassword: password },
    headers: { Origin: link.origin },
  });
  expect(confirmed.status(), `confirming ${email}`).toBe(200);
}

export const resumePath = fileURLToPath(new URL('../fixtures/resume.pdf', import.meta.url));

let applicantCounter = 0;

/**
 * An application with a resume, sent the way the careers form sends it, from an address of its own
 * (each test seeds several, and applications are limited per address).
 */
export async function applyThroughApi(
  request: APIRequestContext,
  positionTitle: string,
  email: string,
  {
    firstName = 'Jane',
    lastName = 'Applicant',
    resume = { path: resumePath, type: 'application/pdf', name: 'jane-resume.pdf' },
    fields = {} as Record<string, unknown>,
  } = {},
): Promise<string> {
  applicantCounter += 1;
  const headers = {
    'X-Forwarded-For': `172.${16 + base.info().workerIndex}.${Math.floor(applicantCounter / 250)}.${(applicantCounter % 250) + 1}`,
  };
  const { positions } = (await (await request.get('/api/positions')).json()) as { positions: { id: string; title: string }[] };
  const position = positions.find((candidate) => candidate.title === positionTitle)!;
  const upload = await request.post('/api/uploads?purpose=resume', {
    headers: { ...headers, 'Content-Type': resume.type, 'X-File-Name': resume.name },
    data: readFileSync(resume.path),
  });
  expect(upload.status()).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  const submit = await request.post('/_actions/apply', {
    headers,
    data: {
      first_name: firstName,
      last_name: lastName,
      email,
      country_code: '+1',
      phone: '(512) 555-0147',
      address: '100 Congress Ave, Austin, TX',
      gender: 'female',
      linkedin_profile: 'https://www.linkedin.com/in/jane',
      github_profile: '',
      vercel_profile: '',
      cover_letter: '<script>alert("x")</script> I would love to join.',
      resume_upload_id: id,
      position_id: position.id,
      privacy_acknowledged: true,
      company_website: '',
      ...fields,
    },
  });
  expect(submit.status()).toBe(200);
  // An action answers 200 with field errors too: a refused application must fail the test here, not later.
  expect(await actionData<{ kind: string }>(submit)).toMatchObject({ kind: 'submitted' });
  return position.id;
}

/** The admin.createPosition action's input for a remote position with nothing but a title and a description. */
export const positionInput = (title: string, description = 'x') => ({
  title,
  departmentId: '',
  location: 'Remote',
  type: 'Remote',
  description,
  requirements: '',
  responsibilities: '',
  salaryMin: '',
  salaryMax: '',
  closesAt: '',
});
