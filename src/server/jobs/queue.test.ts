import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../mail/transport';
import { createFsStorage } from '../storage/fs-driver';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { TEST_SECRET } from '../testing/backend';
import { SEND_EMAIL, startJobs, type Jobs } from './queue';
import { freePort } from '../net';

/** A real SMTP server on loopback that records what it receives. */
function startSmtp(port: number): Promise<{ received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push(data);
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => resolve({ received, close: () => new Promise((done) => server.close(() => done())) }));
  });
}

let database: TestDatabase;
let jobs: Jobs;
let smtpPort: number;
const uploadDir = mkdtempSync(join(tmpdir(), 'uploads-'));
const storage = createFsStorage(uploadDir);

beforeAll(async () => {
  database = await startTestDatabase();
  smtpPort = await freePort();
  jobs = await startJobs({
    databaseUrl: database.url,
    db: database.db,
    // Nothing listens on this port yet: the SMTP server is "down".
    mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: 'Helixpoint <hello@helixpoint.example>', outboxDir: uploadDir }),
    storage,
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

    const smtp = await startSmtp(smtpPort);
    try {
      await expect.poll(() => smtp.received.length, { timeout: 20_000, interval: 250 }).toBe(1);
      expect(smtp.received[0]).toContain('Subject: New application: Data Engineer');
      expect(smtp.received[0]).toContain('To: hiring@helixpoint.example');
      await expect.poll(async () => (await jobs.boss.getJobById(SEND_EMAIL, id))?.state, { timeout: 10_000 }).toBe('completed');
    } finally {
      await smtp.close();
    }
  }, 60_000);
});

describe('the clean-up of abandoned uploads and unconfirmed alerts', () => {
  it('is scheduled hourly (an upload abandoned for 3 hours goes within 4)', async () => {
    const schedules = await jobs.boss.getSchedules();
    expect(schedules.map((schedule) => [schedule.name, schedule.cron])).toContainEqual(['cleanup-uploads', '17 * * * *']);
  });
});
