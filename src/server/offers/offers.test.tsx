import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdminRuleError } from '../admin-command';
import {
  applications,
  auditLog,
  departments,
  domainEvents,
  hiringTeamMembers,
  notifications,
  offerApprovals,
  offers,
  offerTemplates,
  positions,
  users,
} from '../db/schema';
import { clearQueuedMails, deliverEvents, queuedMailsTo, startTestBackend, type TestBackend } from '../testing/backend';
import { addApplication, addPosition, addUser } from '../testing/fixtures';
import { offerTermsSchema, type OfferTermsInput } from '../../lib/offers/offer';
import { answerDeps, candidateOffer, candidateOfferPdf, declineOffer, signOffer } from './answer';
import {
  createOffer,
  decideOffer,
  discardOffer,
  expireOffers,
  offerDeps,
  replaceOffer,
  saveOffer,
  sendOffer,
  submitOffer,
  withdrawOffer,
  type OfferDeps,
} from './offers';
import { strFromU8, unzipSync } from 'fflate';
import { listOffers, readOffer } from './read';
import { withdrawByToken } from '../candidates/withdraw';
import { renderToStaticMarkup } from 'react-dom/server';
import { ApplicationTimeline } from '../../components/admin/ApplicationTimeline';
import { applicationTimeline } from '../applications/timeline';
import { erasePerson, exportPerson, privacyDeps } from '../privacy/requests';
import { loadInsights } from '../insights/report';
import { insightsCsv } from '../insights/report-csv';
import { deleteOfferTemplate, saveOfferTemplate } from './templates';

/*
 * Offers against a real PostgreSQL and job queue (issue 54): drafted, approved in order or at once,
 * asked again after a change, sent with an e-mail, read, accepted with a typed name and sealed (the
 * database then refuses any change), declined, withdrawn, replaced, expired; reach and privacy.
 */

let backend: TestBackend;
let deps: OfferDeps;

beforeAll(async () => {
  backend = await startTestBackend({ siteUrl: 'https://careers.helixpoint.test', mail: { from: 'Helixpoint <no-reply@helixpoint.test>' } });
  deps = offerDeps(backend.runtime);
}, 120_000);

afterAll(async () => {
  await backend?.stop();
}, 60_000);

beforeEach(async () => {
  const db = backend.database.db;
  await db.delete(notifications);
  await db.delete(domainEvents);
  await db.delete(offers);
  await db.delete(offerTemplates);
  await db.delete(applications);
  await db.delete(positions);
  await db.delete(auditLog);
  await db.delete(users);
  await clearQueuedMails(backend);
});

/** "Now": a fixed Tuesday noon in Chicago, so the company's today is 2027-03-02. */
const NOW = new Date('2027-03-02T18:00:00Z');

const terms = (change: Partial<OfferTermsInput> = {}) =>
  offerTermsSchema.parse({
    letter:
      'Dear {{first_name}},\n\nWe offer you **{{position_title}}** at {{currency}} {{salary}} {{salary_period}}, from {{start_date}}.\n\n{{sender_name}}',
    startDate: '2027-04-01',
    expiresOn: '2027-03-09',
    salary: '190,000',
    currency: 'EUR',
    period: 'year',
    bonus: '',
    equity: '',
    location: 'Berlin',
    reportingTo: 'Hana Test',
    approvalMode: 'sequence',
    ...change,
  });

async function setUp() {
  const db = backend.database.db;
  const positionId = await addPosition(db, {
    title: 'Security Engineer',
    offerBandMin: 150_000,
    offerBandMax: 180_000,
    offerBandCurrency: 'EUR',
    offerBandPeriod: 'year',
  });
  const otherPosition = await addPosition(db, { title: 'Data Engineer' });
  const people = {
    admin: await addUser(db, 'ada', 'admin'),
    recruiter: await addUser(db, 'rita', 'recruiter'),
    manager: await addUser(db, 'hana', 'hiring_manager'),
    otherManager: await addUser(db, 'omar', 'hiring_manager'),
    interviewer: await addUser(db, 'ivan', 'interviewer'),
  };
  await db.insert(hiringTeamMembers).values([
    { positionId, userId: 'hana', addedByEmail: 'rita@helixpoint.test' },
    { positionId: otherPosition, userId: 'omar', addedByEmail: 'rita@helixpoint.test' },
  ]);
  const applicationId = await addApplication(db, positionId, { fullName: 'Łukasz Żółć', email: 'lukasz@mail.test', status: 'interview' });
  const otherApplication = await addApplication(db, otherPosition, { fullName: 'Olga Other', email: 'olga@mail.test' });
  return { positionId, otherPosition, applicationId, otherApplication, people };
}

