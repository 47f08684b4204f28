import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startSite } from '../../bench/lib/site.mjs';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { freePort } from '../../src/server/net';
import { expectNoA11yViolations } from './helpers';

// Pages that need the database, while it is away: an instance of the build on an external
// PostgreSQL (DATABASE_URL) that is then stopped. The job board must not pretend to be empty.

type Site = Awaited<ReturnType<typeof startSite>>;

test.describe('while the database is away', () => {
  test.describe.configure({ timeout: 120_000 });
  let dir: string;
  let site: Site;

  test.beforeAll(async () => {
    // A cold start of PostgreSQL and of the site.
    test.setTimeout(120_000);
    dir = mkdtempSync(join(tmpdir(), 'helixpoint-unavailable-'));
    chmodSync(dir, 0o755);
    const database = await startEmbeddedPostgres(join(dir, 'postgres'));
    site = await startSite({ port: await freePort(), env: { DATABASE_URL: database.url, DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn' } });
    await database.stop();
  });

  test.afterAll(async () => {
    await site?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the job board answers the 503 page, health says unavailable, content pages still load', async ({ page, request }) => {
    const response = await page.goto(`${site.url}/careers`);
    expect(response?.status()).toBe(503);
    expect(response?.headers()['retry-after']).toBe('10');
    await expect(page.getByRole('heading', { level: 1, name: "We'll be right back" })).toBeVisible();
    await expect(page.getByText('This page is briefly unavailable while our systems restart. Please try again in a minute.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await expectNoA11yViolations(page);

    expect((await request.get(`${site.url}/healthz`)).status()).toBe(503);
    const api = await request.get(`${site.url}/api/positions`);
    expect(api.status()).toBe(503);
    // With the request id as reference: the log line of the fault has it too.
    expect(await api.json()).toEqual({
      error: 'This page is briefly unavailable while our systems restart. Please try again in a minute.',
      reference: api.headers()['x-request-id'],
    });
    expect((await request.get(`${site.url}/about`)).status()).toBe(200);
  });
});
