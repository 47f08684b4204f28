import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { applications, bookingHosts, bookings, interviewRequests, scorecards, users } from '../db/schema.ts';
import { mayOnApplication, type Who } from '../access/permissions.ts';
import type { PlanStage } from '../../lib/interviews/plan.ts';
import { planOfPosition } from './plans.ts';
import { scorecardTexts, submitProblems, type ScorecardAnswer, type ScorecardForm } from '../../lib/interviews/scorecard.ts';
import { recordEvent } from '../events/record.ts';

/**
 * Scorecards (issue 32): structured feedback per interviewer, per stage, per application. Blind
 * until submitted: an interviewer sees the others' scorecards (and notes) of an application only
 * once they have submitted their own for it; those who read everyone's notes (recruiters, admins,
 * the position's hiring managers: `applications.notes`) see every submitted one. Drafts are their
 * author's alone. Writing one needs `applications.review` on the application (an interviewer: only
 * the applications assigned to them).
 */

export type ScorecardRow = typeof scorecards.$inferSelect;

export type SaveScorecardResult =
  | { kind: 'saved' | 'submitted' | 'amended'; id: string }
  /** Not submitted: what is missing, in the plan's order (the form shows each). */
  | { kind: 'incomplete'; problems: string[] };

/**
 * Saves the author's scorecard for a stage: a draft (anything, partial), or submitted (complete).
 * A new card is answered against the stage as the plan has it now; an existing one keeps the texts
 * it was answered against. A submitted card stays submitted: saving it again amends it (complete
 * again, audited, and the timeline says it was amended).
 */
