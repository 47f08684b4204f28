import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../mail/transport';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { TEST_SECRET } from '../testing/backend';
import { startSmtpRecorder } from '../testing/smtp';
import { freePort } from '../net';
import type { SendFailure } from './mail-recovery';
import { SEND_EMAIL, startJobs, type Jobs } from './queue';

let database: TestDatabase;
let jobs: Jobs;
let smtpPort: number;
const outboxDir = mkdtempSync(join(tmpdir(), 'outbox-'));

beforeAll(async () => {
  database = await startTestDatabase();
  smtpPort = await freePort();
  jobs = await startJobs({
    databaseUrl: database.url,
    mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: 'Helixpoint <hello@helixpoint.example>', outboxDir }),
    sealSecret: TEST_SECRET,
    log: () => {},
    // An hour before any retry: only the recovery can send a held e-mail within this test.
    emailRetry: { retryLimit: 5, retryDelay: 3600, retryBackoff: false },
    pollingIntervalSeconds: 0.5,
  });
}, 120_000);

afterAll(async () => {
  await jobs?.stop();
  await database?.destroy();
  rmSync(outboxDir, { recursive: true, force: true });
}, 60_000);

const jobOf = async (id: string) => (await jobs.boss.findJobs(SEND_EMAIL, { id }))[0];
const mail = (to: string) => ({ to, subject: 'Your application', html: '<p>Thank you.</p>', text: 'Thank you.' });

describe('after a mail server outage', () => {
  it('the e-mails it held back go out with the first send that succeeds; one the server refused keeps its backoff', async () => {
    // The server is down: the e-mail waits for its retry, an hour away, marked as held by an outage.
    const held = await jobs.enqueueEmail(mail('held@applicant.example'));
    await expect.poll(async () => (await jobOf(held))?.state, { timeout: 15_000, interval: 100 }).toBe('retry');
    expect(((await jobOf(held))?.output as SendFailure).outage).toBe(true);
    expect((await jobOf(held))!.startAfter.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);

    const smtp = await startSmtpRecorder(smtpPort, { refuse: (address) => address.startsWith('refused@') });
    try {
      // The server is back but refuses this recipient: a failure of the message, not an outage.
      const refused = await jobs.enqueueEmail(mail('refused@applicant.example'));
      await expect.poll(async () => (await jobOf(refused))?.state, { timeout: 15_000, interval: 100 }).toBe('retry');
      expect(((await jobOf(refused))?.output as SendFailure).outage).toBeUndefined();
      expect(smtp.received).toEqual([]);

      // The next e-mail is sent, and with it the one the outage held, without waiting out its hour.
      await jobs.enqueueEmail(mail('next@applicant.example'));
      await expect
        .poll(() => smtp.received.flatMap((mail) => mail.to).sort(), { timeout: 15_000, interval: 100 })
        .toEqual(['held@applicant.example', 'next@applicant.example']);
      await expect.poll(async () => (await jobOf(held))?.state, { timeout: 5_000, interval: 100 }).toBe('completed');
      const stillRefused = await jobOf(refused);
      expect(stillRefused?.state).toBe('retry');
      expect(stillRefused!.startAfter.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    } finally {
      await smtp.close();
    }
  }, 60_000);
});
