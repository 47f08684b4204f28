import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPositionForm, positionFormSchema } from '@/lib/positions/schema';
import { departments, jobAlertMatches, jobAlerts } from '../db/schema';
import { createPosition, setPositionActive } from '../positions/manage';
import { startTestBackend, type TestBackend } from '../testing/backend';
import { addUser } from '../testing/fixtures';
import { serveForTest, type TestServer } from '../testing/http';
import {
  alertDeps,
  alertSubscriberCounts,
  confirmAlert,
  DIGEST_INTERVAL_MS,
  removeUnconfirmedAlerts,
  sendAlertDigests,
  subscribeToAlerts,
  unsubscribeAlert,
  type AlertDeps,
} from './alerts';
import { answerOneClickUnsubscribe } from './one-click';

/*
 * Job alerts against a real PostgreSQL and pg-boss: double opt-in, one digest a day listing every
 * match, unsubscribing (link and RFC 8058 one-click POST), and a position announced only once.
 */

const SITE = 'https://careers.helixpoint.test';
let backend: TestBackend;
let deps: AlertDeps;
let ada: { id: string; email: string };
let engineering: string;
let server: TestServer;
let ipCounter = 0;
const nextIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  backend = await startTestBackend({ siteUrl: SITE });
  deps = alertDeps(backend.runtime);
  ada = await addUser(backend.database.db, 'ada', 'admin');
  const [department] = await backend.database.db.insert(departments).values({ name: 'Engineering' }).returning();
  engineering = department!.id;
  server = await serveForTest(async (request) => {
    const response = await answerOneClickUnsubscribe(backend.database.db, request);
    return response ?? new Response('not found', { status: 404 });
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await backend?.stop();
}, 60_000);

