import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import pg from 'pg';
import { startSite } from '../../bench/lib/site.mjs';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { freePort } from '../../src/server/net';
import { actionData, createVerifiedUser, expect, signInApi, test } from './fixtures';
import { expectNoA11yViolations } from './helpers';

/*
 * Issue 26, against the built site as the second security pass probed it: what an anonymous
 * visitor (or a page on another site) can make the site do. Each refusal is checked for its
 * status, for nothing stored or changed, and for no SQL in the answer.
 */

const noSql = (text: string) => expect(text).not.toMatch(/insert into|select |contact_messages|params:|failed query/i);

test('a NUL byte in the contact action is refused on its field: no 500, no SQL, nothing stored', async ({ request }) => {
  const response = await request.post('/_actions/contact', {
    data: {
      first_name: 'Nul',
      last_name: 'Byte\u0000',
      email: 'nul.byte@example.dev',
      phone: '',
      reason: 'support',
      message: 'Hello',
      attachment_upload_id: '',
      company_website: '',
    },
  });
  expect(response.status()).toBe(200);
  const text = await response.text();
  noSql(text);
  expect(await actionData(response)).toEqual({
    kind: 'invalid',
    fieldErrors: { last_name: 'Remove the invisible control characters from this field' },
  });
});

test('/api/positions?q=%00 lists positions instead of failing', async ({ request }) => {
  const response = await request.get('/api/positions?q=%00');
  expect(response.status()).toBe(200);
  const { positions } = (await response.json()) as { positions: unknown[] };
  expect(positions.length).toBeGreaterThan(0);
});

test('bodies over their limits answer 413 or 400 with a JSON error, never 500', async ({ request }) => {
  const tooLarge = await request.post('/api/auth/sign-out', {
    headers: { 'Content-Type': 'application/json' },
    data: JSON.stringify({ padding: 'x'.repeat(128 * 1024) }),
  });
  expect(tooLarge.status()).toBe(413);
  expect(await tooLarge.json()).toEqual({ error: 'The request is too large.' });

  const deep = await request.post('/_actions/contact', {
    headers: { 'Content-Type': 'application/json' },
    data: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  });
  expect(deep.status()).toBe(400);
  expect(await deep.json()).toEqual({ error: 'The request has too many fields or is nested too deeply.' });

  const fields = await request.post('/auth', {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    data: Array.from({ length: 5_000 }, (_, index) => `f${index}=1`).join('&'),
  });
  expect(fields.status()).toBe(400);
});

test('a JSON action from another site is refused with 403 and changes nothing (a probe emptied a setting)', async ({ baseURL }) => {
  const client = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.88.0.1' } });
  try {
    const user = await createVerifiedUser(client, {
      email: 'cross.site@helixpoint.test',
      username: 'crosssite',
      firstName: 'Cross',
      lastName: 'Site',
    });
    await signInApi(client, user.email, user.password, baseURL!);
    const change = { username: 'crosssite', firstName: 'Changed', lastName: 'Elsewhere' };
    const foreign: Record<string, string>[] = [
      { Origin: 'http://evil.example' },
      { 'Sec-Fetch-Site': 'same-site' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const refused = await client.post('/_actions/account.updateProfile', { data: change, headers });
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toEqual({ error: 'This request must come from the site’s own pages.' });
    }
    const session = (await (await client.get('/api/session')).json()) as { name?: string };
    expect(session.name).toBe('Cross Site');
    // From the site itself, the same change is made.
    const made = await client.post('/_actions/account.updateProfile', {
      data: change,
      headers: { Origin: baseURL!, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(made.status()).toBe(200);
    expect(((await (await client.get('/api/session')).json()) as { name?: string }).name).toBe('Changed Elsewhere');
  } finally {
    await client.dispose();
  }
});

test.describe('a fault (an error that is not a refusal)', () => {
  test.describe.configure({ timeout: 180_000 });
  let dir: string;
  let site: Awaited<ReturnType<typeof startSite>>;
  let database: Awaited<ReturnType<typeof startEmbeddedPostgres>>;

  test.beforeAll(async () => {
    // An instance of the build on a database of its own, which is then broken: a column the
    // invitation page reads is renamed, so its query fails as a real fault does.
    test.setTimeout(180_000);
    dir = mkdtempSync(join(tmpdir(), 'helixpoint-fault-'));
    chmodSync(dir, 0o755);
    database = await startEmbeddedPostgres(join(dir, 'postgres'));
    site = await startSite({ port: await freePort(), env: { DATABASE_URL: database.url, DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'info' } });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('alter table invitations rename column token_hash to token_hash_gone');
    await client.end();
  });

  test.afterAll(async () => {
    await site?.stop();
    await database?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('answers the 500 page with its reference, the request id, and logs it without the value that was sent', async ({ page }) => {
    const secret = 'secret-token-value-0123456789abcdef';
    const response = await page.goto(`${site.url}/auth/invitation?token=${secret}`);
    expect(response?.status()).toBe(500);
    const reference = response?.headers()['x-request-id'] ?? '';
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByText(`Reference: ${reference}`)).toBeVisible();
    noSql(await page.content());
    await expectNoA11yViolations(page);

    const logged = site.lines.filter((line) => line.reqId === reference && line.msg === 'request failed');
    expect(logged).toHaveLength(1);
    const text = JSON.stringify(logged[0]);
    expect(text).toContain('from \\"invitations\\"');
    expect(text).toContain('$1');
    expect(text).not.toContain(secret);
  });
});
