import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { applicationsInScope, can, canAll, mayOnApplication, type Who } from '../access/permissions.ts';
import type { Database } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { applications, offerApprovals, offers, positions, users } from '../db/schema.ts';
import { senderName } from '../applications/emails.ts';
import { letterHtml, letterText } from './letter.ts';
import { readOfferBand } from './band.ts';
import { companyToday, mayGive, stepsDue } from './offers.ts';
import {
  isPastExpiry,
  offerStatuses,
  type ApprovalDecision,
  type ApproverKind,
  type OfferListRow,
  type OfferStatus,
} from '../../lib/offers/offer.ts';
import type { OfferBand } from '../../lib/offers/band.ts';
import type { Role } from '../../lib/accounts/roles.ts';
import { isUuid } from '../../lib/ids.ts';

/**
 * What the offer pages read (issue 54): the list of offers in the reader's reach, and one offer with
 * its approvals, its letter as the candidate will read it, and what this reader may do with it.
 * Reach is the application's (offers.read: everyone's for admins and recruiters, a hiring manager's
 * team's); interviewers and editors hold no offers.read, so no offer and no pay reaches them.
 */

export const isOfferStatus = (value: unknown): value is OfferStatus => (offerStatuses as readonly unknown[]).includes(value);

/** The offers in reach, newest first; with a status, only those. At most 500 (the list says when there are more). */
export async function listOffers(db: Database, who: Who, status: OfferStatus | null, limit = 500): Promise<OfferListRow[]> {
  const approvals = sql<{ approved: number; asked: number; mine: boolean }>`(
    select json_build_object(
      'approved', count(*) filter (where a.decision = 'approved'),
      'asked', count(*),
      'mine', coalesce(bool_or(a.decision is null and (a.user_id = ${who.id} or (a.kind = 'admin' and ${canAll(who, 'offers.approve')}))
        -- stepsDue and mayGive (offers.ts), said in SQL for the list: in order, only the first open step is due.
        and (${offers.approvalMode} = 'parallel' or a.step = (
          select min(b.step) from ${offerApprovals} b where b.offer_id = a.offer_id and b.round = a.round and b.decision is null))), false))
    from ${offerApprovals} a where a.offer_id = ${offers.id} and a.round = ${offers.approvalRound})`;
  const rows = await db
    .select({
      id: offers.id,
      applicationId: offers.applicationId,
      positionId: offers.positionId,
      candidateName: applications.fullName,
      positionTitle: positions.title,
      version: offers.version,
      status: offers.status,
      salary: offers.salary,
      currency: offers.currency,
      period: offers.period,
      startDate: offers.startDate,
      expiresOn: offers.expiresOn,
      updatedAt: offers.updatedAt,
      approvals,
    })
    .from(offers)
    .innerJoin(applications, eq(applications.id, offers.applicationId))
    .innerJoin(positions, eq(positions.id, offers.positionId))
    .where(and(applicationsInScope(who, 'offers.read'), status ? eq(offers.status, status) : undefined))
    .orderBy(desc(offers.updatedAt), desc(offers.id))
    .limit(limit);
  return rows.map(({ approvals: counts, ...row }) => ({
    ...row,
    approved: Number(counts?.approved ?? 0),
    asked: Number(counts?.asked ?? 0),
    waitsForMe: row.status === 'approval' && Boolean(counts?.mine),
  }));
}

export interface ApprovalView {
  step: number;
  kind: ApproverKind;
  /** The person asked (a hiring manager), or null: any admin. */
  approverName: string | null;
  decision: ApprovalDecision | null;
  comment: string | null;
  decidedByName: string | null;
  decidedByRole: Role | null;
  decidedAt: Date | null;
  /** It is this step's turn now. */
  due: boolean;
}

export interface OfferPage {
  offer: typeof offers.$inferSelect;
  candidateName: string;
  candidateEmail: string;
  positionTitle: string;
  applicationStatus: string;
  band: OfferBand | null | undefined;
  /** The current round's approvals, in order. */
  approvals: ApprovalView[];
  /** Earlier rounds' decisions, newest first (a change asked them again). */
  history: (ApprovalView & { round: number })[];
  /** The letter as the candidate reads (or will read) it: its Markdown (the PDF's) and its HTML. */
  letterText: string;
  letterHtml: string;
  /** The other versions of this application's offers. */
  versions: { id: string; version: number; status: OfferStatus }[];
  may: { manage: boolean; decide: boolean };
  /** The sent offer's date has passed, though the hourly job has not closed it yet. */
  pastExpiry: boolean;
}