export async function saveScorecard(
  db: Database,
  actor: Actor & { id: string },
  form: ScorecardForm,
  now = new Date(),
): Promise<SaveScorecardResult> {
  const [[application], [author]] = await Promise.all([
    db
      .select({ positionId: applications.positionId, fullName: applications.fullName })
      .from(applications)
      .where(eq(applications.id, form.applicationId)),
    db.select({ name: users.name }).from(users).where(eq(users.id, actor.id)),
  ]);
  if (!application) throw new AdminRuleError('This application no longer exists.');
  const [existing] = await db
    .select()
    .from(scorecards)
    .where(
      and(eq(scorecards.applicationId, form.applicationId), eq(scorecards.authorUserId, actor.id), eq(scorecards.stageId, form.stageId)),
    );
  let stage: Pick<PlanStage, 'id' | 'name'> & { attributes: Array<Pick<ScorecardAnswer, 'attributeId' | 'name' | 'levels'>> };
  if (existing) stage = { id: existing.stageId, name: existing.stageName, attributes: existing.answers };
  else {
    const planned = (await planOfPosition(db, application.positionId)).find((each) => each.id === form.stageId);
    if (!planned) throw new AdminRuleError(scorecardTexts.unknownStage);
    stage = {
      id: planned.id,
      name: planned.name,
      attributes: planned.attributes.map((attribute) => ({ attributeId: attribute.id, name: attribute.name, levels: attribute.levels })),
    };
  }
  const given = new Map(form.answers.map((answer) => [answer.attributeId, answer]));
  const answers: ScorecardAnswer[] = stage.attributes.map((attribute) => ({
    attributeId: attribute.attributeId,
    name: attribute.name,
    levels: attribute.levels,
    score: given.get(attribute.attributeId)?.score ?? null,
    evidence: given.get(attribute.attributeId)?.evidence ?? '',
  }));
  const submitting = form.intent === 'submit' || existing?.status === 'submitted';
  if (submitting) {
    const problems = submitProblems(answers, form.recommendation);
    if (problems.length > 0) return { kind: 'incomplete', problems };
  }
  const kind = existing?.status === 'submitted' ? 'amended' : submitting ? 'submitted' : 'saved';
  return db.transaction(async (tx) => {
    const values = {
      answers,
      takeaways: form.takeaways,
      recommendation: form.recommendation,
      status: submitting ? ('submitted' as const) : ('draft' as const),
      submittedAt: kind === 'submitted' ? now : (existing?.submittedAt ?? null),
      amendedAt: kind === 'amended' ? now : (existing?.amendedAt ?? null),
      authorName: author?.name ?? actor.email,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(scorecards)
      .values({ applicationId: form.applicationId, authorUserId: actor.id, stageId: stage.id, stageName: stage.name, ...values })
      .onConflictDoUpdate({ target: [scorecards.applicationId, scorecards.authorUserId, scorecards.stageId], set: values })
      .returning({ id: scorecards.id });
    // The people who follow the application are told (issue 51); an amendment changes the card, not the news.
    if (kind === 'submitted')
      await recordEvent(tx, {
        kind: 'scorecard.submitted',
        applicationId: form.applicationId,
        positionId: application.positionId,
        actorUserId: actor.id,
        data: { candidateName: application.fullName, interviewerName: author?.name ?? actor.email, stage: stage.name },
      });
    if (kind !== 'saved')
      await audit(
        tx,
        actor,
        kind === 'submitted' ? 'application.scorecard_submitted' : 'application.scorecard_amended',
        form.applicationId,
        {
          stage: stage.name,
          recommendation: form.recommendation,
        },
      );
    return { kind, id: row!.id };
  });
}

const scorecardsOf = builtOnce((db: Database) =>
  db
    .select()
    .from(scorecards)
    .where(eq(scorecards.applicationId, sql.placeholder('applicationId')))
    .orderBy(asc(scorecards.submittedAt), asc(scorecards.createdAt))
    .prepare(''),
);

/**
 * The scorecards of an application this person may see: their own (drafts too), and the others'
 * submitted ones once they may (everyone's notes, or their own card submitted); `hidden` counts
 * the submitted ones they may not see yet.
 */
export async function scorecardsFor(db: Database, viewer: Who, applicationId: string, mayReadNotes?: boolean) {
  const rows = await scorecardsOf(db).execute({ applicationId });
  const mine = rows.filter((row) => row.authorUserId === viewer.id);
  const seesPanel = await seesOthersFeedback(db, viewer, applicationId, mine, mayReadNotes);
  const others = rows.filter((row) => row.authorUserId !== viewer.id && row.status === 'submitted');
  return { mine, others: seesPanel ? others : [], hidden: seesPanel ? 0 : others.length, seesPanel };
}

/**
 * Whether this person sees the others' feedback on an application (scorecards, notes, ratings):
 * always with `applications.notes` there; otherwise once they submitted a scorecard for it.
 */
export async function seesOthersFeedback(
  db: Database,
  viewer: Who,
  applicationId: string,
  mine?: ScorecardRow[],
  /** Whether they hold applications.notes here, when the caller has asked already (a query less). */
  mayReadNotes?: boolean,
): Promise<boolean> {
  if (mayReadNotes ?? (await mayOnApplication(db, viewer, 'applications.notes', applicationId))) return true;
  const own =
    mine ??
    (await db
      .select()
      .from(scorecards)
      .where(and(eq(scorecards.applicationId, applicationId), eq(scorecards.authorUserId, viewer.id))));
  return own.some((row) => row.status === 'submitted');
}

/** The stage of this person's latest booked interview with the application (their scorecard's likely stage); null without one. */
export async function latestInterviewStage(db: Database, userId: string, applicationId: string): Promise<string | null> {
  const [row] = await latestStageOf(db).execute({ userId, applicationId });
  return row?.stageId ?? null;
}

const latestStageOf = builtOnce((db: Database) =>
  db
    .select({ stageId: interviewRequests.stageId })
    .from(interviewRequests)
    .innerJoin(bookings, eq(bookings.id, interviewRequests.bookingId))
    .innerJoin(bookingHosts, and(eq(bookingHosts.bookingId, bookings.id), eq(bookingHosts.userId, sql.placeholder('userId'))))
    .where(and(eq(interviewRequests.applicationId, sql.placeholder('applicationId')), eq(bookings.status, 'confirmed')))
    .orderBy(desc(bookings.startsAt))
    .limit(1)
    .prepare(''),
);

const panelsOf = builtOnce((db: Database) =>
  db
    .select({ bookingId: bookings.id, startsAt: bookings.startsAt, endsAt: bookings.endsAt, stageId: interviewRequests.stageId })
    .from(bookings)
    .innerJoin(bookingHosts, and(eq(bookingHosts.bookingId, bookings.id), eq(bookingHosts.userId, sql.placeholder('userId'))))
    .leftJoin(interviewRequests, eq(interviewRequests.bookingId, bookings.id))
    .where(and(eq(bookings.applicationId, sql.placeholder('applicationId')), eq(bookings.status, 'confirmed')))
    .orderBy(desc(bookings.startsAt))
    .prepare(''),
);

/**
 * The interviews of this application the person is on the panel of (issue 51): its stage, when,
 * and who else is on it, so an interviewer's page says which interview they are giving feedback on.
 * Booked ones, the latest first.
 */
export async function panelInterviewsOf(db: Database, userId: string, applicationId: string, positionId: string) {
  const rows = await panelsOf(db).execute({ userId, applicationId });
  if (rows.length === 0) return [];
  const [plan, panel] = await Promise.all([
    planOfPosition(db, positionId),
    db
      .select({ bookingId: bookingHosts.bookingId, name: users.name, userId: users.id })
      .from(bookingHosts)
      .innerJoin(users, eq(users.id, bookingHosts.userId))
      .where(
        inArray(
          bookingHosts.bookingId,
          rows.map((row) => row.bookingId),
        ),
      ),
  ]);
  return rows.map((row) => ({
    stage: row.stageId ? (plan.find((stage) => stage.id === row.stageId)?.name ?? row.stageId) : null,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    others: panel
      .filter((person) => person.bookingId === row.bookingId && person.userId !== userId)
      .map((person) => person.name)
      .sort((a, b) => a.localeCompare(b)),
  }));
}
