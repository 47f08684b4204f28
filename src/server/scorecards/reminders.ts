import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { recordEvent } from '../events/record.ts';
import { planOfPosition } from './plans.ts';

/**
 * Scorecard reminders (issue 32): an interviewer whose scorecard is missing after a booked
 * interview gets one e-mail 2 hours after it ended, then one a day, at most three; none before it
 * ends, none once they submitted a scorecard for that application (for the interview's stage when
 * it has one), none for a cancelled interview. Frappe HRMS's failure (reminders before the
 * interview happened) is the case the tests pin. Each reminder is claimed by one upsert on
 * scorecard_reminders, whichever instance runs the job.
 */

export const SCORECARD_REMINDERS = 'scorecard-reminders';
export const FIRST_REMINDER_HOURS = 2;
export const REMINDER_EVERY_HOURS = 24;
export const MAX_REMINDERS = 3;

export interface ScorecardReminderDeps {
  db: Database;
}

interface Claimed extends Record<string, unknown> {
  sent_count: number;
  user_id: string;
  booking_id: string;
  name: string;
  candidate: string;
  position: string;
  position_id: string;
  application_id: string;
  ends_at: Date;
  stage: string | null;
}

export async function sendScorecardReminders(deps: ScorecardReminderDeps, now = new Date()): Promise<number> {
  const at = now.toISOString();
  // Each reminder claimed and recorded as an event in one transaction: the notices e-mail it (issue 51).
  return deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<Claimed>(sql`
    with due as (
      select h.booking_id, h.user_id
      from booking_hosts h
      join bookings b on b.id = h.booking_id
      left join interview_requests r on r.booking_id = b.id
      where b.kind = 'interview' and b.status = 'confirmed' and b.application_id is not null
        and b.ends_at <= ${at}::timestamptz - make_interval(hours => ${FIRST_REMINDER_HOURS})
        and not exists (
          select 1 from scorecards s
          where s.application_id = b.application_id and s.author_user_id = h.user_id and s.status = 'submitted'
            and (r.stage_id is null or s.stage_id = r.stage_id)
        )
    ),
    claimed as (
      insert into scorecard_reminders (booking_id, user_id, sent_count, last_sent_at)
      select booking_id, user_id, 1, ${at}::timestamptz from due
      on conflict (booking_id, user_id) do update
        set sent_count = scorecard_reminders.sent_count + 1, last_sent_at = excluded.last_sent_at
        where scorecard_reminders.sent_count < ${MAX_REMINDERS}
          and scorecard_reminders.last_sent_at <= ${at}::timestamptz - make_interval(hours => ${REMINDER_EVERY_HOURS})
      returning booking_id, user_id, sent_count
    )
    select c.sent_count, c.user_id, c.booking_id, u.name, a.full_name as candidate, p.title as position, p.id as position_id,
      a.id as application_id, b.ends_at, st.stage
    from claimed c
    join users u on u.id = c.user_id
    join bookings b on b.id = c.booking_id
    join applications a on a.id = b.application_id
    join positions p on p.id = a.position_id
    left join lateral (
      select r.stage_id as stage from interview_requests r where r.booking_id = b.id limit 1
    ) st on true
  `);
    for (const row of rows)
      await recordEvent(tx, {
        kind: 'scorecard.due',
        applicationId: row.application_id,
        positionId: row.position_id,
        bookingId: row.booking_id,
        data: {
          candidateName: row.candidate,
          positionTitle: row.position,
          interviewerId: row.user_id,
          interviewerName: row.name,
          // The stage by its name in the position's plan (its own, or its department's default).
          stage: row.stage
            ? ((await planOfPosition(tx as unknown as Database, row.position_id)).find((stage) => stage.id === row.stage)?.name ??
              row.stage)
            : null,
          endedAt: new Date(row.ends_at).toISOString(),
          reminder: row.sent_count,
        },
      });
    return rows.length;
  });
}