/** The link in the candidate's offer e-mail, and its token. */
async function offerLink(address: string) {
  const [mail] = (await queuedMailsTo(backend, address)).slice(-1);
  const link = /https:\/\/careers\.helixpoint\.test\/applications\/([A-Za-z0-9_-]+)#offer/.exec(mail!.text);
  return { mail: mail!, token: link![1]! };
}

/** PostgreSQL's own message for a refused statement (drizzle wraps the driver's error). */
async function databaseRefusal(promise: PromiseLike<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    let cause: unknown = error;
    while ((cause as { cause?: unknown }).cause) cause = (cause as { cause?: unknown }).cause;
    return (cause as Error).message;
  }
}

/**
 * An offer within the band, sent to the candidate (the position's hiring team emptied first, so it
 * is approved when asked), and the token of the link e-mailed with it.
 */
async function sentWithinBand(
  people: Awaited<ReturnType<typeof setUp>>['people'],
  applicationId: string,
  change: Partial<OfferTermsInput> = {},
  now = NOW,
) {
  const offerId = await createOffer(deps, people.recruiter, applicationId, null, now);
  await saveOffer(deps, people.recruiter, offerId, terms({ salary: '150000', ...change }), now);
  expect(await submitOffer(deps, people.recruiter, offerId, now)).toBe('approved');
  await sendOffer(deps, people.recruiter, offerId, now);
  const { token } = await offerLink('lukasz@mail.test');
  return { offerId, token };
}

/** The code of the latest signing e-mail to the candidate (decision 071). */
async function latestCode(address = 'lukasz@mail.test'): Promise<string> {
  const mail = (await queuedMailsTo(backend, address)).findLast((message) => message.subject.startsWith('Your code to sign your offer'));
  return /(\d{6})$/.exec(mail!.subject)![1]!;
}

/** Accepting as the candidate's page does it: the name (a code is e-mailed), then the name and the code. */
async function accept(token: string, offerId: string, signature: string, ip: string, now: Date) {
  const asked = await signOffer(answerDeps(backend.runtime), { token, offerId, signature }, ip, now);
  if (asked.kind !== 'code-sent') return asked;
  return signOffer(answerDeps(backend.runtime), { token, offerId, signature, code: await latestCode() }, ip, now);
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AdminRuleError ? error.message : Promise.reject(error)),
  );

