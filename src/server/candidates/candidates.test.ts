import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationTimeline } from '../applications/timeline';
import { setApplicationStatus } from '../applications/review';
import { applicationDeps, submitApplication } from '../applications/submit';
import { settled } from '../after-response';
import { applicationLinks, applicationStatusHistory, applications, auditLog, erasureConfirmations, users } from '../db/schema';
import { personReference } from '../privacy/pseudonym';
import { setLegalHold, type PrivacyDeps } from '../privacy/requests';
import { publicFormDeps, type PublicFormDeps } from '../public-form';
import { startTestBackend, TEST_SECRET, type TestBackend } from '../testing/backend';
import { addApplication, addPosition, addUser, rejectionFor } from '../testing/fixtures';
import { receiveUpload, uploadDeps } from '../uploads/receive';
import {
  applicationsOfUser,
  findApplicationByToken,
  issueApplicationLink,
  linkForUser,
  openApplicationLink,
  requestApplicationLinks,
} from './links';
import { confirmErasure, findErasureConfirmation, requestErasure, withdrawByToken, type ErasureRequestDeps } from './withdraw';

/* The candidate's personal link (issue 19) against a real PostgreSQL and queue. */

const SITE = 'https://careers.helixpoint.test';
let backend: TestBackend;
let positionId: string;
let formDeps: PublicFormDeps;
let privacy: PrivacyDeps;
let erasure: ErasureRequestDeps;
let ip = 0;
const admin = { id: 'cand-admin', email: 'cand.admin@helixpoint.test' };
const db = () => backend.database.db;

beforeAll(async () => {
  backend = await startTestBackend({ siteUrl: SITE, mail: { hiringEmail: 'hiring@helixpoint.test' } });
  formDeps = publicFormDeps(backend.runtime);
  privacy = {
    db: db(),
    storage: backend.storage,
    jobs: backend.jobs,
    secret: TEST_SECRET,
    organizer: { name: 'Helixpoint', email: 'hello@helixpoint.test' },
  };
  erasure = { ...privacy, jobs: backend.jobs, rateLimits: backend.rateLimits, siteUrl: SITE, log: () => {} };
  await addUser(db(), admin.id, 'admin');
  positionId = await addPosition(db(), { title: 'Platform Engineer' });
}, 60_000);

afterAll(async () => {
  await backend?.stop();
});

/** The e-mails queued to an address, newest first. */
async function mailsTo(email: string) {
  const { rows } = await backend.database.pool.query<{ data: { subject: string; text: string } }>(
    `select data from pgboss.job where lower(data->>'to') = $1 order by created_on desc`,
    [email],
  );
  return rows.map((row) => row.data);
}

const tokenIn = (text: string) => text.match(/\/applications\/([A-Za-z0-9_-]{43})/)?.[1];
const DAY = 24 * 60 * 60 * 1000;

async function apply(email: string) {
  const upload = await receiveUpload(uploadDeps(backend.runtime), {
    purpose: 'resume',
    headers: new Headers({ 'x-file-name': 'cv.pdf' }),
    body: Readable.toWeb(Readable.from([Buffer.from('%PDF-1.7\nresume\n%%EOF')])) as ReadableStream<Uint8Array>,
    clientKey: `198.51.100.${++ip}`,
  });
  const result = await submitApplication(
    applicationDeps(backend.runtime),
    {
      first_name: 'Grace',
      last_name: 'Hopper',
      email,
      country_code: '+44',
      phone: '07400 123456',
      address: '1 Navy Street, Arlington',
      gender: 'female',
      linkedin_profile: '',
      github_profile: '',
      vercel_profile: '',
      cover_letter: 'Hello.',
      resume_upload_id: (upload.body as { id: string }).id,
      position_id: positionId,
      privacy_acknowledged: true,
      company_website: '',
    },
    `203.0.113.${++ip}`,
  );
  if (result.kind !== 'submitted') throw new Error(`not applied: ${result.kind}`);
  return result.applicationId;
}

