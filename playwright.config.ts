import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { browserArgs, findTestBrowser } from './scripts/chromium-path.mjs';

const port = Number(process.env.E2E_PORT ?? 4329);
const testBrowser = findTestBrowser();
const baseURL = `http://127.0.0.1:${port}`;

// A fresh data directory per run: its own embedded PostgreSQL, uploads and mail outbox.
// Playwright loads this file in each worker too; the first load creates it and passes it on.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'helixpoint-e2e-')));
chmodSync(dataDir, 0o755);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }], ...(process.env.CI ? [] : [['html', { open: 'never' }] as const])],
  timeout: 30_000,
  // E2E_EXPECT_TIMEOUT (ms): a longer wait on a machine busy with other work; CI keeps 5 s.
  expect: { timeout: Number(process.env.E2E_EXPECT_TIMEOUT ?? 5_000) },
  use: {
    baseURL,
    // Off: recording a trace cost every test about 15 % (content pages 1.3 → 1.1 min). A failure keeps
    // its screenshot and error context; rerun it with --trace retain-on-failure for a trace.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Always the system's browser (the headless shell when installed): this project never downloads one.
      executablePath: testBrowser ?? undefined,
      args: browserArgs(testBrowser),
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // The production build (npm run build runs first, in test:e2e), as users get it. Without Node's
    // type stripping: the server reads no .ts file (its wiring is bundled, decision 060), and one
    // that creeps in fails every test here instead of costing memory unseen.
    command: 'node --no-experimental-strip-types scripts/serve.mjs',
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    // SITE_URL: links in e-mails point here. TRUST_PROXY: each test is its own client for rate limits
    // (tests/e2e/fixtures.ts sets X-Forwarded-For).
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      ENABLE_UI_KIT: '1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SITE_URL: baseURL,
      TRUST_PROXY: '1',
      // Two-way e-mail (issue 35): replies to the site's e-mails come back through its own SMTP
      // receiver, which the tests send to (tests/e2e/fixtures.ts, replyToThread).
      REPLY_ADDRESS: 'replies@helixpoint.test',
      INBOUND_SMTP_PORT: String(port + 1000),
      INBOUND_SMTP_HOST: '127.0.0.1',
      // Who sent a reply is the verdict of the relay in front (issue 50): the tests write it as the
      // relay would (tests/e2e/fixtures.ts, verifiedByRelay); no DNS lookup of a test domain.
      INBOUND_AUTHSERV_ID: 'mx.helixpoint.test',
      // Calendars people connect (issue 53) are served by the tests on this machine: named, so the
      // guard against private addresses lets them through (and only them).
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    },
    url: `${baseURL}/healthz`,
  },
});