describe('an offer, from draft to signature', () => {
  it('above the band: the hiring manager then an admin approve in order, the candidate accepts by typing their name, and it is sealed', async () => {
    const db = backend.database.db;
    const { applicationId, people } = await setUp();

    const offerId = await createOffer(deps, people.recruiter, applicationId, null, NOW);
    expect(await refusal(createOffer(deps, people.recruiter, applicationId, null, NOW))).toBe(
      'This application already has an offer in progress',
    );
    expect(await saveOffer(deps, people.recruiter, offerId, terms(), NOW)).toBe('draft');
    expect(await submitOffer(deps, people.recruiter, offerId, NOW)).toBe('approval');

    // 190,000 is above the band (150,000–180,000): the hiring manager first, then any admin.
    const page = (await readOffer(db, people.manager, offerId, NOW))!;
    expect(page.offer.outsideBand).toBe(true);
    expect(page.approvals.map(({ kind, approverName, due }) => ({ kind, approverName, due }))).toEqual([
      { kind: 'hiring_manager', approverName: 'hana Test', due: true },
      { kind: 'admin', approverName: null, due: false },
    ]);
    expect(page.may.decide).toBe(true);
    expect(await refusal(decideOffer(deps, people.admin, offerId, 'approved', '', NOW))).toBe(
      'This approval is not yours to give, or not yet',
    );

    // The hiring manager is told (and only they, for now); then the admin's turn comes, and the admins are told.
    await deliverEvents(backend, NOW);
    const toldOf = async (kind: string) =>
      (
        await db
          .select({ userId: notifications.userId, reason: notifications.reason })
          .from(notifications)
          .innerJoin(domainEvents, eq(domainEvents.id, notifications.eventId))
          .where(eq(domainEvents.kind, kind as never))
      ).map((row) => `${row.userId}:${row.reason}`);
    expect(await toldOf('offer.approval_requested')).toEqual(['hana:approver']);

    expect(await decideOffer(deps, people.manager, offerId, 'approved', 'Strong hire.', NOW)).toBe('approval');
    await deliverEvents(backend, NOW);
    expect((await toldOf('offer.approval_requested')).sort()).toEqual(['ada:approver', 'hana:approver']);
    expect(await decideOffer(deps, people.admin, offerId, 'approved', '', NOW)).toBe('approved');
    await deliverEvents(backend, NOW);
    expect(await toldOf('offer.approved')).toEqual(['rita:drafter']);

    // Sent: the letter kept as the candidate reads it, the application at Offer, an e-mail with their link.
    await sendOffer(deps, people.recruiter, offerId, NOW);
    const [sent] = await db.select().from(offers).where(eq(offers.id, offerId));
    expect(sent!.status).toBe('sent');
    expect(sent!.letterText).toBe(
      'Dear Łukasz,\n\nWe offer you **Security Engineer** at EUR 190,000 a year, from April 1, 2027.\n\nrita Test',
    );
    const [application] = await db.select({ status: applications.status }).from(applications).where(eq(applications.id, applicationId));
    expect(application!.status).toBe('offer');
    const { mail, token } = await offerLink('lukasz@mail.test');
    expect(mail.subject).toBe('Your offer from Helixpoint: Security Engineer');
    expect(mail.text).toContain('The offer is open until the end of March 9, 2027, Central Time (America/Chicago).');
    expect(mail.text).not.toContain('190,000');

    // The candidate's page shows the letter; the first opening is noted.
    const shown = (await candidateOffer(db, applicationId, NOW))!;
    expect(shown.status).toBe('sent');
    expect(shown.letterHtml).toContain('<strong>Security Engineer</strong>');
    expect((await db.select({ readAt: offers.readAt }).from(offers).where(eq(offers.id, offerId)))[0]!.readAt).toEqual(NOW);

    // A name that is not theirs is refused, saying which name; theirs, in any case and spacing, signs.
    expect(await accept(token, offerId, 'Lukasz Zolc', '203.0.113.9', NOW)).toEqual({
      kind: 'refused',
      message: 'Type your full name exactly as the offer gives it: Łukasz Żółć',
      field: 'signature',
    });
    const signedAt = new Date(NOW.getTime() + 60_000);
    expect(await accept(token, offerId, '  łukasz   żółć ', '203.0.113.9', signedAt)).toEqual({ kind: 'accepted' });

    const [sealed] = await db.select().from(offers).where(eq(offers.id, offerId));
    expect(sealed).toMatchObject({ status: 'accepted', signatureName: 'łukasz żółć', signatureIp: '203.0.113.9', answeredAt: signedAt });
    // The stored hash is the stored PDF's, and the PDF the candidate downloads is that very file.
    expect(createHash('sha256').update(sealed!.sealedPdf!).digest('hex')).toBe(sealed!.sealedSha256);
    const download = (await candidateOfferPdf(db, token, signedAt))!;
    expect(download.fileName).toBe('offer-v1-signed.pdf');
    expect(Buffer.compare(download.pdf, sealed!.sealedPdf!)).toBe(0);
    const [hired] = await db.select({ status: applications.status }).from(applications).where(eq(applications.id, applicationId));
    expect(hired!.status).toBe('hired');

    // Sealed: the database refuses any change to it, by any path, even by hand.
    expect(await databaseRefusal(db.update(offers).set({ salary: 1 }).where(eq(offers.id, offerId)))).toBe(
      `offer ${offerId} is signed and sealed: it cannot be changed`,
    );
    expect(await databaseRefusal(db.execute(sql`update offers set sealed_pdf = 'x'::bytea where id = ${offerId}`))).toMatch(
      /signed and sealed/,
    );
    const [after] = await db
      .select({ salary: offers.salary, sealedSha256: offers.sealedSha256 })
      .from(offers)
      .where(eq(offers.id, offerId));
    expect(after).toEqual({ salary: 190000, sealedSha256: sealed!.sealedSha256 });
    expect(await refusal(withdrawOffer(deps, people.recruiter, offerId, signedAt))).toBe('This offer is not open for an answer');
    expect(await refusal(replaceOffer(deps, people.recruiter, offerId, signedAt))).toBe(
      'Only a sent, declined, expired or withdrawn offer can be replaced by a new version',
    );
    expect(await accept(token, offerId, 'Łukasz Żółć', '203.0.113.9', signedAt)).toEqual({
      kind: 'refused',
      message: 'This offer is not open for an answer',
    });

    // The team is told; every step is on the application's timeline with the actor's role, and no pay in it.
    await deliverEvents(backend, signedAt);
    // The team, and the offer's drafter and sender (here one person).
    expect((await toldOf('offer.accepted')).sort()).toEqual(['hana:team', 'rita:drafter']);
    const entries = await db
      .select({ action: auditLog.action, role: auditLog.actorRole, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, applicationId), sql`${auditLog.action} like 'application.offer_%'`))
      .orderBy(auditLog.createdAt, auditLog.id);
    expect(entries.map((entry) => `${entry.action}:${entry.role ?? 'candidate'}`)).toEqual([
      'application.offer_drafted:recruiter',
      'application.offer_changed:recruiter',
      'application.offer_submitted:recruiter',
      'application.offer_approved:hiring_manager',
      'application.offer_approved:admin',
      'application.offer_sent:recruiter',
      'application.offer_accepted:candidate',
    ]);
    expect(JSON.stringify(entries)).not.toContain('190');
    // The application's timeline says each step, with the approvers' roles and words.
    const timeline = await applicationTimeline(db, applicationId);
    const offerSteps = timeline.flatMap((event) =>
      event.kind === 'audit' && event.action.startsWith('application.offer_')
        ? [`${event.who}:${event.role ?? 'candidate'}:${event.action}`]
        : [],
    );
    expect(offerSteps).toEqual([
      'rita Test:recruiter:application.offer_drafted',
      'rita Test:recruiter:application.offer_changed',
      'rita Test:recruiter:application.offer_submitted',
      'hana Test:hiring_manager:application.offer_approved',
      'ada Test:admin:application.offer_approved',
      'rita Test:recruiter:application.offer_sent',
      'Łukasz Żółć:candidate:application.offer_accepted',
    ]);
    const html = renderToStaticMarkup(<ApplicationTimeline items={timeline} />);
    expect(html).toContain('hana Test (Hiring manager)</span> approved offer version 1: “Strong hire.”');
    expect(html).toContain('Łukasz Żółć</span> accepted and signed offer version 1 from their personal link');
    // Its drafter's account can still be deleted: the reference to them goes, nothing else.
    await db.delete(users).where(eq(users.id, 'rita'));
    const [orphaned] = await db
      .select({ by: offers.createdByUserId, sentBy: offers.sentByUserId, email: offers.createdByEmail, sealedSha256: offers.sealedSha256 })
      .from(offers)
      .where(eq(offers.id, offerId));
    expect(orphaned).toEqual({ by: null, sentBy: null, email: 'rita@helixpoint.test', sealedSha256: sealed!.sealedSha256 });
  });

  it('within the band, all at once: either approver may go first; a change after an approval asks again', async () => {
    const db = backend.database.db;
    const { positionId, applicationId, people } = await setUp();
    await db.insert(hiringTeamMembers).values({ positionId, userId: 'ada', addedByEmail: 'rita@helixpoint.test' });
    await db.update(users).set({ role: 'hiring_manager' }).where(eq(users.id, 'omar'));
    await db.insert(hiringTeamMembers).values({ positionId, userId: 'omar', addedByEmail: 'rita@helixpoint.test' });

    const offerId = await createOffer(deps, people.recruiter, applicationId, null, NOW);
    await saveOffer(deps, people.recruiter, offerId, terms({ salary: '160000', approvalMode: 'parallel' }), NOW);
    expect(await submitOffer(deps, people.recruiter, offerId, NOW)).toBe('approval');
    let page = (await readOffer(db, people.recruiter, offerId, NOW))!;
    expect(page.offer.outsideBand).toBe(false);
    // Only hiring managers are named (the admin on the team is not one); both are due at once.
    expect(page.approvals.map((step) => `${step.kind}:${step.approverName}:${step.due}`)).toEqual([
      'hiring_manager:hana Test:true',
      'hiring_manager:omar Test:true',
    ]);
    expect(await decideOffer(deps, { ...people.otherManager, role: 'hiring_manager' }, offerId, 'approved', '', NOW)).toBe('approval');

    // A change after an approval: a new round, everyone asked again, the earlier decision kept as history.
    expect(await saveOffer(deps, people.recruiter, offerId, terms({ salary: '165000', approvalMode: 'parallel' }), NOW)).toBe('approval');
    page = (await readOffer(db, people.recruiter, offerId, NOW))!;
    expect(page.offer.approvalRound).toBe(2);
    expect(page.approvals.every((step) => step.decision === null && step.due)).toBe(true);
    expect(page.history.map((step) => `${step.round}:${step.decision}:${step.decidedByRole}`)).toEqual(['1:approved:hiring_manager']);

    // Asking for changes needs no more than the comment, and sends it back to its drafter as a draft.
    expect(await decideOffer(deps, people.manager, offerId, 'changes', 'Start a month later.', NOW)).toBe('draft');
    page = (await readOffer(db, people.recruiter, offerId, NOW))!;
    expect(page.offer.status).toBe('draft');
    expect(page.approvals.find((step) => step.decision === 'changes')?.comment).toBe('Start a month later.');
    expect(await refusal(sendOffer(deps, people.recruiter, offerId, NOW))).toBe('The offer needs all its approvals before it is sent');
    await deliverEvents(backend, NOW);
    const [told] = await db
      .select({ userId: notifications.userId })
      .from(notifications)
      .innerJoin(domainEvents, eq(domainEvents.id, notifications.eventId))
      .where(eq(domainEvents.kind, 'offer.changes_requested'));
    expect(told?.userId).toBe('rita');
  });

  it('with nobody named and within the band, is approved at once; declined with a reason; replaced by a new version', async () => {
    const db = backend.database.db;
    const { positionId, applicationId, people } = await setUp();
    await db.delete(hiringTeamMembers).where(eq(hiringTeamMembers.positionId, positionId));
    const { offerId, token } = await sentWithinBand(people, applicationId);

    expect(await declineOffer(db, token, offerId, 'I accepted another offer.', NOW)).toEqual({ kind: 'declined' });
    const [declined] = await db.select().from(offers).where(eq(offers.id, offerId));
    expect(declined).toMatchObject({ status: 'declined', declineReason: 'I accepted another offer.' });
    expect((await candidateOffer(db, applicationId, NOW))!.status).toBe('declined');

    const second = await replaceOffer(deps, people.recruiter, offerId, NOW);
    const [copy] = await db.select().from(offers).where(eq(offers.id, second));
    expect(copy).toMatchObject({ version: 2, status: 'draft', salary: 150000, letter: declined!.letter });
    // The candidate still sees the answered version until the new one is sent.
    expect((await candidateOffer(db, applicationId, NOW))!.version).toBe(1);
    await discardOffer(deps, people.recruiter, second);
    expect(await db.select({ id: offers.id }).from(offers).where(eq(offers.id, second))).toEqual([]);
  });

  it('expires at the end of its day in the company’s zone; a withdrawn one, or one whose application was withdrawn, cannot be accepted', async () => {
    const db = backend.database.db;
    const { positionId, applicationId, people } = await setUp();
    await db.delete(hiringTeamMembers).where(eq(hiringTeamMembers.positionId, positionId));
    const { offerId, token } = await sentWithinBand(people, applicationId, { expiresOn: '2027-03-05' });

    // 23:30 in Chicago on its last day is still the 5th there (05:30 UTC on the 6th).
    const lastMinutes = new Date('2027-03-06T05:30:00Z');
    expect(await expireOffers(db, lastMinutes)).toBe(0);
    expect((await candidateOffer(db, applicationId, lastMinutes))!.status).toBe('sent');
    const dayAfter = new Date('2027-03-06T06:30:00Z');
    // Refused past its date even before the job closes it.
    expect(await accept(token, offerId, 'Łukasz Żółć', '203.0.113.9', dayAfter)).toEqual({
      kind: 'refused',
      message: 'This offer has expired',
    });
    expect(await expireOffers(db, dayAfter)).toBe(1);
    expect((await db.select({ status: offers.status }).from(offers).where(eq(offers.id, offerId)))[0]!.status).toBe('expired');

    const next = await replaceOffer(deps, people.recruiter, offerId, dayAfter);
    // (Below: a withdrawn offer; and an offer on an application the candidate withdrew.)
    await saveOffer(deps, people.recruiter, next, terms({ salary: '150000', expiresOn: '2027-03-12' }), dayAfter);
    await submitOffer(deps, people.recruiter, next, dayAfter);
    await sendOffer(deps, people.recruiter, next, dayAfter);
    await withdrawOffer(deps, people.recruiter, next, dayAfter);
    const { token: newer } = await offerLink('lukasz@mail.test');
    expect(await accept(newer, next, 'Łukasz Żółć', '203.0.113.9', dayAfter)).toEqual({
      kind: 'refused',
      message: 'This offer is not open for an answer',
    });
    expect((await candidateOffer(db, applicationId, dayAfter))!.status).toBe('withdrawn');

    const third = await replaceOffer(deps, people.recruiter, next, dayAfter);
    await saveOffer(deps, people.recruiter, third, terms({ salary: '150000', expiresOn: '2027-03-12' }), dayAfter);
    await submitOffer(deps, people.recruiter, third, dayAfter);
    await sendOffer(deps, people.recruiter, third, dayAfter);
    const { token: newest } = await offerLink('lukasz@mail.test');
    // The candidate withdraws their application from their page: its sent offer is closed with it.
    expect(await withdrawByToken(db, newest, dayAfter)).toEqual({ kind: 'withdrawn' });
    expect((await db.select({ status: offers.status }).from(offers).where(eq(offers.id, third)))[0]!.status).toBe('withdrawn');
    expect(await accept(newest, third, 'Łukasz Żółć', '203.0.113.9', dayAfter)).toEqual({
      kind: 'refused',
      message: 'This offer is not open for an answer',
    });
    expect((await db.select({ status: applications.status }).from(applications).where(eq(applications.id, applicationId)))[0]!.status).toBe(
      'withdrawn',
    );
  });
});