interface QueuedMail {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

async function mailsTo(to: string): Promise<QueuedMail[]> {
  const result = await backend.database.pool.query(
    `select data from pgboss.job where name = 'send-email' and data->>'to' = $1 order by created_on`,
    [to],
  );
  return result.rows.map((row: { data: QueuedMail }) => row.data);
}

const tokenIn = (text: string, path: string) => {
  const match = new RegExp(`${SITE}${path}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link`);
  return match[1]!;
};

const positionForm = (overrides: Partial<typeof emptyPositionForm> = {}) =>
  positionFormSchema.parse({
    ...emptyPositionForm,
    title: 'Platform Engineer',
    location: 'Austin, TX',
    description: 'Build it.',
    ...overrides,
  });

async function subscribeConfirmed(email: string, filter: { department?: string; location?: string } = {}) {
  expect(await subscribeToAlerts(deps, { email, ...filter }, nextIp())).toEqual({ kind: 'sent' });
  const [confirmation] = (await mailsTo(email)).slice(-1);
  expect(await confirmAlert(backend.database.db, tokenIn(confirmation!.text, '/careers/alerts/confirm'))).toBe('confirmed');
}

/** Makes every alert's last digest older than a day (the next run may send again). */
async function aDayLater() {
  await backend.database.pool.query(
    `update job_alerts set last_sent_at = last_sent_at - interval '25 hours' where last_sent_at is not null`,
  );
}

describe('subscribing', () => {
  it('answers the same for a new, a pending and a confirmed address, and re-sends the confirmation of a pending one', async () => {
    const email = 'Grace@Example.com';
    expect(await subscribeToAlerts(deps, { email }, nextIp())).toEqual({ kind: 'sent' });
    expect(await mailsTo('grace@example.com')).toHaveLength(1);
    expect(await subscribeToAlerts(deps, { email }, nextIp())).toEqual({ kind: 'sent' });
    const [first, second] = await mailsTo('grace@example.com');
    expect(second!.subject).toMatch(/Confirm your Helixpoint job alert/);
    // The first link was replaced by the second.
    expect(await confirmAlert(backend.database.db, tokenIn(first!.text, '/careers/alerts/confirm'))).toBe('invalid');
    expect(await confirmAlert(backend.database.db, tokenIn(second!.text, '/careers/alerts/confirm'))).toBe('confirmed');
    expect(await confirmAlert(backend.database.db, tokenIn(second!.text, '/careers/alerts/confirm'))).toBe('already-confirmed');
    // Confirmed: the same answer, and no e-mail that would tell anything.
    expect(await subscribeToAlerts(deps, { email }, nextIp())).toEqual({ kind: 'sent' });
    expect(await mailsTo('grace@example.com')).toHaveLength(2);
    expect(second!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('refuses an invalid address, ignores a filled honeypot and rate limits', async () => {
    expect(await subscribeToAlerts(deps, { email: 'not-an-address' }, nextIp())).toMatchObject({ kind: 'invalid' });
    expect(await subscribeToAlerts(deps, { email: 'bot@example.com', company_website: 'spam' }, nextIp())).toEqual({ kind: 'sent' });
    expect(await mailsTo('bot@example.com')).toHaveLength(0);
    const ip = nextIp();
    for (let n = 0; n < 5; n += 1) await subscribeToAlerts(deps, { email: `many${n}@example.com` }, ip);
    expect(await subscribeToAlerts(deps, { email: 'many9@example.com' }, ip)).toMatchObject({ kind: 'rate-limited' });
  });

  it('does nothing with a tampered token', async () => {
    await subscribeToAlerts(deps, { email: 'tamper@example.com' }, nextIp());
    const [mail] = await mailsTo('tamper@example.com');
    const token = tokenIn(mail!.text, '/careers/alerts/confirm');
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(await confirmAlert(backend.database.db, tampered)).toBe('invalid');
    expect(await confirmAlert(backend.database.db, 'x')).toBe('invalid');
    expect(await unsubscribeAlert(backend.database.db, tampered)).toBe(false);
    const [row] = await backend.database.db.select().from(jobAlerts).where(eq(jobAlerts.email, 'tamper@example.com'));
    expect(row?.confirmedAt).toBeNull();
  });
});

describe('digests', () => {
  it('never mails an unconfirmed address', async () => {
    await subscribeToAlerts(deps, { email: 'pending@example.com' }, nextIp());
    await createPosition(backend.database.db, ada, positionForm({ title: 'Unseen Role' }), backend.jobs);
    await sendAlertDigests(deps);
    const mails = await mailsTo('pending@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/Confirm/);
  });

  it('sends one digest a day listing every new match, with the unsubscribe link and headers', async () => {
    const email = 'linus@example.com';
    await subscribeConfirmed(email, { department: engineering, location: 'austin, tx' });
    const queuedBefore = await backend.database.pool.query(`select count(*)::int as n from pgboss.job where name = 'job-alerts'`);
    const first = await createPosition(
      backend.database.db,
      ada,
      positionForm({ title: 'Data Engineer', departmentId: engineering }),
      backend.jobs,
    );
    await createPosition(backend.database.db, ada, positionForm({ title: 'SRE', departmentId: engineering }), backend.jobs);
    // Not matching: another location, no department.
    await createPosition(
      backend.database.db,
      ada,
      positionForm({ title: 'Remote Engineer', location: 'Remote', departmentId: engineering }),
      backend.jobs,
    );
    await createPosition(backend.database.db, ada, positionForm({ title: 'Sales Lead' }), backend.jobs);
    const queuedAfter = await backend.database.pool.query(`select count(*)::int as n from pgboss.job where name = 'job-alerts'`);
    expect(queuedAfter.rows[0].n).toBeGreaterThan(queuedBefore.rows[0].n);

    await sendAlertDigests(deps);
    let mails = (await mailsTo(email)).filter((mail) => !/Confirm/.test(mail.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('2 new positions at Helixpoint');
    expect(mails[0]!.text).toContain('Data Engineer');
    expect(mails[0]!.text).toContain('SRE');
    expect(mails[0]!.text).toContain(`${SITE}/careers/apply/${first}`);
    expect(mails[0]!.text).not.toContain('Remote Engineer');
    expect(mails[0]!.text).not.toContain('Sales Lead');
    const unsubscribe = tokenIn(mails[0]!.text, '/careers/alerts/unsubscribe');
    expect(mails[0]!.headers).toEqual({
      'List-Unsubscribe': `<${SITE}/careers/alerts/unsubscribe?token=${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // A new match within the day waits.
    await createPosition(backend.database.db, ada, positionForm({ title: 'ML Engineer', departmentId: engineering }), backend.jobs);
    const waiting = await sendAlertDigests(deps);
    expect(waiting.nextDueAt?.getTime()).toBeGreaterThan(Date.now() + DIGEST_INTERVAL_MS - 60_000);
    mails = (await mailsTo(email)).filter((mail) => !/Confirm/.test(mail.subject));
    expect(mails).toHaveLength(1);

    await aDayLater();
    await sendAlertDigests(deps);
    mails = (await mailsTo(email)).filter((mail) => !/Confirm/.test(mail.subject));
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('New position at Helixpoint: ML Engineer');
    expect(mails[1]!.text).not.toContain('Data Engineer');
  });

  it('announces a position once: deactivated and reactivated, it is not mailed again; deactivated before the digest, it is left out', async () => {
    const email = 'ken@example.com';
    await subscribeConfirmed(email, { location: 'Lisbon' });
    const id = await createPosition(backend.database.db, ada, positionForm({ title: 'Lisbon Designer', location: 'Lisbon' }), backend.jobs);
    await sendAlertDigests(deps);
    expect((await mailsTo(email)).filter((mail) => mail.text.includes('Lisbon Designer'))).toHaveLength(1);

    await setPositionActive(backend.database.db, ada, id, false);
    await setPositionActive(backend.database.db, ada, id, true, backend.jobs);
    await aDayLater();
    await sendAlertDigests(deps);
    expect((await mailsTo(email)).filter((mail) => mail.text.includes('Lisbon Designer'))).toHaveLength(1);

    const gone = await createPosition(backend.database.db, ada, positionForm({ title: 'Lisbon Writer', location: 'Lisbon' }), backend.jobs);
    await setPositionActive(backend.database.db, ada, gone, false);
    await aDayLater();
    expect((await sendAlertDigests(deps)).sent).toBe(0);
    expect((await mailsTo(email)).filter((mail) => mail.text.includes('Lisbon Writer'))).toHaveLength(0);
  });
});

describe('unsubscribing', () => {
  async function digestFor(email: string, title: string) {
    await subscribeConfirmed(email, { location: 'Oslo' });
    await createPosition(backend.database.db, ada, positionForm({ title, location: 'Oslo' }), backend.jobs);
    await aDayLater();
    await sendAlertDigests(deps);
    const [mail] = (await mailsTo(email)).filter((each) => each.text.includes(title));
    return mail!;
  }

  it('works from the link (the page posts it) and deletes the address', async () => {
    const mail = await digestFor('margaret@example.com', 'Oslo Analyst');
    expect(await unsubscribeAlert(backend.database.db, tokenIn(mail.text, '/careers/alerts/unsubscribe'))).toBe(true);
    expect(await backend.database.db.select().from(jobAlerts).where(eq(jobAlerts.email, 'margaret@example.com'))).toHaveLength(0);
    expect(await unsubscribeAlert(backend.database.db, tokenIn(mail.text, '/careers/alerts/unsubscribe'))).toBe(false);
  });

  it('works from the List-Unsubscribe header with the one-click POST (RFC 8058), from another site', async () => {
    const mail = await digestFor('barbara@example.com', 'Oslo Architect');
    const url = /<([^>]+)>/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
    const local = url.replace(SITE, server.url);
    const response = await fetch(local, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://mail.example.net' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await backend.database.db.select().from(jobAlerts).where(eq(jobAlerts.email, 'barbara@example.com'))).toHaveLength(0);
    expect(await backend.database.db.select().from(jobAlertMatches)).not.toHaveLength(0);
  });
});

describe('admins', () => {
  it('see the number of confirmed subscribers per filter, never an address', async () => {
    const counts = await alertSubscriberCounts(backend.database.db);
    expect(JSON.stringify(counts)).not.toContain('@');
    expect(counts).toContainEqual({ departmentName: 'Engineering', location: 'austin, tx', confirmed: 1, pending: 0 });
    expect(counts.find((row) => row.departmentName === null && row.location === null)).toMatchObject({ confirmed: 1 });
  });
});

describe('unconfirmed alerts', () => {
  it('are deleted, address and all, 7 days after they were asked for; confirmed ones stay', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    const alert = (email: string, createdAt: Date, confirmedAt: Date | null) => ({
      email,
      createdAt,
      confirmedAt,
      confirmTokenHash: `confirm-${email}`,
      unsubscribeTokenHash: `unsubscribe-${email}`,
    });
    await backend.database.db
      .insert(jobAlerts)
      .values([
        alert('stale@example.com', daysAgo(7.1), null),
        alert('recent@example.com', daysAgo(6), null),
        alert('kept@example.com', daysAgo(30), daysAgo(29)),
      ]);
    expect(await removeUnconfirmedAlerts(backend.database.db)).toBe(1);
    const left = (await backend.database.db.select({ email: jobAlerts.email }).from(jobAlerts)).map((row) => row.email);
    expect(left).not.toContain('stale@example.com');
    expect(left).toEqual(expect.arrayContaining(['recent@example.com', 'kept@example.com']));
  });
});
