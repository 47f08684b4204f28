import type { Runtime } from '../runtime.ts';
import { threadAddressing } from '../replies/addresses.ts';
import { admitPublicForm, publicFormDeps, type PublicFormDeps } from '../public-form.ts';
import { spendMailBudget } from '../mail/budget.ts';
import { bookingGuestMail, bookingHostMail, capitalised, type BookingChange } from '../mail/booking-templates.ts';
import { applications, bookings, interviewRequests, positions } from '../db/schema.ts';
import { audit, type Actor } from '../audit/log.ts';
import { recordEvent } from '../events/record.ts';
import { planOfPosition } from '../scorecards/plans.ts';
import type { Database } from '../db/client.ts';
import { and, eq, gt, sql } from 'drizzle-orm';
import { siteConfig } from '../../lib/site-config.ts';
import { meetingFormSchema, meetingTexts, type MeetingFieldErrors } from '../../lib/scheduling/meeting-form.ts';
import { whenLabel, zoneOrCompany } from '../../lib/scheduling/format.ts';
import {
  BookingRefused,
  bookMeeting,
  cancelBooking,
  moveWindowOf,
  findBookingById,
  findBookingByToken,
  hostZones,
  meetingHostIds,
  rescheduleBooking,
  type BookingHook,
  type FoundBooking,
} from './bookings.ts';
import { bookingInvitation, eventOf } from './ics.ts';
import type { FreeTime } from './slots.ts';
import { automatic } from '../mail/headers.ts';
import { BOOKING_READ_WAIT_MS, freshenCalendars, PAGE_COPY_MAX_AGE_MS, type CalendarReading } from '../calendars/sources.ts';

/**
 * Book a Meeting and a booking's own page (issue 31): the public form's command (schema, honeypot,
 * rate limit, then the booking engine), a move or a cancellation through the manage link, and the
 * e-mails with their calendar invitations to the guest and the hosts.
 */

export interface MeetingDeps extends PublicFormDeps {
  /** AUTH_SECRET: seals the manage token for the reminder's link. */
  secret?: string;
  /** The invitations' organiser: the company's address. */
  organizer: { name: string; email: string };
  /** Reading people's own calendars (issue 53): the hosts' are read again when they are booked. Unset: not read. */
  calendars?: CalendarReading | undefined;
}

/** The invitations' organiser: the company, at its contact address (or the sending address). */
export function organizerOf(config: Pick<Runtime['config'], 'mail'>): MeetingDeps['organizer'] {
  const from = config.mail.from;
  return { name: siteConfig.name, email: config.mail.contactEmail ?? from.match(/<([^>]+)>/)?.[1] ?? from };
}

export function meetingDeps(runtime: Runtime): MeetingDeps {
  return {
    ...publicFormDeps(runtime),
    organizer: organizerOf(runtime.config),
    secret: runtime.config.authSecret,
    calendars: runtime.calendarReader
      ? { secret: runtime.config.authSecret, allow: runtime.config.outboundAllow, reader: runtime.calendarReader }
      : undefined,
  };
}

/**
 * The hosts' own calendars read again before they are booked (BOOKING_READ_WAIT_MS at most), so a
 * time their calendar took since the page was drawn is refused as taken.
 */
export async function freshenBeforeBooking(
  deps: Pick<MeetingDeps, 'db' | 'calendars'>,
  hostIds: readonly string[],
  now: Date,
): Promise<void> {
  if (deps.calendars)
    await freshenCalendars(deps.db, hostIds, { ...deps.calendars, now }, { olderThanMs: 0, waitMs: BOOKING_READ_WAIT_MS });
}

/** A booking page drawn: the hosts' calendars read older than a minute are read again, in the background. */
export function freshenInBackground(deps: Pick<MeetingDeps, 'db' | 'calendars'>, hostIds: readonly string[]): void {
  if (deps.calendars)
    void freshenCalendars(deps.db, hostIds, deps.calendars, { olderThanMs: PAGE_COPY_MAX_AGE_MS, waitMs: 0 }).catch(() => {});
}