describe('signing an offer', () => {
  it('needs the code e-mailed to the candidate: a link alone does not sign; wrong, stale and spent codes are refused', async () => {
    const db = backend.database.db;
    const { positionId, applicationId, people } = await setUp();
    await db.delete(hiringTeamMembers).where(eq(hiringTeamMembers.positionId, positionId));
    const { offerId, token } = await sentWithinBand(people, applicationId);
    const deps = answerDeps(backend.runtime);
    const sign = (code?: string, now = NOW) => signOffer(deps, { token, offerId, signature: 'Łukasz Żółć', code }, '203.0.113.9', now);

    expect(await sign()).toEqual({ kind: 'code-sent', to: 'l…@mail.test' });
    const [mail] = (await queuedMailsTo(backend, 'lukasz@mail.test')).slice(-1);
    expect(mail!.text).toContain('It works for 15 minutes, once.');
    const code = await latestCode();
    // Not its code: refused, each try counted (five at most); then the right one is refused too, until a new code.
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect(await sign(wrong)).toEqual({
        kind: 'refused',
        message: 'That is not the code we sent: check the e-mail, or ask for a new code',
        field: 'code',
      });
    expect(await sign(code)).toEqual({ kind: 'refused', message: 'Too many wrong codes: ask for a new one', field: 'code' });
    // A new code ends the old one; past 15 minutes it is refused.
    await sign();
    const second = await latestCode();
    expect(await sign(second, new Date(NOW.getTime() + 15 * 60_000))).toEqual({
      kind: 'refused',
      message: 'The code has expired: ask for a new one',
      field: 'code',
    });
    expect((await db.select({ status: offers.status }).from(offers).where(eq(offers.id, offerId)))[0]!.status).toBe('sent');
    // Five codes for one offer at most.
    for (let sent = 2; sent < 5; sent += 1) expect((await sign()).kind).toBe('code-sent');
    expect(await sign()).toEqual({
      kind: 'refused',
      message: 'Too many codes were sent for this offer: reply to the offer’s e-mail and the hiring team will help',
      field: 'signature',
    });
    expect(await sign(await latestCode())).toEqual({ kind: 'accepted' });
    const [signed] = await db.select({ hash: offers.signingCodeHash, status: offers.status }).from(offers).where(eq(offers.id, offerId));
    expect(signed).toEqual({ hash: null, status: 'accepted' });
  });
});

