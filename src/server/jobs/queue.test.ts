import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../mail/transport';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { TEST_SECRET } from '../testing/backend';
import { startSmtpRecorder } from '../testing/smtp';
import { SEND_EMAIL, startJobs, type Jobs } from './queue';
import { freePort } from '../net';
import { jobQueues } from '../modules';

let database: TestDatabase;
let jobs: Jobs;
let smtpPort: number;
const uploadDir = mkdtempSync(join(tmpdir(), 'uploads-'));

beforeAll(async () => {
  database = await startTestDatabase();
  smtpPort = await freePort();
  jobs = await startJobs({
    databaseUrl: database.url,
    // Nothing listens on this port yet: the SMTP server is "down".
    mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: 'Helixpoint <hello@helixpoint.example>', outboxDir: uploadDir }),
    sealSecret: TEST_SECRET,
    log: () => {},
    emailRetry: { retryLimit: 20, retryDelay: 1, retryBackoff: false },
    pollingIntervalSeconds: 0.5,
  });
}, 120_000);

afterAll(async () => {
  await jobs?.stop();
  await database?.destroy();
  rmSync(uploadDir, { recursive: true, force: true });
}, 60_000);

describe('the send-email job', () => {
  it('survives an SMTP outage: the mail arrives once the server is back', async () => {
    const id = await jobs.enqueueEmail({
      to: 'hiring@helixpoint.example',
      subject: 'New application: Data Engineer',
      html: '<p>A new application.</p>',
      text: 'A new application.',
    });

    // The first attempt fails while SMTP is down, and the job waits for a retry.
    await expect.poll(async () => (await jobs.boss.getJobById(SEND_EMAIL, id))?.state, { timeout: 20_000, interval: 250 }).toBe('retry');

    const smtp = await startSmtpRecorder(smtpPort);
    try {
      await expect.poll(() => smtp.received.length, { timeout: 20_000, interval: 250 }).toBe(1);
      expect(smtp.received[0]!.raw).toContain('Subject: New application: Data Engineer');
      expect(smtp.received[0]!.raw).toContain('To: hiring@helixpoint.example');
      await expect.poll(async () => (await jobs.boss.getJobById(SEND_EMAIL, id))?.state, { timeout: 10_000 }).toBe('completed');
    } finally {
      await smtp.close();
    }
  }, 60_000);
});

describe("the domains' queues, as the modules declare them (src/server/modules.ts)", () => {
  it('are created with their schedules: the clean-ups hourly (an upload abandoned for 3 hours goes within 4), retention daily', async () => {
    for (const queue of jobQueues) await jobs.addQueue(queue);
    const schedules = (await jobs.boss.getSchedules()).map((schedule) => [schedule.name, schedule.cron]);
    expect(schedules).toEqual(
      expect.arrayContaining([
        ['cleanup-uploads', '17 * * * *'],
        ['cleanup-alerts', '23 * * * *'],
        ['job-alerts', '11 * * * *'],
        ['apply-retention', '43 2 * * *'],
        ['booking-reminders', '*/5 * * * *'],
        ['read-calendars', '*/5 * * * *'],
        ['scorecard-reminders', '*/15 * * * *'],
        ['read-resumes-backlog', '37 * * * *'],
        ['talent-pool-renewals', '29 3 * * *'],
        ['publish-due-posts', '* * * * *'],
        ['add-up-tallies', '* * * * *'],
        ['expire-offers', '7 * * * *'],
        ['sweep-integrations', '* * * * *'],
        ['recheck-sso-sessions', '* * * * *'],
        ['roll-up-analytics', '*/5 * * * *'],
      ]),
    );
    expect((await jobs.queueCounts()).map((queue) => queue.name).sort()).toEqual([
      'add-up-tallies',
      'apply-retention',
      'booking-reminders',
      'cleanup-alerts',
      'cleanup-uploads',
      'copy-bookings-to-calendars',
      'deliver-integrations',
      'expire-offers',
      'job-alerts',
      'media-variants',
      'notice-cleanup',
      'notice-digests',
      'notice-mails',
      'publish-due-posts',
      'read-calendars',
      'read-resume',
      'read-resumes-backlog',
      'recheck-sso-sessions',
      'roll-up-analytics',
      'scorecard-reminders',
      'send-email',
      'sweep-integrations',
      'talent-pool-renewals',
    ]);
  });

  it("run a worker's job, and count a failed one for a retry", async () => {
    const done: object[] = [];
    await jobs.addQueue({ name: 'test-work', options: { retryLimit: 1, retryDelay: 1 } });
    await jobs.work({
      queue: 'test-work',
      async run(job) {
        if ((job.data as { fail?: boolean }).fail) throw new Error('refused');
        done.push(job.data);
      },
    });
    await jobs.send('test-work', { n: 1 });
    await expect.poll(() => done, { timeout: 20_000, interval: 250 }).toEqual([{ n: 1 }]);
    const failing = await jobs.boss.send('test-work', { fail: true });
    await expect
      .poll(async () => (await jobs.boss.getJobById('test-work', failing!))?.state, { timeout: 20_000, interval: 250 })
      .toBe('failed');
  }, 60_000);
});
