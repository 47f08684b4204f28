import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailer } from '../mail/transport';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { TEST_SECRET } from '../testing/backend';
import { startJobs, type Jobs } from './queue';

let database: TestDatabase;
let jobs: Jobs;
const outboxDir = mkdtempSync(join(tmpdir(), 'outbox-'));

beforeAll(async () => {
  database = await startTestDatabase();
  jobs = await startJobs({
    databaseUrl: database.url,
    mailer: createMailer({ from: 'Helixpoint <hello@helixpoint.example>', outboxDir }),
    sealSecret: TEST_SECRET,
    log: () => {},
    // Its next poll is an hour away: only the notification can wake the worker within this test.
    pollingIntervalSeconds: 3600,
  });
}, 120_000);

afterAll(async () => {
  await jobs?.stop();
  await database?.destroy();
  rmSync(outboxDir, { recursive: true, force: true });
}, 60_000);

it('an e-mail is sent the moment it is queued (LISTEN/NOTIFY), not at the next poll; one queued in a transaction, once it commits', async () => {
  const outbox = () => readdirSync(outboxDir).filter((name) => name.endsWith('.eml')).length;
  // The worker made its first fetch at start and found nothing; now it waits.
  await expect.poll(() => jobs.boss.getQueue('send-email').then((queue) => queue?.activeCount), { timeout: 5_000 }).toBe(0);
  await jobs.enqueueEmail({ to: 'now@applicant.example', subject: 'Confirm your e-mail', html: '<p>Hi</p>', text: 'Hi' });
  await expect.poll(outbox, { timeout: 5_000, interval: 50 }).toBe(1);

  // Queued inside a transaction: nothing is sent before the commit, then it goes at once.
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    await jobs.enqueueEmail(
      { to: 'after-commit@applicant.example', subject: 'Your application', html: '<p>Hi</p>', text: 'Hi' },
      { db: { executeSql: (text, values) => client.query(text, values) } },
    );
    // The uncommitted job is invisible to the worker; waking it now would find nothing.
    expect(outbox()).toBe(1);
    await client.query('commit');
  } finally {
    client.release();
  }
  await expect.poll(outbox, { timeout: 5_000, interval: 50 }).toBe(2);
});