describe('an offer and the candidate’s privacy', () => {
  it('is in their export, the signed PDF beside data.json, and goes with them when they are erased', async () => {
    const db = backend.database.db;
    const { positionId, applicationId, people } = await setUp();
    await db.delete(hiringTeamMembers).where(eq(hiringTeamMembers.positionId, positionId));
    const { offerId, token } = await sentWithinBand(people, applicationId);
    await accept(token, offerId, 'Łukasz Żółć', '203.0.113.9', NOW);
    const [sealed] = await db.select({ pdf: offers.sealedPdf, sha: offers.sealedSha256 }).from(offers).where(eq(offers.id, offerId));

    const privacy = privacyDeps(backend.runtime);
    const zip = unzipSync(new Uint8Array(await new Response(await exportPerson(privacy, people.admin, 'lukasz@mail.test')).arrayBuffer()));
    const data = JSON.parse(strFromU8(zip['data.json']!));
    const file = `files/offer-${applicationId.slice(0, 8)}-v1-signed.pdf`;
    expect(data.applications[0].offers).toEqual([
      expect.objectContaining({
        version: 1,
        status: 'accepted',
        salary: 150000,
        signatureName: 'Łukasz Żółć',
        sealedSha256: sealed!.sha,
        sealedPdf: file,
      }),
    ]);
    expect(Buffer.compare(Buffer.from(zip[file]!), sealed!.pdf!)).toBe(0);

    await erasePerson(privacy, people.admin, 'lukasz@mail.test');
    expect(await db.select({ id: offers.id }).from(offers).where(eq(offers.applicationId, applicationId))).toEqual([]);
  });
});