describe('the personal link', () => {
  it('comes in the confirmation e-mail, and only its hash is stored', async () => {
    const applicationId = await apply('grace@mail.test');
    const [mail] = await mailsTo('grace@mail.test');
    const token = tokenIn(mail!.text);
    expect(mail!.text).toContain(`${SITE}/applications/${token}`);
    expect(token).toBeDefined();
    const stored = await db().select().from(applicationLinks).where(eq(applicationLinks.applicationId, applicationId));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token!);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const opened = await findApplicationByToken(db(), token!);
    expect(opened).toMatchObject({ id: applicationId, positionTitle: 'Platform Engineer', status: 'pending' });
  });

  it('opens its own application only; a tampered, malformed or revoked one opens none', async () => {
    const first = await addApplication(db(), positionId, { email: 'one@mail.test' });
    const second = await addApplication(db(), positionId, { email: 'two@mail.test' });
    const tokenOne = await issueApplicationLink(db(), first);
    const tokenTwo = await issueApplicationLink(db(), second);
    expect((await findApplicationByToken(db(), tokenOne))?.id).toBe(first);
    expect((await findApplicationByToken(db(), tokenTwo))?.id).toBe(second);

    const flip = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(await findApplicationByToken(db(), flip(tokenOne))).toBeNull();
    expect(await findApplicationByToken(db(), tokenOne.slice(1))).toBeNull();
    expect(await findApplicationByToken(db(), `${tokenOne}x`)).toBeNull();
    expect(await findApplicationByToken(db(), '')).toBeNull();
    // The stored hash itself is not a token.
    const [row] = await db().select().from(applicationLinks).where(eq(applicationLinks.applicationId, first));
    expect(await findApplicationByToken(db(), row!.tokenHash)).toBeNull();

    // A link sent on request ends the earlier ones of its application once it is opened (not when
    // it is sent: knowing an address is not enough to void its owner's links); another's stay.
    const newer = await issueApplicationLink(db(), first, { origin: 'request' });
    expect((await findApplicationByToken(db(), tokenOne))?.id).toBe(first);
    expect((await openApplicationLink(db(), newer))?.id).toBe(first);
    expect(await findApplicationByToken(db(), tokenOne)).toBeNull();
    expect((await findApplicationByToken(db(), newer))?.id).toBe(first);
    expect((await findApplicationByToken(db(), tokenTwo))?.id).toBe(second);
  });

  it('expires after 90 days', async () => {
    const id = await addApplication(db(), positionId, { email: 'expiring@mail.test' });
    const token = await issueApplicationLink(db(), id);
    const [row] = await db().select().from(applicationLinks).where(eq(applicationLinks.applicationId, id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(90 * DAY);
    expect((await findApplicationByToken(db(), token, new Date(Date.now() + 89 * DAY)))?.id).toBe(id);
    expect(await findApplicationByToken(db(), token, new Date(Date.now() + 91 * DAY))).toBeNull();
    expect(await openApplicationLink(db(), token, new Date(Date.now() + 91 * DAY))).toBeNull();
    expect(await withdrawByToken(db(), token, new Date(Date.now() + 91 * DAY))).toEqual({ kind: 'not-found' });
    expect(await requestErasure(erasure, token, null, new Date(Date.now() + 91 * DAY))).toEqual({ kind: 'not-found' });
    // Nothing changed: the application is there, not withdrawn.
    expect((await db().select().from(applications).where(eq(applications.id, id)))[0]!.status).toBe('pending');
  });
});

describe('withdrawing', () => {
  it('is a status change by the candidate: history, audit and timeline; only once', async () => {
    const id = await addApplication(db(), positionId, { email: 'withdraw@mail.test', fullName: 'Wanda Drew' });
    const token = await issueApplicationLink(db(), id);
    await setApplicationStatus(db(), admin, id, 'interview');
    expect(await withdrawByToken(db(), token)).toEqual({ kind: 'withdrawn' });

    const [application] = await db().select().from(applications).where(eq(applications.id, id));
    expect(application!.status).toBe('withdrawn');
    expect(application!.decidedAt).not.toBeNull();
    const history = await db().select().from(applicationStatusHistory).where(eq(applicationStatusHistory.applicationId, id));
    expect(history.map((row) => row.status)).toContain('withdrawn');
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'application.status_changed')));
    expect(audits.at(-1)).toMatchObject({
      actorUserId: null,
      actorEmail: 'withdraw@mail.test',
      details: { from: 'interview', to: 'withdrawn' },
    });
    const timeline = await applicationTimeline(db(), id);
    expect(timeline.at(-1)).toMatchObject({ kind: 'audit', who: 'Wanda Drew', byCandidate: true });

    expect(await withdrawByToken(db(), token)).toEqual({ kind: 'not-allowed' });
    expect(await withdrawByToken(db(), 'x'.repeat(43))).toEqual({ kind: 'not-found' });
  });

  it('is refused once a decision was made', async () => {
    const id = await addApplication(db(), positionId, { email: 'decided@mail.test' });
    const token = await issueApplicationLink(db(), id);
    await setApplicationStatus(db(), admin, id, 'rejected', await rejectionFor(db()));
    expect(await withdrawByToken(db(), token)).toEqual({ kind: 'not-allowed' });
    const [application] = await db().select().from(applications).where(eq(applications.id, id));
    expect(application!.status).toBe('rejected');
  });
});

