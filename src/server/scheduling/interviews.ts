import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, lte, or, sql, type SQL } from 'drizzle-orm';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { applications, bookingHosts, bookings, interviewRequestInterviewers, interviewRequests, positions, users } from '../db/schema.ts';
import { assignInTransaction, interviewersByIds } from '../applications/interviewers.ts';
import { interviewInvitationMail, interviewWithdrawnMail } from '../mail/booking-templates.ts';
import { sealText, unsealText } from '../mail/sealed.ts';
import { hashSecretToken, newSecretToken } from '../secret-tokens.ts';
import { isDecided } from '../../lib/applications/status.ts';
import { addDays } from '../../lib/format.ts';
import { dayLabel, zoneOrCompany } from '../../lib/scheduling/format.ts';
import {
  daysBetween,
  interviewTexts,
  MAX_DAYS_AHEAD,
  RECORD_WITHIN_DAYS,
  type InterviewProposal,
  type InterviewRecord,
} from '../../lib/scheduling/interview-form.ts';
import { BookingRefused, bookWithAll, cancelBooking, findBookingById, hostCalendars, hostZones, MANAGE_TOKEN_SEAL } from './bookings.ts';
import { threadAddressing } from '../replies/addresses.ts';
import { bookingPath, freshenBeforeBooking, notifyBooking, recordBookingChange, type MeetingDeps } from './meetings.ts';
import { dayIn, freeTimes, wallClock } from './slots.ts';

/**
 * Interviews candidates book themselves (issue 31): staff propose one from an application (its
 * length, its interviewers, a window of days); the candidate gets a private link listing the times
 * when every interviewer is free (N of N) and picks one, which books all of them at once through
 * the same engine and exclusion constraint as Book a Meeting. Each step is on the application's
 * timeline; the booking's own page (the manage link) moves or cancels it.
 */

/** The purpose the invitation's token is sealed under (its own key): the candidate's page shows the link again. */
export const INVITATION_TOKEN_SEAL = 'interview invitation token';

export const interviewPath = (token: string) => `/interviews/${token}`;

/** A window of whole days in a zone: from the first day's midnight to the midnight after the last. */
function windowOfDays(from: string, until: string, timeZone: string) {
  return { from: new Date(wallClock(from, '00:00', timeZone)), to: new Date(wallClock(addDays(until, 1), '00:00', timeZone)) };
}

/** "between Tuesday, December 1 and Friday, December 11" (or "on Tuesday, December 1"). */
function windowWords(window: { from: Date; to: Date }, timeZone: string) {
  const first = dayLabel(window.from, timeZone);
  const last = dayLabel(new Date(window.to.getTime() - 1), timeZone);
  return first === last ? `on ${first}` : `between ${first} and ${last}`;
}

/** The times every one of these people is free for this length within the window, from now on. */
async function commonTimes(db: Database, hostIds: readonly string[], durationMinutes: number, window: { from: Date; to: Date }, now: Date) {
  const from = new Date(Math.max(window.from.getTime(), now.getTime()));
  if (from >= window.to) return [];
  const calendars = await hostCalendars(db, hostIds, { from, to: window.to });
  return freeTimes(calendars, { durationMinutes, from, to: window.to, now }, 'all');
}

/**
 * Proposes an interview: checked (an open application, interviewers who can interview, a window
 * from today to at most 60 days ahead, at least one common free time), recorded with its
 * interviewers (assigned to the application, so they can read it and give feedback), audited, and
 * e-mailed to the candidate with their private link. Days are read in the proposer's zone.
 */
