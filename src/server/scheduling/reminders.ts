import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { Jobs } from '../jobs/queue.ts';
import { bookings } from '../db/schema.ts';
import { unsealText } from '../mail/sealed.ts';
import { spendMailBudget } from '../mail/budget.ts';
import type { RateLimiters } from '../rate-limit.ts';
import { bookingReminderGuestMail, bookingReminderHostMail } from '../mail/booking-templates.ts';
import { whenLabel, zoneOrCompany } from '../../lib/scheduling/format.ts';
import { findBookingById, hostZones, MANAGE_TOKEN_SEAL } from './bookings.ts';
import { bookingPath, hostNamesOf, interviewOf } from './meetings.ts';
import { automatic } from '../mail/headers.ts';

/**
 * Reminders (issue 31): 24 hours before a booking, one e-mail to the guest (with the link to move or
 * cancel) and one to each host. Through the job queue, every few minutes on whichever instance
 * takes the job: each reminder is claimed by one UPDATE (reminder_sent_at set where it was null),
 * so two instances never send it twice. None for a cancelled or past booking, nor for one booked
 * or moved within the 24 hours (its confirmation has just gone out). A move clears the mark, so
 * the new time gets its own reminder.
 */

export const BOOKING_REMINDERS = 'booking-reminders';
export const REMINDER_HOURS = 24;

export interface ReminderDeps {
  db: Database;
  jobs: Pick<Jobs, 'enqueueEmail'>;
  /** A meeting's guest typed their address into a public form: their reminder spends its mail budget (issue 50). */
  rateLimits: Pick<RateLimiters, 'consume' | 'isLimited'>;
  siteUrl: string;
  secret: string;
}

export async function sendBookingReminders(deps: ReminderDeps, now = new Date()): Promise<number> {
  const ahead = new Date(now.getTime() + REMINDER_HOURS * 3_600_000);
  const claimed = await deps.db
    .update(bookings)
    .set({ reminderSentAt: now })
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        isNull(bookings.reminderSentAt),
        gt(bookings.startsAt, now),
        lte(bookings.startsAt, ahead),
        // It existed (at its time) when the reminder fell due.
        sql`${bookings.updatedAt} <= ${bookings.startsAt} - make_interval(hours => ${REMINDER_HOURS})`,
      ),
    )
    .returning({ id: bookings.id });
  for (const { id } of claimed) {
    const found = await findBookingById(deps.db, id);
    if (!found) continue;
    const { booking, hosts } = found;
    let manageUrl: string | null = null;
    try {
      if (booking.manageTokenSealed)
        manageUrl = `${deps.siteUrl}${bookingPath(unsealText(deps.secret, MANAGE_TOKEN_SEAL, booking.manageTokenSealed))}`;
    } catch {
      // Sealed under another AUTH_SECRET (it was changed): the reminder goes without the link.
    }
    if (booking.kind === 'interview' || (await spendMailBudget(deps.rateLimits, booking.guestEmail, 'meeting-reminder')))
      await deps.jobs.enqueueEmail({
        to: booking.guestEmail,
        ...bookingReminderGuestMail({
          guestName: booking.guestName,
          when: whenLabel(booking.startsAt, zoneOrCompany(booking.guestTimeZone)),
          hostNames: hostNamesOf(hosts),
          what: booking.kind,
          manageUrl,
        }),
        headers: automatic,
      });
    const zones = await hostZones(deps.db, hosts);
    const interview = await interviewOf(deps.db, deps.siteUrl, booking);
    for (const host of hosts) {
      await deps.jobs.enqueueEmail({
        to: host.email,
        ...bookingReminderHostMail({
          when: whenLabel(booking.startsAt, zones.get(host.userId)!),
          what: booking.kind,
          guest: { name: booking.guestName, email: booking.guestEmail, company: booking.guestCompany },
          interview,
        }),
        headers: automatic,
      });
    }
  }
  return claimed.length;
}
