import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type pg from 'pg';
import { AdminRuleError } from '../admin-command.ts';
import { assertReach, type Staff } from '../access/guard.ts';
import { canAll, rolesWithTeamOnly, type Who } from '../access/permissions.ts';
import { audit } from '../audit/log.ts';
import { withTransaction, type Database } from '../db/client.ts';
import { UNIQUE_VIOLATION, violates } from '../db/errors.ts';
import { applications, hiringTeamMembers, offerApprovals, offers, positions, users } from '../db/schema.ts';
import { recordEvent } from '../events/record.ts';
import type { Jobs } from '../jobs/queue.ts';
import type { Runtime } from '../runtime.ts';
import { changeStatus } from '../applications/review.ts';
import { senderName } from '../applications/emails.ts';
import { applicationLinkUrl, issueApplicationLink } from '../candidates/links.ts';
import { offerSentMail } from '../mail/offer-templates.ts';
import { threadAddressing } from '../replies/addresses.ts';
import { dayIn } from '../scheduling/slots.ts';
import { positionBand, readOfferBand } from './band.ts';
import { letterOfTemplate } from './templates.ts';
import { letterText } from './letter.ts';
import {
  isEditableOffer,
  isReplaceableOffer,
  offerMessages,
  salaryOf,
  withinBand,
  type ApprovalDecision,
  type ApprovalMode,
  type ApproverKind,
  type OfferStatus,
  type OfferTerms,
} from '../../lib/offers/offer.ts';
import { addDays, COMPANY_TIME_ZONE } from '../../lib/format.ts';
import { isDecided } from '../../lib/applications/status.ts';
import { applicationRuleMessages } from '../../lib/applications/texts.ts';

/**
 * The team's side of an offer (issue 54, decision 069): drafted from a template for one application,
 * approved by the people it names (the position's hiring managers, in order or all at once, and an
 * admin when its pay is outside the position's band), sent to the candidate with a link to their
 * page, withdrawn, or replaced by a new version. Every step is audited on the application's
 * timeline with the actor's role, and what others must hear of is a domain event. Each command
 * checks its reach through the actions' guard, so no caller can skip it.
 */

export interface OfferDeps {
  db: Database;
  pool: pg.Pool;
  jobs: Pick<Jobs, 'enqueueEmail'>;
  siteUrl: string;
  /** REPLY_ADDRESS (issue 35): the candidate's reply to the offer comes back to the application's timeline, and tells its sender. */
  replyAddress: string | null;
}

export function offerDeps(runtime: Pick<Runtime, 'database' | 'jobs' | 'config'>): OfferDeps {
  return {
    db: runtime.database.db,
    pool: runtime.database.pool,
    jobs: runtime.jobs,
    siteUrl: runtime.config.siteUrl,
    replyAddress: runtime.config.inbound.replyAddress,
  };
}

type Tx = Database;

/** Today in the company's zone: an offer expires at the end of its day there. */
export const companyToday = (now: Date) => dayIn(now, COMPANY_TIME_ZONE);

/** The offer's row and what its steps need of its application and position, locked for the change. */
async function lockedOffer(tx: Tx, offerId: string) {
  const [row] = await tx
    .select({
      offer: offers,
      candidateName: applications.fullName,
      candidateEmail: applications.email,
      applicationStatus: applications.status,
      emailBouncedAt: applications.emailBouncedAt,
      positionTitle: positions.title,
    })
    .from(offers)
    .innerJoin(applications, eq(applications.id, offers.applicationId))
    .innerJoin(positions, eq(positions.id, offers.positionId))
    .where(eq(offers.id, offerId))
    .for('update', { of: offers });
  if (!row) throw new AdminRuleError(offerMessages.gone);
  return row;
}

const eventBase = (row: Awaited<ReturnType<typeof lockedOffer>>) => ({
  offerId: row.offer.id,
  candidateName: row.candidateName,
  positionTitle: row.positionTitle,
  version: row.offer.version,
});

const auditDetails = (offer: { id: string; version: number }, more: Record<string, unknown> = {}) => ({
  offerId: offer.id,
  version: offer.version,
  ...more,
});

/** An offer's dates as the form's rules say (lib/offers/offer.ts), and not past: checked again when asked for approval and sent. */
function assertDates(offer: { startDate: string; expiresOn: string }, now: Date) {
  if (offer.expiresOn < companyToday(now)) throw new AdminRuleError(offerMessages.expiryPast);
  if (offer.expiresOn >= offer.startDate) throw new AdminRuleError(offerMessages.expiryAfterStart);
}