export async function proposeInterview(deps: MeetingDeps, actor: Actor & { id: string }, proposal: InterviewProposal, now = new Date()) {
  const { db } = deps;
  const [application] = await db
    .select({
      id: applications.id,
      status: applications.status,
      fullName: applications.fullName,
      email: applications.email,
      title: positions.title,
    })
    .from(applications)
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .where(eq(applications.id, proposal.applicationId));
  if (!application) throw new AdminRuleError('This application no longer exists.');
  if (isDecided(application.status)) throw new AdminRuleError(interviewTexts.closed);

  const interviewerIds = [...new Set(proposal.interviewerIds)];
  const people = await interviewersByIds(db, interviewerIds);
  if (!people) throw new AdminRuleError(interviewTexts.notInterviewer);

  const zone = (await hostZones(db, [{ userId: actor.id }])).get(actor.id)!;
  const today = dayIn(now, zone);
  if (proposal.from < today) throw new AdminRuleError(interviewTexts.fromPast);
  if (daysBetween(today, proposal.until) > MAX_DAYS_AHEAD) throw new AdminRuleError(interviewTexts.tooFar);
  const window = windowOfDays(proposal.from, proposal.until, zone);
  const times = await commonTimes(db, interviewerIds, proposal.durationMinutes, window, now);
  if (times.length === 0) throw new AdminRuleError(interviewTexts.noCommonTime);

  const token = newSecretToken();
  const names = people.map((person) => person.name).sort((a, b) => a.localeCompare(b));
  const request = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(interviewRequests)
      .values({
        applicationId: application.id,
        proposedByUserId: actor.id,
        durationMinutes: proposal.durationMinutes,
        stageId: proposal.stageId ?? null,
        windowStart: window.from,
        windowEnd: window.to,
        tokenHash: hashSecretToken(token),
        tokenSealed: deps.secret ? sealText(deps.secret, INVITATION_TOKEN_SEAL, token) : null,
      })
      .returning();
    await tx.insert(interviewRequestInterviewers).values(interviewerIds.map((userId) => ({ requestId: inserted!.id, userId })));
    // The interviewers can then open the application and give their feedback (an interviewer's reach).
    await assignInTransaction(tx, actor, application.id, people);
    await audit(tx, actor, 'application.interview_proposed', application.id, {
      durationMinutes: proposal.durationMinutes,
      interviewers: names,
      from: proposal.from,
      until: proposal.until,
      offered: times.length,
    });
    return inserted!;
  });
  await sendInvitation(deps, actor.id, {
    application,
    position: application.title,
    durationMinutes: proposal.durationMinutes,
    names,
    window: windowWords(window, zone),
    token,
  });
  deps.log({ applicationId: application.id, requestId: request.id }, 'interview proposed');
  return { requestId: request.id, offered: times.length };
}

/**
 * E-mails the candidate their invitation's private link (proposed, or offered again); a question
 * about it comes back to the application's timeline (issue 35).
 */
async function sendInvitation(
  deps: MeetingDeps,
  senderUserId: string,
  invitation: {
    application: { id: string; fullName: string; email: string };
    position: string;
    durationMinutes: number;
    names: readonly string[];
    window: string;
    token: string;
  },
) {
  const { application } = invitation;
  const mail = interviewInvitationMail({
    candidateName: application.fullName,
    position: invitation.position,
    durationMinutes: invitation.durationMinutes,
    interviewerNames: invitation.names.join(', '),
    window: invitation.window,
    chooseUrl: `${deps.siteUrl}${interviewPath(invitation.token)}`,
  });
  const addressing = await threadAddressing(
    deps.db,
    deps.replyAddress ?? null,
    { applicationId: application.id },
    { sentByUserId: senderUserId },
  );
  await deps.jobs.enqueueEmail({ to: application.email, ...mail, ...addressing });
}

/** An invitation with its application, position and interviewers. */
async function findRequest(db: Database, where: SQL) {
  const [row] = await db
    .select({
      request: interviewRequests,
      application: { id: applications.id, fullName: applications.fullName, email: applications.email, status: applications.status },
      position: { id: positions.id, title: positions.title },
    })
    .from(interviewRequests)
    .innerJoin(applications, eq(applications.id, interviewRequests.applicationId))
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .where(where);
  if (!row) return null;
  const interviewers = await db
    .select({ userId: users.id, name: users.name })
    .from(interviewRequestInterviewers)
    .innerJoin(users, eq(users.id, interviewRequestInterviewers.userId))
    .where(eq(interviewRequestInterviewers.requestId, row.request.id))
    .orderBy(asc(users.name));
  return { ...row, interviewers };
}

/** The invitation a candidate's link names; null for an unknown (or altered) token. */
export async function findInterviewRequest(db: Database, token: string) {
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? findRequest(db, eq(interviewRequests.tokenHash, hashSecretToken(token))) : null;
}

export type FoundInterviewRequest = NonNullable<Awaited<ReturnType<typeof findInterviewRequest>>>;

/**
 * What the candidate's link offers now: the common free times while the invitation is open and
 * the application too; otherwise why not (booked: with its manage link when the booking keeps it).
 */
