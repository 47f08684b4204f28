import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateMessages } from '@/lib/applications/templates';
import { defaultInvitation, inviteSchema, poolMessages } from '@/lib/candidates/talent-pool';
import { listAuditLog } from '../audit/log';
import { applications, positions } from '../db/schema';
import { startTestBackend, type TestBackend } from '../testing/backend';
import { addApplication, addPosition, addUser } from '../testing/fixtures';
import { candidateOf } from './profiles';
import {
  applicationOfRenewal,
  askForRenewals,
  inviteToApply,
  leaveTalentPool,
  pageTalentPool,
  renewConsent,
  renewalUrl,
  type PoolDeps,
} from './talent-pool';

/* The talent pool (issue 33) against a real PostgreSQL and the mail queue: who is in it, invitations, renewal and expiry. */

const SECRET = 'talent-pool-test-secret-of-enough-length';
const SITE = 'https://careers.helixpoint.test';
const DAY = 86_400_000;
let backend: TestBackend;
let deps: PoolDeps;
let rita: Awaited<ReturnType<typeof addUser>>;

beforeAll(async () => {
  backend = await startTestBackend();
  deps = { db: backend.database.db, pool: backend.database.pool, jobs: backend.runtime.jobs, siteUrl: SITE };
  rita = await addUser(backend.database.db, 'rita', 'recruiter');
}, 60_000);

afterAll(async () => {
  await backend?.stop();
});

async function queued(to: string) {
  const { rows } = await backend.database.pool.query<{ data: { subject: string; text: string; replyTo?: string } }>(
    `select data from pgboss.job where name = 'send-email' and data->>'to' = $1 order by created_on`,
    [to],
  );
  return rows.map((row) => row.data);
}

const inPool = (days: number) => ({ talentPoolConsentAt: new Date(Date.now() - DAY), talentPoolUntil: new Date(Date.now() + days * DAY) });
const invite = (candidateId: string, positionId: string, body: string = defaultInvitation.body) =>
  inviteSchema.parse({ candidateId, positionId, subject: defaultInvitation.subject, body });

describe('the talent pool', () => {
  it('holds the candidates whose consent holds, searched by what their applications say; an ended consent leaves it', async () => {
    const { db } = backend.database;
    const position = await addPosition(db, { title: 'Pool Source' });
    await addApplication(db, position, {
      fullName: 'Pia Pooled',
      email: 'pia@pool.test',
      coverLetter: 'I love Quenyan grammar.',
      ...inPool(200),
    });
    await addApplication(db, position, { fullName: 'Ezra Ended', email: 'ezra@pool.test', coverLetter: 'Quenyan too.', ...inPool(-1) });
    await addApplication(db, position, { fullName: 'Nell Never', email: 'nell@pool.test', coverLetter: 'Quenyan, but no consent.' });
    const found = await pageTalentPool(db, { q: 'quenyan', positionId: null, page: 1 });
    expect(found.rows.map((row) => row.fullName)).toEqual(['Pia Pooled']);
    expect(found.total).toBe(1);
    expect(found.rows[0]!.snippet).toMatchObject({ field: 'cover-letter' });
  });

  it('invites a candidate to apply for an open position, once, with its link, replying to the recruiter; audited', async () => {
    const { db } = backend.database;
    const source = await addPosition(db, { title: 'Earlier Role' });
    const target = await addPosition(db, { title: 'Pool Target' });
    const application = await addApplication(db, source, { fullName: 'Iris Invited', email: 'iris@pool.test', ...inPool(100) });
    const candidateId = (await candidateOf(db, application))!;

    await inviteToApply(deps, { ...rita, name: 'Rita Recruiter' }, invite(candidateId, target));
    const [mail] = await queued('iris@pool.test');
    expect(mail).toMatchObject({ subject: 'A position at Helixpoint for you: Pool Target', replyTo: rita.email });
    expect(mail!.text).toContain(`${SITE}/careers/apply/${target}?utm_source=talent-pool`);
    expect(mail!.text).toContain('Hello Iris,');
    expect(mail!.text).toContain('Rita Recruiter');
    expect((await listAuditLog(db, 1))[0]).toMatchObject({ action: 'candidate.invited', targetId: candidateId });
    const listed = await pageTalentPool(db, { q: 'iris@pool.test', positionId: target, page: 1 });
    expect(listed.rows[0]).toMatchObject({ fullName: 'Iris Invited', invitedAt: expect.any(Date), applied: false });

    // Once per position; never for a closed one, nor for a position they applied for.
    await expect(inviteToApply(deps, rita, invite(candidateId, target))).rejects.toThrow(poolMessages.alreadyInvited);
    const closed = await addPosition(db, { title: 'Closed', isActive: false });
    await expect(inviteToApply(deps, rita, invite(candidateId, closed))).rejects.toThrow(poolMessages.positionClosed);
    await expect(inviteToApply(deps, rita, invite(candidateId, source))).rejects.toThrow(poolMessages.alreadyApplied);
    expect(await queued('iris@pool.test')).toHaveLength(1);
  });

  it('refuses an invitation without the position link or with an unknown placeholder, naming the field; and anyone out of the pool', async () => {
    const { db } = backend.database;
    const noLink = inviteSchema.safeParse({
      candidateId: crypto.randomUUID(),
      positionId: crypto.randomUUID(),
      subject: 'Hi',
      body: 'Apply!',
    });
    expect(noLink.error?.issues[0]).toMatchObject({ path: ['body'], message: poolMessages.link });
    const unknown = inviteSchema.safeParse({
      candidateId: crypto.randomUUID(),
      positionId: crypto.randomUUID(),
      subject: 'Hi {{frist_name}}',
      body: '{{position_link}}',
    });
    expect(unknown.error?.issues[0]).toMatchObject({ path: ['subject'], message: templateMessages.unknown(['frist_name']) });

    const position = await addPosition(db);
    const ended = await addApplication(db, await addPosition(db), { email: 'gone@pool.test', ...inPool(-2) });
    await expect(inviteToApply(deps, rita, invite((await candidateOf(db, ended))!, position))).rejects.toThrow(poolMessages.notInPool);
  });
});