describe('the offers report', () => {
  it('counts the period’s offers per position and department, the answers, the time to answer and the reasons, within reach', async () => {
    const db = backend.database.db;
    const { positionId, applicationId, otherApplication, people } = await setUp();
    await db.delete(hiringTeamMembers).where(eq(hiringTeamMembers.positionId, positionId));
    const [department] = await db.insert(departments).values({ name: 'Security' }).returning({ id: departments.id });
    await db.update(positions).set({ departmentId: department!.id }).where(eq(positions.id, positionId));
    const sendOne = async (id: string, now: Date) => {
      const offerId = await createOffer(deps, people.recruiter, id, null, now);
      await saveOffer(deps, people.recruiter, offerId, terms({ salary: '150000', currency: 'EUR' }), now);
      // Data Engineer's hiring manager, then an admin (it has no band); Security Engineer's none.
      if ((await submitOffer(deps, people.recruiter, offerId, now)) === 'approval') {
        await decideOffer(deps, people.otherManager, offerId, 'approved', '', now);
        await decideOffer(deps, people.admin, offerId, 'approved', '', now);
      }
      await sendOffer(deps, people.recruiter, offerId, now);
      return offerId;
    };
    const first = await sendOne(applicationId, NOW);
    const { token } = await offerLink('lukasz@mail.test');
    // Declined two days and a half later (midnight in Chicago, the 5th), with a reason.
    await declineOffer(db, token, first, 'The commute, <b>sadly</b>.', new Date(NOW.getTime() + 2.5 * 86_400_000));
    await sendOne(otherApplication, NOW);

    const today = '2027-03-05';
    const insights = await loadInsights(db, { periodDays: 30, positionId: null, today, who: people.admin });
    expect(insights.offers!.byPosition).toEqual([
      expect.objectContaining({
        position: 'Data Engineer',
        department: 'No department',
        sent: 1,
        open: 1,
        accepted: 0,
        medianDaysToAnswer: null,
      }),
      expect.objectContaining({
        position: 'Security Engineer',
        department: 'Security',
        sent: 1,
        declined: 1,
        medianDaysToAnswer: 2.5,
        acceptance: 0,
      }),
    ]);
    expect(insights.offers!.byDepartment.map((row) => [row.department, row.sent])).toEqual([
      ['Security', 1],
      ['No department', 1],
    ]);
    expect(insights.offers!.declines).toEqual([
      { position: 'Security Engineer', department: 'Security', reason: 'The commute, <b>sadly</b>.', declinedOn: '2027-03-05' },
    ]);
    const file = insightsCsv('offers', insights, null);
    expect(file).toContain(
      'Position,Department,Offers sent,Accepted,Declined,"Expired, withdrawn or replaced",Open,Acceptance (%),Median days to answer',
    );
    expect(file).toContain('Security Engineer,Security,1,0,1,0,0,0,2.5');
    expect(insightsCsv('offer-declines', insights, null)).toContain('2027-03-05,Security Engineer,Security,"The commute, <b>sadly</b>."');

    // A hiring manager counts their team's positions only.
    const theirs = await loadInsights(db, { periodDays: 30, positionId: null, today, who: people.otherManager });
    expect(theirs.offers!.byPosition.map((row) => row.position)).toEqual(['Data Engineer']);
  });
});