export async function invitationState(deps: Pick<MeetingDeps, 'db' | 'secret'>, found: FoundInterviewRequest, now = new Date()) {
  const { request, application } = found;
  const [booking] = request.bookingId ? await deps.db.select().from(bookings).where(eq(bookings.id, request.bookingId)) : [];
  if (request.status === 'booked' && booking) {
    const manageToken =
      booking.manageTokenSealed && deps.secret ? unsealText(deps.secret, MANAGE_TOKEN_SEAL, booking.manageTokenSealed) : null;
    return { kind: 'booked' as const, managePath: manageToken ? bookingPath(manageToken) : null, startsAt: booking.startsAt };
  }
  // The interview booked before and cancelled (by whom, and when it was), which the page tells.
  const cancelled = booking?.status === 'cancelled' ? { startsAt: booking.startsAt, by: booking.cancelledBy ?? ('staff' as const) } : null;
  if (request.status !== 'open') return { kind: 'withdrawn' as const, cancelled };
  // A decided application (rejected, withdrawn, hired), or interviewers who are all gone: nothing to book.
  if (isDecided(application.status) || found.interviewers.length === 0) return { kind: 'closed' as const };
  const times = await commonTimes(
    deps.db,
    found.interviewers.map((person) => person.userId),
    request.durationMinutes,
    { from: request.windowStart, to: request.windowEnd },
    now,
  );
  return { kind: 'open' as const, times, cancelled };
}

/**
 * The candidate picks a time: booked for every interviewer at once (or refused: taken meanwhile,
 * with the fresh common times; not offered; the invitation closed), the invitation marked booked,
 * the timeline told, the invitations e-mailed. Two tabs picking two times at once: the second finds
 * the invitation booked, and its booking is cancelled again before anyone is told of it.
 */
export async function bookInterview(deps: MeetingDeps, found: FoundInterviewRequest, start: Date, timeZone: string, now = new Date()) {
  const state = await invitationState(deps, found, now);
  if (state.kind !== 'open') return { kind: 'closed' as const, state };
  const { request, application } = found;
  const hostIds = found.interviewers.map((person) => person.userId);
  await freshenBeforeBooking(deps, hostIds, now);
  let booked;
  try {
    booked = await bookWithAll(
      deps.db,
      {
        kind: 'interview',
        start,
        durationMinutes: request.durationMinutes,
        guest: { name: application.fullName, email: application.email, timeZone: zoneOrCompany(timeZone) },
        applicationId: application.id,
        secret: deps.secret,
      },
      hostIds,
      { from: new Date(Math.max(request.windowStart.getTime(), now.getTime())), to: request.windowEnd },
      now,
    );
  } catch (error) {
    if (!(error instanceof BookingRefused)) throw error;
    return { kind: 'refused' as const, message: error.message, freshTimes: error.reason === 'taken' ? error.freshTimes : undefined };
  }
  // The invitation is claimed by this booking, and the booking recorded (timeline, event), in one transaction.
  const claimed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(interviewRequests)
      .set({ status: 'booked', bookingId: booked.booking.id, updatedAt: now })
      .where(and(eq(interviewRequests.id, request.id), eq(interviewRequests.status, 'open')))
      .returning({ id: interviewRequests.id });
    if (row) await recordBookingChange(tx, booked.booking, 'booked', { id: null, email: application.email });
    return row;
  });
  const foundBooking = (await findBookingById(deps.db, booked.booking.id))!;
  if (!claimed) {
    await cancelBooking(deps.db, foundBooking, now);
    return {
      kind: 'closed' as const,
      state: await invitationState(deps, (await findRequest(deps.db, eq(interviewRequests.id, request.id)))!, now),
    };
  }
  await notifyBooking(deps, foundBooking, booked.token, 'booked');
  deps.log({ applicationId: application.id, bookingId: booked.booking.id }, 'interview booked');
  return { kind: 'booked' as const, token: booked.token };
}

/**
 * Records an interview held outside the booking engine, once it has ended: a booking of the
 * candidate with the interviewers whose holds are inactive (the time is past: it blocks no one),
 * and a booked invitation for its stage, so the interview is listed, its interviewers assigned and
 * reminded of their scorecards as for a booked one. No e-mail goes out. Audited, on the timeline.
 */