/** The terms as the table stores them. */
const termColumns = (terms: OfferTerms) => ({
  letter: terms.letter,
  startDate: terms.startDate,
  expiresOn: terms.expiresOn,
  salary: salaryOf(terms),
  currency: terms.currency,
  period: terms.period,
  bonus: terms.bonus,
  equity: terms.equity,
  location: terms.location,
  reportingTo: terms.reportingTo,
  approvalMode: terms.approvalMode,
});

/**
 * Drafts an offer for an application (the next version when earlier ones were closed), from a
 * template, with terms to start from: the position's band (its low end) or advertised salary, its
 * location, a start in four weeks and an answer asked within a week. Returns its id.
 */
export async function createOffer(
  deps: OfferDeps,
  actor: Staff,
  applicationId: string,
  templateId: string | null,
  now = new Date(),
): Promise<string> {
  await assertReach(deps.db, actor, 'offers.manage', { application: applicationId });
  const [application] = await deps.db
    .select({
      positionId: applications.positionId,
      status: applications.status,
      location: positions.location,
      salaryMin: positions.salaryMin,
      salaryCurrency: positions.salaryCurrency,
    })
    .from(applications)
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .where(eq(applications.id, applicationId));
  if (!application) throw new AdminRuleError(applicationRuleMessages.gone);
  if (isDecided(application.status)) throw new AdminRuleError(offerMessages.decided);
  const band = await readOfferBand(deps.db, actor, application.positionId);
  const template = await letterOfTemplate(deps.db, templateId);
  const today = companyToday(now);
  try {
    return await deps.db.transaction(async (tx) => {
      const [last] = await tx
        .select({ version: max(offers.version) })
        .from(offers)
        .where(eq(offers.applicationId, applicationId));
      const version = (last?.version ?? 0) + 1;
      const [row] = await tx
        .insert(offers)
        .values({
          applicationId,
          positionId: application.positionId,
          version,
          templateId: template.id,
          letter: template.body,
          startDate: addDays(today, 28),
          expiresOn: addDays(today, 7),
          salary: band?.min ?? application.salaryMin ?? 0,
          currency: band?.currency ?? application.salaryCurrency,
          period: band?.period ?? 'year',
          location: application.location,
          createdByUserId: actor.id,
          createdByEmail: actor.email,
        })
        .returning({ id: offers.id });
      await audit(tx, actor, 'application.offer_drafted', applicationId, auditDetails({ id: row!.id, version }));
      return row!.id;
    });
  } catch (error) {
    if (violates(error, UNIQUE_VIOLATION)) throw new AdminRuleError(offerMessages.alreadyOpen);
    throw error;
  }
}

/** An approval asked in a round: of a named person (a hiring manager), or of any admin. */
interface Step {
  kind: ApproverKind;
  userId: string | null;
}

/**
 * Who approves an offer: the hiring managers on its position's team, in the order they joined it,
 * then an admin when its pay is outside the position's band (or the position has none).
 */
async function approversOf(tx: Tx, positionId: string, outsideBand: boolean): Promise<Step[]> {
  const managers = await tx
    .select({ userId: hiringTeamMembers.userId })
    .from(hiringTeamMembers)
    .innerJoin(users, eq(users.id, hiringTeamMembers.userId))
    .where(and(eq(hiringTeamMembers.positionId, positionId), inArray(users.role, rolesWithTeamOnly('offers.approve'))))
    .orderBy(asc(hiringTeamMembers.createdAt), asc(hiringTeamMembers.userId));
  return [
    ...managers.map((manager) => ({ kind: 'hiring_manager' as const, userId: manager.userId })),
    ...(outsideBand ? [{ kind: 'admin' as const, userId: null }] : []),
  ];
}

/** The steps whose turn it is: the first undecided one in order, or every undecided one at once. */
export function stepsDue<T extends { step: number; decision: ApprovalDecision | null }>(steps: T[], mode: ApprovalMode): T[] {
  const open = steps.filter((step) => step.decision === null).sort((a, b) => a.step - b.step);
  return mode === 'sequence' ? open.slice(0, 1) : open;
}

/** Tells whoever's turn it is (the named people, or the admins) that an approval waits for them. */
async function askApprovals(
  tx: Tx,
  row: Awaited<ReturnType<typeof lockedOffer>>,
  actor: Staff,
  steps: { step: number; kind: ApproverKind; userId: string | null; decision: ApprovalDecision | null }[],
) {
  const due = stepsDue(steps, row.offer.approvalMode);
  if (due.length === 0) return;
  await recordEvent(tx, {
    kind: 'offer.approval_requested',
    applicationId: row.offer.applicationId,
    positionId: row.offer.positionId,
    actorUserId: actor.id,
    data: {
      ...eventBase(row),
      approverUserIds: due.flatMap((step) => (step.userId ? [step.userId] : [])),
      admins: due.some((step) => step.kind === 'admin'),
    },
  });
}