describe('renewing consent', () => {
  it('asks once, a month before it ends, by e-mail with a one-click link; renewing keeps them another period', async () => {
    const { db } = backend.database;
    const position = await addPosition(db);
    const soon = await addApplication(db, position, { fullName: 'Sol Soon', email: 'sol@renew.test', ...inPool(20) });
    const later = await addApplication(db, position, { fullName: 'Lia Later', email: 'lia@renew.test', ...inPool(90) });
    const renewalDeps = { db, pool: backend.database.pool, jobs: backend.runtime.jobs, siteUrl: SITE, secret: SECRET };

    await askForRenewals(renewalDeps);
    await askForRenewals(renewalDeps);
    const mails = await queued('sol@renew.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Stay in the Helixpoint talent pool?');
    expect(await queued('lia@renew.test')).toEqual([]);
    const [row] = await db.select().from(applications).where(eq(applications.id, soon));
    const url = renewalUrl(SITE, SECRET, soon, row!.talentPoolUntil!);
    expect(mails[0]!.text).toContain(url);
    const token = new URL(url).searchParams.get('token')!;

    // Forged or altered links do nothing.
    expect(await applicationOfRenewal(db, SECRET, `${soon}.forged`)).toBeNull();
    expect(await applicationOfRenewal(db, 'another-secret-of-enough-length-here', token)).toBeNull();
    expect(await renewConsent(db, SECRET, `${later}.${token.split('.')[1]}`, 12)).toBeNull();

    const until = await renewConsent(db, SECRET, token, 12);
    expect(until!.getTime()).toBeGreaterThan(Date.now() + 360 * DAY);
    const [renewed] = await db.select().from(applications).where(eq(applications.id, soon));
    expect(renewed).toMatchObject({ talentPoolUntil: until, talentPoolRenewalAskedAt: null });
    expect((await listAuditLog(db, 1))[0]).toMatchObject({ action: 'candidate.talent_pool_renewed', actorEmail: 'sol@renew.test' });
    // The link has done its work: the consent's end changed, so it no longer works.
    expect(await renewConsent(db, SECRET, token, 12)).toBeNull();
  });

  it('lets the candidate leave the pool from the same link; an ended consent cannot be renewed', async () => {
    const { db } = backend.database;
    const position = await addPosition(db);
    const leaving = await addApplication(db, position, { email: 'leave@renew.test', ...inPool(10) });
    const [row] = await db.select().from(applications).where(eq(applications.id, leaving));
    const token = new URL(renewalUrl(SITE, SECRET, leaving, row!.talentPoolUntil!)).searchParams.get('token')!;
    expect(await leaveTalentPool(db, SECRET, token)).toBe(true);
    const [left] = await db.select().from(applications).where(eq(applications.id, leaving));
    expect(left).toMatchObject({ talentPoolConsentAt: null, talentPoolUntil: null });
    expect(await pageTalentPool(db, { q: 'leave@renew.test', positionId: null, page: 1 })).toMatchObject({ total: 0 });

    const ended = await addApplication(db, position, { email: 'ended@renew.test', ...inPool(-1) });
    const [endedRow] = await db.select().from(applications).where(eq(applications.id, ended));
    const endedToken = new URL(renewalUrl(SITE, SECRET, ended, endedRow!.talentPoolUntil!)).searchParams.get('token')!;
    expect(await renewConsent(db, SECRET, endedToken, 12)).toBeNull();
    expect(await db.select({ id: positions.id }).from(positions).where(eq(positions.id, position))).toHaveLength(1);
  });
});
