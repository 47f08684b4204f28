import { z } from 'zod/mini';
import { emailField, lineField, textField } from '../forms.ts';
import { honeypotField } from '../honeypot.ts';
import { isTimeZone } from './format.ts';

/**
 * Book a Meeting's form (issue 31), the one schema the page and the server use: who is coming,
 * what about, and the time they picked (as the instant the page offered, with their zone).
 */

export const meetingTexts = {
  title: 'Book a Meeting',
  pickTime: 'Choose a time',
  noTimes: 'No free time is left in the next 14 days. Please write to us instead.',
  /** Nobody takes meetings (a fresh install, or every host opted out): said plainly, not as a full calendar. */
  noHosts: 'Meetings cannot be booked online at the moment. Please write to us and we will find a time together.',
  booked: 'Your meeting is booked',
  moved: 'Your meeting was moved',
  cancelled: 'This meeting was cancelled',
  rateLimited: 'Too many bookings from this connection. Please try again in an hour, or write to us.',
} as const;

/**
 * Every field is refused with control characters in it (issue 50): a name or a company of one
 * line (a line break would fake lines in the host's e-mail), a topic of lines but nothing invisible.
 */
export const meetingFormSchema = z.object({
  name: lineField(
    z.trim(),
    z.minLength(2, 'Please enter your name (at least 2 characters).'),
    z.maxLength(100, 'Your name can be at most 100 characters.'),
  ),
  email: emailField,
  company: z.optional(lineField(z.trim(), z.maxLength(100, 'The company name can be at most 100 characters.'))),
  topic: z.optional(textField(z.trim(), z.maxLength(500, 'The topic can be at most 500 characters.'))),
  start: z
    .string()
    .check(
      z.refine(
        (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00(\.000)?Z$/.test(value) && !Number.isNaN(Date.parse(value)),
        'Please choose one of the times shown.',
      ),
    ),
  time_zone: z.string().check(z.refine((value) => isTimeZone(value), 'Please choose a time zone from the list.')),
  ...honeypotField,
});

export type MeetingFormInput = z.input<typeof meetingFormSchema>;
export type MeetingFieldErrors = Partial<Record<keyof MeetingFormInput | 'form', string>>;