const approver = alias(users, 'approver');
const decider = alias(users, 'decider');

/** One offer for its page; null when missing or outside the reader's reach (the same 404). */
export async function readOffer(db: Database, who: Who, offerId: string, now = new Date()): Promise<OfferPage | null> {
  if (!isUuid(offerId)) return null;
  const [row] = await db
    .select({
      offer: offers,
      candidateName: applications.fullName,
      candidateEmail: applications.email,
      positionTitle: positions.title,
      applicationStatus: applications.status,
    })
    .from(offers)
    .innerJoin(applications, eq(applications.id, offers.applicationId))
    .innerJoin(positions, eq(positions.id, offers.positionId))
    .where(eq(offers.id, offerId));
  if (!row || !(await mayOnApplication(db, who, 'offers.read', row.offer.applicationId))) return null;
  const steps = await db
    .select({
      id: offerApprovals.id,
      round: offerApprovals.round,
      step: offerApprovals.step,
      kind: offerApprovals.kind,
      userId: offerApprovals.userId,
      approverName: approver.name,
      decision: offerApprovals.decision,
      comment: offerApprovals.comment,
      decidedByName: decider.name,
      decidedByEmail: offerApprovals.decidedByEmail,
      decidedByRole: offerApprovals.decidedByRole,
      decidedAt: offerApprovals.decidedAt,
    })
    .from(offerApprovals)
    .leftJoin(approver, eq(approver.id, offerApprovals.userId))
    .leftJoin(decider, eq(decider.id, offerApprovals.decidedByUserId))
    .where(eq(offerApprovals.offerId, offerId))
    .orderBy(desc(offerApprovals.round), asc(offerApprovals.step));
  const { offer } = row;
  const current = steps.filter((step) => step.round === offer.approvalRound);
  const due = offer.status === 'approval' ? new Set(stepsDue(current, offer.approvalMode).map((step) => step.id)) : new Set<string>();
  const view = (step: (typeof steps)[number]): ApprovalView => ({
    step: step.step,
    kind: step.kind,
    approverName: step.approverName,
    decision: step.decision,
    comment: step.comment,
    decidedByName: step.decidedByName ?? step.decidedByEmail,
    decidedByRole: step.decidedByRole,
    decidedAt: step.decidedAt,
    due: due.has(step.id),
  });
  const versions = await db
    .select({ id: offers.id, version: offers.version, status: offers.status })
    .from(offers)
    .where(eq(offers.applicationId, offer.applicationId))
    .orderBy(desc(offers.version));
  // Before it is sent, the letter is previewed with its drafter as the sender.
  const text =
    offer.letterText ??
    letterText({
      ...offer,
      candidateName: row.candidateName,
      positionTitle: row.positionTitle,
      senderName: await senderName(db, { id: offer.createdByUserId }),
    });
  return {
    ...row,
    band: await readOfferBand(db, who, offer.positionId),
    approvals: current.map(view),
    history: steps
      .filter((step) => step.round !== offer.approvalRound && step.decision !== null)
      .map((step) => ({ ...view(step), round: step.round })),
    letterText: text,
    letterHtml: letterHtml(text),
    versions,
    may: {
      manage: can(who, 'offers.manage'),
      decide: can(who, 'offers.approve') && current.some((step) => due.has(step.id) && mayGive(who, step)),
    },
    pastExpiry: isPastExpiry(offer, companyToday(now)),
  };
}

const offersOf = builtOnce((db: Database) =>
  db
    .select({ id: offers.id, version: offers.version, status: offers.status, updatedAt: offers.updatedAt })
    .from(offers)
    .where(eq(offers.applicationId, sql.placeholder('applicationId')))
    .orderBy(desc(offers.version))
    .prepare(''),
);

/** The offers of one application, for its page's Offer section: newest first. */
export async function offersOfApplication(db: Database, applicationId: string) {
  return offersOf(db).execute({ applicationId });
}

/** How many offers in reach have each status (the list's views). */
export async function countOffersByStatus(db: Database, who: Who): Promise<Record<OfferStatus, number>> {
  const rows = await db
    .select({ status: offers.status, n: sql<number>`count(*)::int` })
    .from(offers)
    .innerJoin(applications, eq(applications.id, offers.applicationId))
    .where(applicationsInScope(who, 'offers.read'))
    .groupBy(offers.status);
  const counts = Object.fromEntries(offerStatuses.map((status) => [status, 0])) as Record<OfferStatus, number>;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}