/**
 * Starts a round of approvals: the approvers asked afresh (a change after an approval asks again),
 * or the offer approved at once when nobody is named and its pay is within the band.
 */
async function startRound(tx: Tx, actor: Staff, row: Awaited<ReturnType<typeof lockedOffer>>): Promise<OfferStatus> {
  const outsideBand = !withinBand(row.offer, await positionBand(tx, row.offer.positionId));
  const steps = await approversOf(tx, row.offer.positionId, outsideBand);
  const round = row.offer.approvalRound + 1;
  const status: OfferStatus = steps.length === 0 ? 'approved' : 'approval';
  await tx.update(offers).set({ status, approvalRound: round, outsideBand, updatedAt: new Date() }).where(eq(offers.id, row.offer.id));
  if (steps.length > 0) {
    const inserted = await tx
      .insert(offerApprovals)
      .values(steps.map((step, index) => ({ offerId: row.offer.id, round, step: index + 1, kind: step.kind, userId: step.userId })))
      .returning({
        step: offerApprovals.step,
        kind: offerApprovals.kind,
        userId: offerApprovals.userId,
        decision: offerApprovals.decision,
      });
    await askApprovals(tx, { ...row, offer: { ...row.offer, approvalRound: round } }, actor, inserted);
  }
  return status;
}

/**
 * Saves the terms and the letter. A draft stays a draft; an offer already asked for approval (or
 * approved) asks its approvers again, since what they approved changed.
 */
export async function saveOffer(deps: OfferDeps, actor: Staff, offerId: string, terms: OfferTerms, now = new Date()): Promise<OfferStatus> {
  await assertReach(deps.db, actor, 'offers.manage', { offer: offerId });
  assertDates(terms, now);
  return deps.db.transaction(async (tx) => {
    const row = await lockedOffer(tx, offerId);
    if (!isEditableOffer(row.offer.status)) throw new AdminRuleError(offerMessages.notEditable);
    await tx
      .update(offers)
      .set({ ...termColumns(terms), updatedAt: now })
      .where(eq(offers.id, offerId));
    const askedAgain = row.offer.status !== 'draft';
    await audit(
      tx,
      actor,
      'application.offer_changed',
      row.offer.applicationId,
      auditDetails(row.offer, askedAgain ? { approvalsAskedAgain: true } : {}),
    );
    if (!askedAgain) return 'draft';
    const changed = await lockedOffer(tx, offerId);
    return startRound(tx, actor, changed);
  });
}

/** Asks for the offer's approvals (or approves it at once when none is needed). */
export async function submitOffer(deps: OfferDeps, actor: Staff, offerId: string, now = new Date()): Promise<OfferStatus> {
  await assertReach(deps.db, actor, 'offers.manage', { offer: offerId });
  return deps.db.transaction(async (tx) => {
    const row = await lockedOffer(tx, offerId);
    if (row.offer.status !== 'draft') throw new AdminRuleError(offerMessages.notDraft);
    assertDates(row.offer, now);
    const status = await startRound(tx, actor, row);
    await audit(
      tx,
      actor,
      'application.offer_submitted',
      row.offer.applicationId,
      auditDetails(row.offer, { approvedAtOnce: status === 'approved' }),
    );
    return status;
  });
}

/** Whether this person may give this step: the named person, or, for an admin's step (or a named person gone), anyone who approves every offer (an admin). */
export const mayGive = (actor: Who, step: { kind: ApproverKind; userId: string | null }) =>
  // A named person whose account is gone (deleted: null) would hold the offer for ever: an admin gives theirs.
  step.kind === 'admin' || step.userId === null ? canAll(actor, 'offers.approve') : step.userId === actor.id;

/**
 * An approver approves, or asks for changes with a comment (the offer goes back to its drafter as a
 * draft). The last approval makes it approved, ready to send; in order, the next approver is asked.
 */