export async function recordInterview(
  deps: Pick<MeetingDeps, 'db'>,
  actor: Actor & { id: string },
  record: InterviewRecord,
  now = new Date(),
) {
  const { db } = deps;
  const [application] = await db
    .select({ id: applications.id, fullName: applications.fullName, email: applications.email })
    .from(applications)
    .where(eq(applications.id, record.applicationId));
  if (!application) throw new AdminRuleError('This application no longer exists.');
  const interviewerIds = [...new Set(record.interviewerIds)];
  const people = await interviewersByIds(db, interviewerIds);
  if (!people) throw new AdminRuleError(interviewTexts.notInterviewer);
  const zone = (await hostZones(db, [{ userId: actor.id }])).get(actor.id)!;
  const [day, clock] = record.endedAt.split('T') as [string, string];
  const end = new Date(wallClock(day, clock, zone));
  if (end.getTime() > now.getTime()) throw new AdminRuleError(interviewTexts.recordFuture);
  if (end.getTime() < now.getTime() - RECORD_WITHIN_DAYS * 86_400_000) throw new AdminRuleError(interviewTexts.recordTooOld);
  const start = new Date(end.getTime() - record.durationMinutes * 60_000);
  const names = people.map((person) => person.name).sort((a, b) => a.localeCompare(b));
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .insert(bookings)
      .values({
        uid: `${randomUUID()}@helixpoint`,
        kind: 'interview',
        startsAt: start,
        endsAt: end,
        guestName: application.fullName,
        guestEmail: application.email,
        guestTimeZone: zone,
        applicationId: application.id,
        // Never sent: the candidate manages nothing of an interview recorded afterwards.
        manageTokenHash: hashSecretToken(newSecretToken()),
      })
      .returning({ id: bookings.id });
    await tx.insert(bookingHosts).values(
      interviewerIds.map((userId) => ({
        bookingId: booking!.id,
        userId,
        during: `[${start.toISOString()},${end.toISOString()})`,
        active: false,
      })),
    );
    const [request] = await tx
      .insert(interviewRequests)
      .values({
        applicationId: application.id,
        proposedByUserId: actor.id,
        durationMinutes: record.durationMinutes,
        stageId: record.stageId ?? null,
        windowStart: start,
        windowEnd: end,
        status: 'booked',
        bookingId: booking!.id,
        tokenHash: hashSecretToken(newSecretToken()),
      })
      .returning({ id: interviewRequests.id });
    await tx.insert(interviewRequestInterviewers).values(interviewerIds.map((userId) => ({ requestId: request!.id, userId })));
    await assignInTransaction(tx, actor, application.id, people);
    await audit(tx, actor, 'application.interview_recorded', application.id, {
      durationMinutes: record.durationMinutes,
      interviewers: names,
      startsAt: start.toISOString(),
      endsAt: end.toISOString(),
    });
    return { requestId: request!.id, bookingId: booking!.id };
  });
}

/**
 * Staff withdraw an invitation or cancel a booked interview: the candidate is told (a booked one
 * with METHOD:CANCEL to everyone), the timeline records it. Doing it twice changes nothing.
 */
export async function cancelInterview(deps: MeetingDeps, actor: Actor, requestId: string, now = new Date(), applicationId?: string) {
  const [row] = await deps.db
    .select({ request: interviewRequests, fullName: applications.fullName, email: applications.email, title: positions.title })
    .from(interviewRequests)
    .innerJoin(applications, eq(applications.id, interviewRequests.applicationId))
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .where(eq(interviewRequests.id, requestId));
  // An invitation of another application (the one the person's reach was checked on) is as missing.
  if (!row || (applicationId !== undefined && row.request.applicationId !== applicationId))
    throw new AdminRuleError('This interview no longer exists.');
  const { request } = row;
  if (request.status === 'open') {
    const [withdrawn] = await deps.db.transaction(async (tx) => {
      const updated = await tx
        .update(interviewRequests)
        .set({ status: 'cancelled', updatedAt: now })
        .where(and(eq(interviewRequests.id, request.id), eq(interviewRequests.status, 'open')))
        .returning({ id: interviewRequests.id });
      if (updated.length > 0) await audit(tx, actor, 'application.interview_cancelled', request.applicationId, { withdrawn: true });
      return updated;
    });
    if (withdrawn)
      await deps.jobs.enqueueEmail({ to: row.email, ...interviewWithdrawnMail({ candidateName: row.fullName, position: row.title }) });
    return { kind: 'withdrawn' as const };
  }
  if (request.status === 'booked' && request.bookingId) {
    const found = await findBookingById(deps.db, request.bookingId);
    const cancelled =
      found && (await cancelBooking(deps.db, found, now, (tx, booking) => recordBookingChange(tx, booking, 'cancelled', actor)));
    if (found && cancelled) {
      // The cancellation needs no link to the booking (nothing is left to change there).
      await notifyBooking(deps, { ...found, booking: cancelled }, null, 'cancelled');
    }
    return { kind: 'cancelled' as const };
  }
  return { kind: 'unchanged' as const };
}