describe('deleting my data', () => {
  /** The token of the newest erase confirmation e-mailed to an address. */
  const confirmationIn = async (email: string) =>
    /\/applications\/erase\?token=([A-Za-z0-9_-]{43})/.exec((await mailsTo(email))[0]?.text ?? '')?.[1] ?? '';

  it('asks for a confirmation e-mailed to the address; the link alone erases nothing', async () => {
    const email = 'erase.me@mail.test';
    const id = await addApplication(db(), positionId, { email });
    const other = await addApplication(db(), await addPosition(db(), { title: 'Other Role' }), { email });
    const token = await issueApplicationLink(db(), id);
    expect(await requestErasure(erasure, token, null)).toEqual({ kind: 'confirmation-sent' });
    // Still all there.
    expect(await db().select().from(applications).where(eq(applications.email, email))).toHaveLength(2);
    expect((await findApplicationByToken(db(), token))?.id).toBe(id);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe('Confirm deleting your data at Helixpoint');
    const confirmation = await confirmationIn(email);
    // Only the digest is stored.
    expect(JSON.stringify(await db().select().from(erasureConfirmations))).not.toContain(confirmation);
    // A forged or expired confirmation erases nothing.
    expect(await confirmErasure(privacy, 'x'.repeat(43))).toEqual({ kind: 'not-found' });
    expect(await findErasureConfirmation(db(), confirmation, new Date(Date.now() + 2 * DAY))).toBe(false);
    expect(await confirmErasure(privacy, confirmation, new Date(Date.now() + 2 * DAY))).toEqual({ kind: 'not-found' });
    expect(await db().select().from(applications).where(eq(applications.email, email))).toHaveLength(2);

    expect(await findErasureConfirmation(db(), confirmation)).toBe(true);
    const result = await confirmErasure(privacy, confirmation);
    expect(result).toMatchObject({ kind: 'erased', result: { applications: 2, held: [] } });
    expect(await db().select().from(applications).where(eq(applications.email, email))).toHaveLength(0);
    expect(await db().select().from(applications).where(eq(applications.id, other))).toHaveLength(0);
    expect(await findApplicationByToken(db(), token)).toBeNull();
    const reference = personReference(TEST_SECRET, email);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'person.erased'), eq(auditLog.targetId, reference)));
    expect(entry).toMatchObject({ actorUserId: null, actorEmail: reference });
    expect(JSON.stringify(await db().select().from(auditLog))).not.toContain(email);
    // Once.
    expect(await confirmErasure(privacy, confirmation)).toEqual({ kind: 'not-found' });
  });

  it('with a confirmed account at the address, asks for its sign-in instead, and erases for the signed-in owner', async () => {
    const owner = await addUser(db(), 'erasing-owner');
    const id = await addApplication(db(), positionId, { email: owner.email });
    const token = await issueApplicationLink(db(), id);
    const before = (await mailsTo(owner.email)).length;
    expect(await requestErasure(erasure, token, null)).toEqual({ kind: 'sign-in' });
    expect(await requestErasure(erasure, token, 'someone-else')).toEqual({ kind: 'sign-in' });
    expect((await mailsTo(owner.email)).length).toBe(before);
    expect(await db().select().from(applications).where(eq(applications.id, id))).toHaveLength(1);
    expect(await requestErasure(erasure, token, owner.id)).toMatchObject({
      kind: 'erased',
      result: { applications: 1, account: 'deleted' },
    });
    expect(await db().select().from(users).where(eq(users.id, owner.id))).toEqual([]);
  });

  it('keeps an application on legal hold, and says so', async () => {
    const email = 'held@mail.test';
    const id = await addApplication(db(), positionId, { email });
    await setLegalHold(db(), admin, id, 'Claim pending');
    const token = await issueApplicationLink(db(), id);
    await requestErasure(erasure, token, null);
    const result = await confirmErasure(privacy, await confirmationIn(email));
    expect(result).toMatchObject({ kind: 'erased', result: { applications: 0, held: [{ id }] } });
    expect(await findApplicationByToken(db(), token)).not.toBeNull();
  });
});