export const bookingPath = (token: string) => `/bookings/${token}`;

/** Who the guest meets, as their e-mails name them. */
export const hostNamesOf = (hosts: ReadonlyArray<{ name: string }>) => hosts.map((host) => host.name).join(', ') || siteConfig.name;

export type MeetingOutcome =
  /** Booked: the manage link's token (null for a bot that filled the honeypot: told it worked, nothing booked). */
  { kind: 'booked'; token: string | null } | { kind: 'refused'; fieldErrors: MeetingFieldErrors; freshTimes?: FreeTime[] };

export async function requestMeeting(deps: MeetingDeps, input: unknown, clientKey: string, now = new Date()): Promise<MeetingOutcome> {
  const admission = await admitPublicForm(deps, meetingFormSchema, input, 'meeting', clientKey);
  if (admission.kind === 'honeypot') {
    deps.log({}, 'meeting dropped: honeypot filled');
    return { kind: 'booked', token: null };
  }
  if (admission.kind === 'rate-limited') return { kind: 'refused', fieldErrors: { form: meetingTexts.rateLimited } };
  if (admission.kind === 'invalid') return { kind: 'refused', fieldErrors: admission.fieldErrors };
  const form = admission.form;
  await freshenBeforeBooking(deps, await meetingHostIds(deps.db), now);
  try {
    const { token } = await bookMeeting(
      deps.db,
      { name: form.name, email: form.email, company: form.company || null, topic: form.topic || null, timeZone: form.time_zone },
      new Date(form.start),
      now,
      deps.secret,
      (tx, booking) => recordBookingChange(tx, booking, 'booked', guestActor(booking)),
    );
    const found = (await findBookingByToken(deps.db, token))!;
    await notifyBooking(deps, found, token, 'booked');
    deps.log({ bookingId: found.booking.id }, 'meeting booked');
    return { kind: 'booked', token };
  } catch (error) {
    if (!(error instanceof BookingRefused)) throw error;
    // Taken meanwhile: the times still free come with the refusal (the page need not compute them again).
    return {
      kind: 'refused',
      fieldErrors: error.reason === 'tooManyBookings' ? { email: error.message } : { start: error.message },
      ...(error.reason === 'taken' ? { freshTimes: error.freshTimes } : {}),
    };
  }
}

/** Moves the booking a manage link names; refusals in words (taken, cancelled, past, not offered). */
export async function moveBooking(deps: MeetingDeps, found: FoundBooking, token: string, start: Date, now = new Date()) {
  await freshenBeforeBooking(
    deps,
    found.hosts.map((host) => host.userId),
    now,
  );
  let moved;
  try {
    moved = await rescheduleBooking(deps.db, found, start, await moveWindowOf(deps.db, found.booking, now), now, (tx, booking) =>
      recordBookingChange(tx, booking, 'moved', guestActor(booking)),
    );
  } catch (error) {
    if (!(error instanceof BookingRefused)) throw error;
    return { kind: 'refused' as const, message: error.message };
  }
  await notifyBooking(deps, { ...found, booking: moved }, token, 'moved');
  return { kind: 'moved' as const };
}

export async function cancelByGuest(deps: MeetingDeps, found: FoundBooking, token: string, now = new Date()) {
  const cancelled = await cancelBooking(deps.db, found, now, (tx, booking) =>
    recordBookingChange(tx, booking, 'cancelled', guestActor(booking)),
  );
  // Cancelling twice (a second click, an old tab) changes nothing and sends nothing.
  if (!cancelled) return;
  await notifyBooking(deps, { ...found, booking: cancelled }, token, 'cancelled');
}

/** The guest as the audit log names them (a candidate through their link): no user, their address. */
const guestActor = (booking: { guestEmail: string }) => ({ id: null, email: booking.guestEmail });