/**
 * Offers new times for an invitation that ended (issue 51): withdrawn, its interview cancelled by
 * either side, or its window passed. One click: the same length, stage and interviewers, over a
 * window as long as the first one (at least a week) from tomorrow in the staff member's zone; a
 * new private link (the old one ends) e-mailed to the candidate. Refused while it is still open
 * with time left or booked, for a closed application, or when the interviewers have no common time.
 */
export async function reofferInterview(
  deps: MeetingDeps,
  actor: Actor & { id: string },
  requestId: string,
  applicationId: string,
  now = new Date(),
) {
  const found = await findRequest(deps.db, and(eq(interviewRequests.id, requestId), eq(interviewRequests.applicationId, applicationId))!);
  if (!found) throw new AdminRuleError('This interview no longer exists.');
  const { request, application } = found;
  if (!reofferable(request, now)) throw new AdminRuleError(interviewTexts.stillOffered);
  if (isDecided(application.status)) throw new AdminRuleError(interviewTexts.closed);
  const interviewerIds = found.interviewers.map((person) => person.userId);
  if (!(await interviewersByIds(deps.db, interviewerIds))) throw new AdminRuleError(interviewTexts.notInterviewer);

  const zone = (await hostZones(deps.db, [{ userId: actor.id }])).get(actor.id)!;
  const days = Math.min(
    MAX_DAYS_AHEAD,
    Math.max(REOFFER_MIN_DAYS, Math.round((request.windowEnd.getTime() - request.windowStart.getTime()) / 86_400_000)),
  );
  const from = addDays(dayIn(now, zone), 1);
  const window = windowOfDays(from, addDays(from, days - 1), zone);
  const times = await commonTimes(deps.db, interviewerIds, request.durationMinutes, window, now);
  if (times.length === 0) throw new AdminRuleError(interviewTexts.noCommonTime);

  const token = newSecretToken();
  const reopened = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(interviewRequests)
      .set({
        status: 'open',
        windowStart: window.from,
        windowEnd: window.to,
        tokenHash: hashSecretToken(token),
        tokenSealed: deps.secret ? sealText(deps.secret, INVITATION_TOKEN_SEAL, token) : null,
        updatedAt: now,
      })
      // Two clicks at once re-offer once: the second finds it open with time left.
      .where(
        and(
          eq(interviewRequests.id, request.id),
          or(eq(interviewRequests.status, 'cancelled'), and(eq(interviewRequests.status, 'open'), lte(interviewRequests.windowEnd, now))),
        ),
      )
      .returning({ id: interviewRequests.id });
    if (row) await audit(tx, actor, 'application.interview_reoffered', application.id, { offered: times.length, days });
    return row;
  });
  if (!reopened) throw new AdminRuleError(interviewTexts.stillOffered);
  await sendInvitation(deps, actor.id, {
    application,
    position: found.position.title,
    durationMinutes: request.durationMinutes,
    names: found.interviewers.map((person) => person.name),
    window: windowWords(window, zone),
    token,
  });
  deps.log({ applicationId: application.id, requestId: request.id }, 'interview offered again');
  return { requestId: request.id, offered: times.length };
}

/** The fewest days a re-offered invitation spans. */
const REOFFER_MIN_DAYS = 7;

/** Whether an invitation has ended and may be offered again: withdrawn or cancelled, or open with its window passed. */
export function reofferable(request: { status: string; windowEnd: Date }, now = new Date()) {
  return request.status === 'cancelled' || (request.status === 'open' && request.windowEnd.getTime() <= now.getTime());
}

/**
 * What a booking's own page tells of an interview (issue 51): its position, and the invitation's
 * link while it stands open again (the candidate cancelled and may choose a new time).
 */
export async function interviewOfBooking(deps: Pick<MeetingDeps, 'db' | 'secret'>, bookingId: string, now = new Date()) {
  const [row] = await deps.db
    .select({
      position: positions.title,
      status: interviewRequests.status,
      windowEnd: interviewRequests.windowEnd,
      tokenSealed: interviewRequests.tokenSealed,
    })
    .from(interviewRequests)
    .innerJoin(applications, eq(applications.id, interviewRequests.applicationId))
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .where(eq(interviewRequests.bookingId, bookingId));
  if (!row) return null;
  const token =
    row.status === 'open' && row.windowEnd > now && row.tokenSealed && deps.secret
      ? unsealText(deps.secret, INVITATION_TOKEN_SEAL, row.tokenSealed)
      : null;
  return { position: row.position, chooseAgainPath: token ? interviewPath(token) : null };
}