export async function decideOffer(
  deps: OfferDeps,
  actor: Staff,
  offerId: string,
  decision: ApprovalDecision,
  comment: string,
  now = new Date(),
): Promise<OfferStatus> {
  await assertReach(deps.db, actor, 'offers.read', { offer: offerId });
  return deps.db.transaction(async (tx) => {
    const row = await lockedOffer(tx, offerId);
    if (row.offer.status !== 'approval') throw new AdminRuleError(offerMessages.notYourTurn);
    const steps = await tx
      .select()
      .from(offerApprovals)
      .where(and(eq(offerApprovals.offerId, offerId), eq(offerApprovals.round, row.offer.approvalRound)))
      .orderBy(asc(offerApprovals.step));
    const mine = stepsDue(steps, row.offer.approvalMode).find((step) => mayGive(actor, step));
    if (!mine) throw new AdminRuleError(offerMessages.notYourTurn);
    await tx
      .update(offerApprovals)
      .set({
        decision,
        comment: comment || null,
        decidedByUserId: actor.id,
        decidedByEmail: actor.email,
        decidedByRole: actor.role,
        decidedAt: now,
      })
      .where(eq(offerApprovals.id, mine.id));
    const byName = await senderName(tx, actor);
    if (decision === 'changes') {
      await tx.update(offers).set({ status: 'draft', updatedAt: now }).where(eq(offers.id, offerId));
      await audit(
        tx,
        actor,
        'application.offer_changes_requested',
        row.offer.applicationId,
        auditDetails(row.offer, { step: mine.step, comment }),
      );
      await recordEvent(tx, {
        kind: 'offer.changes_requested',
        applicationId: row.offer.applicationId,
        positionId: row.offer.positionId,
        actorUserId: actor.id,
        data: { ...eventBase(row), drafterUserId: row.offer.createdByUserId, byName },
      });
      return 'draft';
    }
    await audit(
      tx,
      actor,
      'application.offer_approved',
      row.offer.applicationId,
      auditDetails(row.offer, { step: mine.step, ...(comment ? { comment } : {}) }),
    );
    const remaining = steps.map((step) => (step.id === mine.id ? { ...step, decision } : step));
    if (remaining.every((step) => step.decision === 'approved')) {
      await tx.update(offers).set({ status: 'approved', updatedAt: now }).where(eq(offers.id, offerId));
      await recordEvent(tx, {
        kind: 'offer.approved',
        applicationId: row.offer.applicationId,
        positionId: row.offer.positionId,
        actorUserId: actor.id,
        data: { ...eventBase(row), drafterUserId: row.offer.createdByUserId },
      });
      return 'approved';
    }
    if (row.offer.approvalMode === 'sequence') await askApprovals(tx, row, actor, remaining);
    return 'approval';
  });
}

/** Deletes an offer that was never sent (a draft, or one waiting for or given its approvals). */
export async function discardOffer(deps: OfferDeps, actor: Staff, offerId: string): Promise<void> {
  await assertReach(deps.db, actor, 'offers.manage', { offer: offerId });
  await deps.db.transaction(async (tx) => {
    const row = await lockedOffer(tx, offerId);
    if (!isEditableOffer(row.offer.status)) throw new AdminRuleError(offerMessages.notEditable);
    await tx.delete(offers).where(eq(offers.id, offerId));
    await audit(tx, actor, 'application.offer_discarded', row.offer.applicationId, auditDetails(row.offer));
  });
}

/**
 * Sends an approved offer: its letter filled and kept as sent (what the candidate reads, prints and
 * signs), the application moved to Offer, and an e-mail with a fresh link to the candidate's page,
 * queued in the same transaction (sent if and only if the offer is).
 */
export async function sendOffer(deps: OfferDeps, actor: Staff, offerId: string, now = new Date()): Promise<void> {
  await assertReach(deps.db, actor, 'offers.manage', { offer: offerId });
  await withTransaction(deps.pool, async (transaction) => {
    const tx = transaction.db;
    const row = await lockedOffer(tx, offerId);
    // Signed by its drafter, as the approvers read it in its preview (read.ts), whoever sends it.
    const sender = await senderName(tx, { id: row.offer.createdByUserId });
    if (row.offer.status !== 'approved') throw new AdminRuleError(offerMessages.notApproved);
    assertDates(row.offer, now);
    if (row.emailBouncedAt) throw new AdminRuleError(offerMessages.noEmail);
    if (isDecided(row.applicationStatus)) throw new AdminRuleError(offerMessages.decided);
    const text = letterText({ ...row.offer, candidateName: row.candidateName, positionTitle: row.positionTitle, senderName: sender });
    await tx
      .update(offers)
      .set({ status: 'sent', sentAt: now, sentByEmail: actor.email, sentByUserId: actor.id, letterText: text, updatedAt: now })
      .where(eq(offers.id, offerId));
    await changeStatus(tx, actor, row.offer.applicationId, 'offer');
    const token = await issueApplicationLink(tx, row.offer.applicationId, { now });
    await deps.jobs.enqueueEmail(
      {
        to: row.candidateEmail,
        ...offerSentMail({
          candidateName: row.candidateName,
          positionTitle: row.positionTitle,
          expiresOn: row.offer.expiresOn,
          link: `${applicationLinkUrl(deps.siteUrl, token)}#offer`,
          senderName: sender,
        }),
        ...(await threadAddressing(
          tx,
          deps.replyAddress,
          { applicationId: row.offer.applicationId },
          { sentByUserId: actor.id, fallbackReplyTo: actor.email },
        )),
      },
      // Queued with the offer's change: the e-mail goes if and only if the offer is sent.
      { db: transaction },
    );
    await audit(tx, actor, 'application.offer_sent', row.offer.applicationId, auditDetails(row.offer));
  });
}