describe('e-mail me my links', () => {
  it('answers the same for a known and an unknown address, and only the known one gets mail', async () => {
    const email = 'links@mail.test';
    const first = await addApplication(db(), positionId, { email });
    const second = await addApplication(db(), await addPosition(db(), { title: 'Second Role' }), { email });
    const oldToken = await issueApplicationLink(db(), first);

    const known = await requestApplicationLinks(formDeps, { email: 'Links@Mail.test ', company_website: '' }, `192.0.2.${++ip}`);
    const unknown = await requestApplicationLinks(formDeps, { email: 'nobody@mail.test', company_website: '' }, `192.0.2.${++ip}`);
    expect(known).toEqual({ kind: 'sent' });
    expect(unknown).toEqual(known);
    // The answer came before the address was even looked up: the e-mail follows it.
    await settled();
    expect(await mailsTo('nobody@mail.test')).toHaveLength(0);

    const [mail] = await mailsTo(email);
    expect(mail!.subject).toContain('application links');
    const tokens = [...mail!.text.matchAll(/\/applications\/([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!);
    expect(tokens).toHaveLength(2);
    // The old link works until a new one is opened: someone who only knows the address voids nothing.
    expect((await findApplicationByToken(db(), oldToken))?.id).toBe(first);
    const opened = await Promise.all(tokens.map((token) => openApplicationLink(db(), token)));
    expect(opened.map((application) => application?.id).sort()).toEqual([first, second].sort());
    expect(await findApplicationByToken(db(), oldToken)).toBeNull();
  });

  it('drops the honeypot silently, refuses a bad address, and is rate limited per client', async () => {
    const client = `192.0.2.${++ip}`;
    expect(await requestApplicationLinks(formDeps, { email: 'links@mail.test', company_website: 'spam' }, client)).toEqual({
      kind: 'sent',
    });
    expect(await requestApplicationLinks(formDeps, { email: 'not an address' }, client)).toMatchObject({ kind: 'invalid' });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await requestApplicationLinks(formDeps, { email: `x${i}@mail.test` }, client)).kind);
    expect(answers.slice(0, 5)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    expect(answers[5]).toBe('rate-limited');
  });

  it('sends an address only so many e-mails, with the same answer', async () => {
    const email = 'flood@mail.test';
    await addApplication(db(), positionId, { email });
    for (let i = 0; i < 5; i++) expect(await requestApplicationLinks(formDeps, { email }, `192.0.2.${++ip}`)).toEqual({ kind: 'sent' });
    await settled();
    expect(await mailsTo(email)).toHaveLength(3);
  });
});

describe('a signed-in applicant’s applications', () => {
  it('lists the applications of a verified address only, and opens only one’s own', async () => {
    const owner = await addUser(db(), 'ada-owner');
    const unverified = await addUser(db(), 'bob-unverified');
    await db().update(users).set({ emailVerified: false }).where(eq(users.id, unverified.id));
    const mine = await apply(owner.email);
    const theirs = await apply('someone.else@mail.test');
    await apply(unverified.email);

    const listed = await applicationsOfUser(db(), owner.id);
    expect(listed?.map((application) => application.id)).toEqual([mine]);
    expect(await applicationsOfUser(db(), unverified.id)).toBeNull();
    expect(await linkForUser(db(), TEST_SECRET, unverified.id, mine)).toBeNull();
    expect(await linkForUser(db(), TEST_SECRET, owner.id, theirs)).toBeNull();

    const token = await linkForUser(db(), TEST_SECRET, owner.id, mine);
    expect((await openApplicationLink(db(), token!))?.id).toBe(mine);
    // Another click hands out the same link: no row per click; the e-mailed link still works.
    expect(await linkForUser(db(), TEST_SECRET, owner.id, mine)).toBe(token);
    const rows = await db().select().from(applicationLinks).where(eq(applicationLinks.applicationId, mine));
    expect(rows.map((row) => row.origin).sort()).toEqual(['account', 'confirmation']);
    const [confirmationMail] = await mailsTo(owner.email);
    expect((await findApplicationByToken(db(), tokenIn(confirmationMail!.text)!))?.id).toBe(mine);
    // Near its end, a fresh one.
    const later = await linkForUser(db(), TEST_SECRET, owner.id, mine, new Date(Date.now() + 89.5 * DAY));
    expect(later).not.toBe(token);
  });
});