describe('who reaches an offer', () => {
  it('a hiring manager of another team, an interviewer and a stranger’s token reach nothing, and change nothing', async () => {
    const db = backend.database.db;
    const { applicationId, otherApplication, people } = await setUp();
    const offerId = await createOffer(deps, people.recruiter, applicationId, null, NOW);
    await saveOffer(deps, people.recruiter, offerId, terms(), NOW);
    await submitOffer(deps, people.recruiter, offerId, NOW);

    expect(await readOffer(db, people.otherManager, offerId, NOW)).toBeNull();
    expect(await readOffer(db, people.admin, 'not-an-offer', NOW)).toBeNull();
    expect(await readOffer(db, people.interviewer, offerId, NOW)).toBeNull();
    expect(await refusal(decideOffer(deps, people.otherManager, offerId, 'approved', '', NOW))).toBe('This offer no longer exists');
    expect(await refusal(saveOffer(deps, people.manager, offerId, terms({ salary: '1' }), NOW))).toBe('This offer no longer exists');
    expect(await listOffers(db, people.otherManager, null)).toEqual([]);
    expect((await listOffers(db, people.manager, null)).map((row) => [row.candidateName, row.waitsForMe])).toEqual([['Łukasz Żółć', true]]);
    expect((await listOffers(db, people.recruiter, 'approval')).map((row) => row.waitsForMe)).toEqual([false]);
    const [unchanged] = await db.select({ salary: offers.salary, status: offers.status }).from(offers).where(eq(offers.id, offerId));
    expect(unchanged).toEqual({ salary: 190000, status: 'approval' });
    // Audited as a refusal on the application, answered as missing.
    const denied = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.access_denied'), eq(auditLog.actorEmail, 'omar@helixpoint.test')));
    expect(denied.length).toBeGreaterThan(0);

    // An offer on another application is not answered through this candidate's link.
    const otherOffer = await createOffer(deps, people.recruiter, otherApplication, null, NOW);
    expect(await accept('a'.repeat(43), otherOffer, 'Olga Other', '203.0.113.9', NOW)).toEqual({ kind: 'not-found' });
  });

  it('cannot be made on a decided application, nor sent with an expiry in the past', async () => {
    const { applicationId, people } = await setUp();
    const offerId = await createOffer(deps, people.recruiter, applicationId, null, NOW);
    expect(await refusal(saveOffer(deps, people.recruiter, offerId, terms({ expiresOn: '2027-03-01' }), NOW))).toBe(
      'The offer must expire today or later',
    );
    await backend.database.db.update(applications).set({ status: 'rejected' }).where(eq(applications.id, applicationId));
    await backend.database.db.delete(offers).where(eq(offers.id, offerId));
    expect(await refusal(createOffer(deps, people.recruiter, applicationId, null, NOW))).toBe(
      'This application is already decided: no offer can be made on it',
    );
  });
});

