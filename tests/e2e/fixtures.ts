import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Shared pieces for the account and admin tests: every test is its own client (its own
 * X-Forwarded-For, honoured because the test server runs with TRUST_PROXY), the mail outbox of the
 * test server, and an admin made with `npm run admin:create`.
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

const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is set by playwright.config.ts');
  return dir;
};

/** Quoted-printable, as nodemailer writes long lines. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest e-mail to `to` in the test server's outbox (its text), waiting for it to be sent. */
export async function latestMailTo(to: string, subject: RegExp): Promise<string> {
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
        for (const file of files) {
          const raw = decodeQuotedPrintable(readFileSync(join(dir, file), 'utf8'));
          if (raw.includes(`To: ${to}`) && subject.test(raw)) {
            found = raw;
            return true;
          }
        }
        return false;
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

export function createAdmin(email: string, password: string, name = 'Ada Admin'): void {
  execFileSync(process.execPath, ['scripts/admin-create.mjs', '--email', email, '--password', password, '--name', name], {
    env: { ...process.env, DATA_DIR: dataDir(), LOG_LEVEL: 'silent' },
    stdio: 'pipe',
  });
}

export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  // Before hydration the form would be a plain HTML form: wait for the island.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
}

/** Signs an API client in (its cookies are kept by the request context). */
export async function signInApi(request: APIRequestContext, email: string, password: string, baseURL: string): Promise<void> {
  // A browser sends its Origin; Better Auth refuses a cookie-carrying POST without a trusted one.
  const response = await request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { Origin: baseURL } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
}

/** A verified user: signed up through the API and verified through the e-mailed link. */
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
    data: { email, password, name: `${firstName} ${lastName}`, username, firstName, lastName, callbackURL: '/auth/verified' },
  });
  expect(response.status()).toBe(200);
  const link = linkIn(await latestMailTo(email, /Confirm your e-mail/), '/api/auth/verify-email?');
  await request.get(link, { maxRedirects: 0 });
  return { email, password };
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
  return position.id;
}
