import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../mail/transport';
import { freePort } from '../net';
import { TEST_SECRET } from '../testing/backend';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { SEND_EMAIL, startJobs, type Jobs } from './queue';

/* A shutdown finishes the jobs it is running, or hands them back for another instance. */

/** An SMTP server that holds each message until the test releases it (and every later one). */
function startSlowSmtp(port: number) {
  const received: string[] = [];
  const held: (() => void)[] = [];
  let arrived = 0;
  let holding = true;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Closing does not wait for the mailers' pooled connections.
    closeTimeout: 100,
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        arrived += 1;
        const accept = () => {
          received.push(data);
          callback();
        };
        if (holding) held.push(accept);
        else accept();
      });
    },
  });
  return new Promise<{ received: string[]; arrived: () => number; release(): void; close(): Promise<void> }>((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        received,
        arrived: () => arrived,
        release: () => {
          holding = false;
          for (const next of held.splice(0)) next();
        },
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

let database: TestDatabase;
let smtpPort: number;
const dir = mkdtempSync(join(tmpdir(), 'jobs-shutdown-'));
const started: Jobs[] = [];

const instance = async () => {
  const jobs = await startJobs({
    databaseUrl: database.url,
    mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: 'Helixpoint <hello@helixpoint.example>', outboxDir: dir }),
    sealSecret: TEST_SECRET,
    log: () => {},
    emailRetry: { retryLimit: 5, retryDelay: 1, retryBackoff: false },
    pollingIntervalSeconds: 0.5,
  });
  started.push(jobs);
  return jobs;
};

const stateOf = async (id: string) =>
  (await database.pool.query<{ state: string }>('select state from pgboss.job where id = $1', [id])).rows[0]?.state;

const message = (subject: string) => ({ to: 'hiring@helixpoint.example', subject, html: `<p>${subject}</p>`, text: subject });

beforeAll(async () => {
  database = await startTestDatabase();
  smtpPort = await freePort();
}, 120_000);

afterAll(async () => {
  for (const jobs of started) await jobs.stop(1_000).catch(() => {});
  await database?.destroy();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('jobs at shutdown', () => {
  it('finishes a job still running when the stop begins, and takes no new one once paused', async () => {
    const smtp = await startSlowSmtp(smtpPort);
    try {
      const first = await instance();
      const sending = await first.enqueueEmail(message('Finished before the stop'));
      await expect.poll(smtp.arrived, { timeout: 20_000, interval: 100 }).toBe(1);

      first.pause();
      // Queued during the drain (an application answered meanwhile): left for another instance.
      const later = await first.enqueueEmail(message('Queued during the drain'));
      const stopping = first.stop(10_000);
      setTimeout(() => smtp.release(), 300);
      expect(await stopping).toEqual({ finished: 1, handedBack: 0 });
      expect(await stateOf(sending)).toBe('completed');
      expect(await stateOf(later)).toBe('created');

      // The next instance sends it.
      const next = await instance();
      await expect.poll(async () => (await next.boss.getJobById(SEND_EMAIL, later))?.state, { timeout: 20_000 }).toBe('completed');
      await next.stop(5_000);
    } finally {
      await smtp.close();
    }
  }, 90_000);

  it('hands back a job that outlasts the stop: another instance retries it', async () => {
    const smtp = await startSlowSmtp(smtpPort);
    try {
      const first = await instance();
      const id = await first.enqueueEmail(message('Outlasts the stop'));
      await expect.poll(smtp.arrived, { timeout: 20_000, interval: 100 }).toBe(1);
      first.pause();
      const report = await first.stop(1_000);
      expect(report).toEqual({ finished: 0, handedBack: 1 });
      expect(await stateOf(id)).toBe('retry');

      const next = await instance();
      smtp.release();
      await expect
        .poll(async () => (await next.boss.getJobById(SEND_EMAIL, id))?.state, { timeout: 30_000, interval: 250 })
        .toBe('completed');
      await next.stop(5_000);
    } finally {
      smtp.release();
      await smtp.close();
    }
  }, 90_000);
});