/** Withdraws a sent offer the candidate has not answered: their page says so, and it can no longer be accepted. */
export async function withdrawOffer(deps: OfferDeps, actor: Staff, offerId: string, now = new Date()): Promise<void> {
  await assertReach(deps.db, actor, 'offers.manage', { offer: offerId });
  await deps.db.transaction(async (tx) => {
    const row = await lockedOffer(tx, offerId);
    if (row.offer.status !== 'sent') throw new AdminRuleError(offerMessages.notSent);
    await tx
      .update(offers)
      .set({ status: 'withdrawn', closedAt: now, closedByEmail: actor.email, updatedAt: now })
      .where(eq(offers.id, offerId));
    await audit(tx, actor, 'application.offer_withdrawn', row.offer.applicationId, auditDetails(row.offer));
  });
}

/**
 * A new version of an offer: a copy of its terms and letter as a draft, to be approved and sent
 * again. A sent offer is replaced (it can no longer be accepted); a declined, expired or withdrawn
 * one stays as it was. A signed offer has no new version: it is done.
 */
export async function replaceOffer(deps: OfferDeps, actor: Staff, offerId: string, now = new Date()): Promise<string> {
  await assertReach(deps.db, actor, 'offers.manage', { offer: offerId });
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await lockedOffer(tx, offerId);
      if (!isReplaceableOffer(row.offer.status)) throw new AdminRuleError(offerMessages.notReplaceable);
      if (isDecided(row.applicationStatus)) throw new AdminRuleError(offerMessages.decided);
      if (row.offer.status === 'sent')
        await tx
          .update(offers)
          .set({ status: 'replaced', closedAt: now, closedByEmail: actor.email, updatedAt: now })
          .where(eq(offers.id, offerId));
      const [last] = await tx
        .select({ version: max(offers.version) })
        .from(offers)
        .where(eq(offers.applicationId, row.offer.applicationId));
      const version = (last?.version ?? row.offer.version) + 1;
      const today = companyToday(now);
      const { offer } = row;
      const expiresOn = offer.expiresOn >= today ? offer.expiresOn : addDays(today, 7);
      const [created] = await tx
        .insert(offers)
        .values({
          applicationId: offer.applicationId,
          positionId: offer.positionId,
          version,
          templateId: offer.templateId,
          letter: offer.letter,
          // Its dates, together: an answer-by day still to come (else in a week), a start after it (else three weeks later).
          expiresOn,
          startDate: offer.startDate > expiresOn ? offer.startDate : addDays(expiresOn, 21),
          salary: offer.salary,
          currency: offer.currency,
          period: offer.period,
          bonus: offer.bonus,
          equity: offer.equity,
          location: offer.location,
          reportingTo: offer.reportingTo,
          approvalMode: offer.approvalMode,
          createdByUserId: actor.id,
          createdByEmail: actor.email,
        })
        .returning({ id: offers.id });
      await audit(
        tx,
        actor,
        'application.offer_drafted',
        offer.applicationId,
        auditDetails({ id: created!.id, version }, { replaces: offer.version }),
      );
      return created!.id;
    });
  } catch (error) {
    if (violates(error, UNIQUE_VIOLATION)) throw new AdminRuleError(offerMessages.alreadyOpen);
    throw error;
  }
}

/**
 * Closes the sent offers whose date has passed (the end of that day in the company's zone): the
 * hourly job (module.ts), and every answer checks the date itself, so none is accepted late.
 */
export async function expireOffers(db: Database, now = new Date()): Promise<number> {
  const today = companyToday(now);
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(offers)
      .set({ status: 'expired', closedAt: now, updatedAt: now })
      .where(and(eq(offers.status, 'sent'), sql`${offers.expiresOn} < ${today}`))
      .returning({ id: offers.id, applicationId: offers.applicationId, version: offers.version });
    for (const offer of expired)
      await audit(tx, { id: null, email: 'system' }, 'application.offer_expired', offer.applicationId, auditDetails(offer));
    return expired.length;
  });
}