describe('offer letter templates', () => {
  it('are kept by name, start a new offer with their text, and an offer keeps its own text when the template goes', async () => {
    const db = backend.database.db;
    const { applicationId, people } = await setUp();
    const id = await saveOfferTemplate(db, people.admin, {
      name: 'Contractor',
      body: 'Hello {{candidate_name}}: {{currency}} {{salary}} {{salary_period}}.',
    });
    expect(await refusal(saveOfferTemplate(db, people.admin, { name: 'Contractor', body: 'Other' }))).toBe(
      'A template of that name exists: choose another name',
    );
    const offerId = await createOffer(deps, people.recruiter, applicationId, id, NOW);
    await deleteOfferTemplate(db, people.admin, id);
    const [offer] = await db.select({ letter: offers.letter, templateId: offers.templateId }).from(offers).where(eq(offers.id, offerId));
    expect(offer).toEqual({ letter: 'Hello {{candidate_name}}: {{currency}} {{salary}} {{salary_period}}.', templateId: null });
    // Its preview: the band's low end and currency to start from, the name as plain text.
    const page = (await readOffer(db, people.recruiter, offerId, NOW))!;
    expect(page.letterHtml).toBe('<p>Hello Łukasz Żółć: EUR 150,000 a year.</p>\n');
  });
});

describe('offerApprovals', () => {
  it('keep one row per step and round', async () => {
    const db = backend.database.db;
    const { applicationId, people } = await setUp();
    const offerId = await createOffer(deps, people.recruiter, applicationId, null, NOW);
    await saveOffer(deps, people.recruiter, offerId, terms(), NOW);
    await submitOffer(deps, people.recruiter, offerId, NOW);
    const rows = await db
      .select({ round: offerApprovals.round, step: offerApprovals.step })
      .from(offerApprovals)
      .where(eq(offerApprovals.offerId, offerId));
    expect(rows).toEqual([
      { round: 1, step: 1 },
      { round: 1, step: 2 },
    ]);
  });
});