type BookingRow = typeof bookings.$inferSelect;

/** The name of an interview's stage (its position's plan), or null for an interview without one. */
async function stageName(db: Database, booking: BookingRow): Promise<string | null> {
  if (!booking.applicationId) return null;
  const [row] = await db
    .select({ stageId: interviewRequests.stageId, positionId: applications.positionId })
    .from(interviewRequests)
    .innerJoin(applications, eq(applications.id, interviewRequests.applicationId))
    .where(eq(interviewRequests.bookingId, booking.id));
  if (!row?.stageId) return null;
  return (await planOfPosition(db, row.positionId)).find((stage) => stage.id === row.stageId)?.name ?? row.stageId;
}

/**
 * A booking's change, recorded in the transaction that made it (BookingHook): an interview's on its
 * application's timeline (the audit log) and in the record of domain events, a cancelled one
 * reopening its invitation (by the candidate) or closing it (by staff); a meeting's in the record
 * of domain events. By whoever made it: the guest
 * from their link (no user), or staff.
 */
export async function recordBookingChange(tx: Parameters<BookingHook>[0], booking: BookingRow, change: BookingChange, actor: Actor) {
  const by = actor.id === null ? ('guest' as const) : ('staff' as const);
  if (change === 'cancelled') await tx.update(bookings).set({ cancelledBy: by }).where(eq(bookings.id, booking.id));
  if (!booking.applicationId) {
    await recordEvent(tx, {
      kind: `meeting.${change}`,
      bookingId: booking.id,
      actorUserId: actor.id,
      data: { guestName: booking.guestName, company: booking.guestCompany, startsAt: booking.startsAt.toISOString(), by },
    });
    return;
  }
  const applicationId = booking.applicationId;
  if (change === 'cancelled') {
    // A candidate who cancelled may choose a new time from the same link while the invitation's
    // window has time left (issue 51); staff cancelling withdraw the invitation (they re-offer it).
    const now = booking.cancelledAt ?? new Date();
    await tx
      .update(interviewRequests)
      .set({
        status: sql`case when ${by === 'guest'} and ${interviewRequests.windowEnd} > ${now} then 'open' else 'cancelled' end`,
        updatedAt: now,
      })
      .where(eq(interviewRequests.bookingId, booking.id));
  }
  await audit(tx, actor, `application.interview_${change}`, applicationId, {
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
  });
  const [application] = await tx
    .select({ positionId: applications.positionId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  await recordEvent(tx, {
    kind: `interview.${change}`,
    applicationId,
    bookingId: booking.id,
    positionId: application?.positionId ?? null,
    actorUserId: actor.id,
    data: {
      candidateName: booking.guestName,
      startsAt: booking.startsAt.toISOString(),
      stage: await stageName(tx as unknown as Database, booking),
      by,
    },
  });
}

/** An interview's position and its application's page, for the interviewers' e-mails; null for a meeting. */
export async function interviewOf(db: Database, siteUrl: string, booking: BookingRow) {
  if (!booking.applicationId) return null;
  const [row] = await db
    .select({ title: positions.title, positionId: positions.id })
    .from(applications)
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .where(eq(applications.id, booking.applicationId));
  return row
    ? {
        position: row.title,
        stage: await stageName(db, booking),
        applicationUrl: `${siteUrl}/admin/applications/${row.positionId}/${booking.applicationId}`,
      }
    : null;
}

/** The calendar part of a booking's e-mails: REQUEST, or CANCEL once cancelled. */
function invitationOf(
  { booking, hosts }: FoundBooking,
  manageUrl: string | undefined,
  organizer: MeetingDeps['organizer'],
  { withGuest = true } = {},
) {
  return {
    method: booking.status === 'cancelled' ? ('CANCEL' as const) : ('REQUEST' as const),
    content: bookingInvitation(
      {
        ...eventOf(booking),
        title: `${capitalised(booking.kind)} with ${siteConfig.name}`,
        guest: withGuest ? { name: booking.guestName, email: booking.guestEmail } : undefined,
        hosts: hosts.map((host) => ({ name: host.name, email: host.email })),
        manageUrl,
      },
      organizer,
    ),
  };
}

/**
 * Before a person's data is erased (privacy): their bookings still to come are cancelled and each
 * host gets the cancellation (METHOD:CANCEL), so no calendar keeps a meeting with someone the site
 * no longer knows; nothing goes to the erased address. Returns how many were cancelled.
 */
export async function cancelBookingsOfGuest(deps: Pick<MeetingDeps, 'db' | 'jobs' | 'organizer'>, email: string, now = new Date()) {
  const coming = await deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.guestEmail, email), eq(bookings.status, 'confirmed'), gt(bookings.endsAt, now)));
  for (const { id } of coming) {
    const found = await findBookingById(deps.db, id);
    const booking = found && (await cancelBooking(deps.db, found, now));
    if (!found || !booking) continue;
    const cancelled = { ...found, booking };
    const zones = await hostZones(deps.db, found.hosts);
    for (const host of found.hosts) {
      const mail = bookingHostMail({
        change: 'cancelled',
        when: whenLabel(booking.startsAt, zones.get(host.userId)!),
        what: booking.kind,
        guest: { name: 'A guest whose data was erased', email: '(erased)' },
      });
      const { replyTo: _guest, ...withoutReply } = mail;
      await deps.jobs.enqueueEmail({
        to: host.email,
        ...withoutReply,
        calendar: invitationOf(cancelled, undefined, deps.organizer, { withGuest: false }),
        headers: automatic,
      });
    }
  }
  return coming.length;
}

