import { z } from 'zod/mini';

/**
 * The scheduling engine's vocabulary (issue 31), shared by the server and the forms: a staff
 * member's working hours, and the defaults every account starts with (the company's business
 * hours: Monday to Friday, 9:00 to 18:00, Central time).
 */

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof weekdays)[number];

export const weekdayLabels: Record<Weekday, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

const clock = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time of day as HH:MM, e.g. 09:00.'));

/** One stretch of working time on a weekday, in the person's own zone ("09:00" to "18:00"). */
export const workingIntervalSchema = z
  .object({
    day: z.union(weekdays.map((day) => z.literal(day)) as [z.ZodMiniLiteral<1>, ...z.ZodMiniLiteral<Weekday>[]]),
    start: clock,
    end: clock,
  })
  .check(z.refine((interval) => interval.start < interval.end, { message: 'A working time must end after it starts.', path: ['end'] }));
export type WorkingInterval = z.infer<typeof workingIntervalSchema>;

export const COMPANY_HOURS: WorkingInterval[] = ([1, 2, 3, 4, 5] as const).map((day) => ({ day, start: '09:00', end: '18:00' }));
export const DEFAULT_BUFFER_MINUTES = 10;
export const DEFAULT_NOTICE_MINUTES = 24 * 60;
/** Free times start on the quarter hour. */
export const SLOT_STEP_MINUTES = 15;

export const bookingKinds = ['meeting', 'interview'] as const;
export type BookingKind = (typeof bookingKinds)[number];
export const bookingStatuses = ['confirmed', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
/** Who cancelled a booking: its guest (from their link) or staff. */
export const bookingCancellers = ['guest', 'staff'] as const;
export type BookingCanceller = (typeof bookingCancellers)[number];
/** A proposed interview: waiting for the candidate, booked by them, or withdrawn (by staff, or by a cancelled booking). */
export const interviewRequestStatuses = ['open', 'booked', 'cancelled'] as const;
export type InterviewRequestStatus = (typeof interviewRequestStatuses)[number];