/**
 * An application's interviews, newest first, for its page in the workspace: each invitation with
 * its interviewers and, once booked, its time and state.
 */
export async function listInterviews(db: Database, applicationId: string, now = new Date()) {
  const queries = interviewQueries(db);
  const rows = await queries.requests.execute({ applicationId });
  const people = rows.length ? await queries.people.execute({ ids: rows.map((row) => row.id) }) : [];
  return rows.map((row) => ({
    ...row,
    interviewers: people.filter((person) => person.requestId === row.id).map((person) => person.name),
    interviewerIds: people.filter((person) => person.requestId === row.id).map((person) => person.userId),
    reofferable: reofferable(row, now),
  }));
}

/** An application's page asks these every time (builtOnce): its invitations, then their interviewers. */
const interviewQueries = builtOnce((db: Database) => ({
  requests: db
    .select({
      id: interviewRequests.id,
      status: interviewRequests.status,
      durationMinutes: interviewRequests.durationMinutes,
      stageId: interviewRequests.stageId,
      windowStart: interviewRequests.windowStart,
      windowEnd: interviewRequests.windowEnd,
      createdAt: interviewRequests.createdAt,
      proposedBy: users.name,
      startsAt: bookings.startsAt,
      bookingStatus: bookings.status,
      cancelledBy: bookings.cancelledBy,
    })
    .from(interviewRequests)
    .leftJoin(users, eq(users.id, interviewRequests.proposedByUserId))
    .leftJoin(bookings, eq(bookings.id, interviewRequests.bookingId))
    .where(eq(interviewRequests.applicationId, sql.placeholder('applicationId')))
    .orderBy(desc(interviewRequests.createdAt))
    .prepare(''),
  people: db
    .select({ requestId: interviewRequestInterviewers.requestId, userId: users.id, name: users.name })
    .from(interviewRequestInterviewers)
    .innerJoin(users, eq(users.id, interviewRequestInterviewers.userId))
    // One array parameter, whatever the number of invitations.
    .where(sql`${interviewRequestInterviewers.requestId} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(asc(users.name))
    .prepare(''),
}));

export type CandidateInterview =
  | { kind: 'invited'; durationMinutes: number; href: string }
  | { kind: 'booked'; startsAt: Date; timeZone: string; durationMinutes: number; href: string | null };

/**
 * The candidate's own page (their application link): invitations waiting for them (with the link
 * to choose a time) and interviews booked (with the link to move or cancel), coming ones only.
 */
export async function candidateInterviews(db: Database, applicationId: string, secret: string | undefined, now = new Date()) {
  const rows = await db
    .select({
      status: interviewRequests.status,
      tokenSealed: interviewRequests.tokenSealed,
      durationMinutes: interviewRequests.durationMinutes,
      windowEnd: interviewRequests.windowEnd,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      guestTimeZone: bookings.guestTimeZone,
      manageTokenSealed: bookings.manageTokenSealed,
    })
    .from(interviewRequests)
    .leftJoin(bookings, eq(bookings.id, interviewRequests.bookingId))
    .where(eq(interviewRequests.applicationId, applicationId))
    .orderBy(asc(interviewRequests.createdAt));
  const open = (sealed: string | null, purpose: string) => (sealed && secret ? unsealText(secret, purpose, sealed) : null);
  return rows.flatMap((row): CandidateInterview[] => {
    if (row.status === 'open' && row.windowEnd > now) {
      const token = open(row.tokenSealed, INVITATION_TOKEN_SEAL);
      return token ? [{ kind: 'invited' as const, durationMinutes: row.durationMinutes, href: interviewPath(token) }] : [];
    }
    if (row.status === 'booked' && row.startsAt && row.endsAt && row.endsAt > now) {
      const token = open(row.manageTokenSealed, MANAGE_TOKEN_SEAL);
      return [
        {
          kind: 'booked' as const,
          startsAt: row.startsAt,
          timeZone: zoneOrCompany(row.guestTimeZone),
          durationMinutes: row.durationMinutes,
          href: token ? bookingPath(token) : null,
        },
      ];
    }
    return [];
  });
}