/** The e-mails of a change: to the guest in their zone, to each host in theirs, each with the invitation (REQUEST or CANCEL). */
export async function notifyBooking(deps: MeetingDeps, found: FoundBooking, token: string | null, change: BookingChange) {
  const { booking, hosts } = found;
  // None for a cancellation staff made (the e-mails then carry no link: nothing is left to change).
  const manageUrl = token ? `${deps.siteUrl}${bookingPath(token)}` : undefined;
  const what = booking.kind;
  const hostNames = hostNamesOf(hosts);
  const calendar = invitationOf(found, manageUrl, deps.organizer);
  const interview = await interviewOf(deps.db, deps.siteUrl, booking);
  // A meeting e-mails the address typed into a public form: every one of its e-mails (booked, moved,
  // cancelled, and the reminder) within that address's mail budget (issue 50). An interview's guest
  // is the candidate staff invited, at the address of their application.
  if (interview || (await spendMailBudget(deps.rateLimits, booking.guestEmail, `meeting-${change}`))) {
    const guestMail = bookingGuestMail({
      change,
      guestName: booking.guestName,
      when: whenLabel(booking.startsAt, zoneOrCompany(booking.guestTimeZone)),
      hostNames,
      manageUrl,
      what,
      position: interview?.position ?? null,
    });
    // An interview's e-mails are about the application: a reply comes back to its timeline (issue 35).
    const addressing = booking.applicationId
      ? await threadAddressing(deps.db, deps.replyAddress ?? null, { applicationId: booking.applicationId })
      : {};
    await deps.jobs.enqueueEmail({ to: booking.guestEmail, ...guestMail, ...addressing, calendar });
  }
  const zones = await hostZones(deps.db, hosts);
  for (const host of hosts) {
    const hostMail = bookingHostMail({
      change,
      when: whenLabel(booking.startsAt, zones.get(host.userId)!),
      what,
      guest: { name: booking.guestName, email: booking.guestEmail, company: booking.guestCompany, topic: booking.topic },
      interview,
    });
    await deps.jobs.enqueueEmail({ to: host.email, ...hostMail, calendar, headers: automatic });
  }
}
