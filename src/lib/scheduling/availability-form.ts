import { z } from 'zod/mini';
import { addDays, COMPANY_TIME_ZONE } from '../format.ts';
import { isTimeZone } from './format.ts';
import {
  COMPANY_HOURS,
  DEFAULT_BUFFER_MINUTES,
  DEFAULT_NOTICE_MINUTES,
  SLOT_STEP_MINUTES,
  weekdayLabels,
  weekdays,
  type Weekday,
  type WorkingInterval,
} from './hours.ts';

/**
 * A staff member's own availability (issue 31), the one schema of /account/availability: the page
 * posts its fields as they are typed, the server reads them with this. Its messages name the field
 * and the rule. Also the days off form, whose limits depend on the person's today.
 */

/** The buffer after meetings a person can choose, in minutes. */
export const bufferChoices = [0, 5, 10, 15, 30, 60] as const;

/** The minimum notices a person can choose. */
export const noticeChoices = [
  { minutes: 60, label: '1 hour' },
  { minutes: 120, label: '2 hours' },
  { minutes: 240, label: '4 hours' },
  { minutes: 720, label: '12 hours' },
  { minutes: 1440, label: '24 hours' },
  { minutes: 2880, label: '48 hours' },
  { minutes: 4320, label: '72 hours' },
  { minutes: 10_080, label: '1 week' },
] as const;

export const MAX_DAILY_CAP = 24;
/** Days off can be set up to this many days ahead. */
export const DAYS_OFF_AHEAD = 365;

export const availabilityTexts = {
  title: 'Your availability',
  timeZone: 'Time zone: choose a zone from the list.',
  start: (day: string) => `${day}: enter the start as a time of day, e.g. 09:00.`,
  end: (day: string) => `${day}: enter the end as a time of day, e.g. 18:00.`,
  quarter: (day: string, which: 'start' | 'end') => `${day}: the ${which} must be on the quarter hour (:00, :15, :30 or :45).`,
  endAfterStart: (day: string) => `${day}: the end must be after the start.`,
  buffer: 'Buffer after meetings: choose one of the listed lengths.',
  notice: 'Minimum notice: choose one of the listed lengths.',
  dailyCap: `Daily cap: leave it empty for no limit, or enter a whole number from 1 to ${MAX_DAILY_CAP}.`,
  offFrom: 'First day off: choose a day.',
  offFromPast: 'First day off: choose today or a later day.',
  offFromFar: 'First day off: at most a year ahead.',
  offUntil: 'Last day: choose a day, or leave it empty for one day off.',
  offUntilBefore: 'Last day: must be on or after the first day off.',
  offUntilFar: 'Last day: at most a year ahead.',
} as const;

/** The names of one weekday's fields. */
export const dayFields = (day: Weekday) => ({ available: `day${day}_available`, start: `day${day}_start`, end: `day${day}_end` }) as const;

export const availabilityFieldNames = [
  'time_zone',
  ...weekdays.flatMap((day) => Object.values(dayFields(day))),
  'buffer_minutes',
  'notice_minutes',
  'daily_cap',
  'takes_meetings',
] as const;
export type AvailabilityField = (typeof availabilityFieldNames)[number];
/** The form as posted (and as shown again): text per field; a checkbox is 'on' when ticked, '' when not. */
export type AvailabilityFormValues = Record<AvailabilityField, string>;
export type AvailabilityFieldErrors = Partial<Record<AvailabilityField | 'form', string>>;

/** A person's availability, as the engine reads it (staff_schedules). */
export interface Availability {
  timeZone: string;
  weeklyHours: WorkingInterval[];
  bufferMinutes: number;
  noticeMinutes: number;
  /** null: no cap. */
  dailyCap: number | null;
  /** Offered for Book a Meeting (only asked of those who may host meetings). */
  takesMeetings: boolean;
}

/** What everyone starts with: the company's business hours. */
export const defaultAvailability: Availability = {
  timeZone: COMPANY_TIME_ZONE,
  weeklyHours: COMPANY_HOURS,
  bufferMinutes: DEFAULT_BUFFER_MINUTES,
  noticeMinutes: DEFAULT_NOTICE_MINUTES,
  dailyCap: null,
  takesMeetings: true,
};

/** "09:00", "9:00" or "09:00:00" as HH:MM; null for anything else. */
function clockOf(value: string): string | null {
  const match = /^(\d{1,2}):([0-5]\d)(?::00(?:\.0+)?)?$/.exec(value.trim());
  if (!match || Number(match[1]) > 23) return null;
  return `${match[1]!.padStart(2, '0')}:${match[2]}`;
}

const onQuarter = (clock: string) => Number(clock.slice(3)) % SLOT_STEP_MINUTES === 0;
const ticked = (value: string | undefined) => value !== undefined && value !== '';
const wholeNumber = (value: string) => (/^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : null);

const text = z.optional(z.string().check(z.maxLength(200)));

/** The form's fields as posted: all text; the rules below read them together. */
const postedForm = z.object(
  Object.fromEntries(availabilityFieldNames.map((name) => [name, text])) as Record<AvailabilityField, typeof text>,
);
type PostedForm = z.output<typeof postedForm>;

type Issue = { path: AvailabilityField; message: string };

function issuesOf(form: PostedForm): Issue[] {
  const issues: Issue[] = [];
  if (!isTimeZone(form.time_zone?.trim())) issues.push({ path: 'time_zone', message: availabilityTexts.timeZone });
  for (const day of weekdays) {
    const names = dayFields(day);
    if (!ticked(form[names.available])) continue;
    const label = weekdayLabels[day];
    const start = clockOf(form[names.start] ?? '');
    const end = clockOf(form[names.end] ?? '');
    if (start === null) issues.push({ path: names.start, message: availabilityTexts.start(label) });
    else if (!onQuarter(start)) issues.push({ path: names.start, message: availabilityTexts.quarter(label, 'start') });
    if (end === null) issues.push({ path: names.end, message: availabilityTexts.end(label) });
    else if (!onQuarter(end)) issues.push({ path: names.end, message: availabilityTexts.quarter(label, 'end') });
    else if (start !== null && end <= start) issues.push({ path: names.end, message: availabilityTexts.endAfterStart(label) });
  }
  const buffer = wholeNumber(form.buffer_minutes ?? '');
  if (buffer === null || !(bufferChoices as readonly number[]).includes(buffer))
    issues.push({ path: 'buffer_minutes', message: availabilityTexts.buffer });
  const notice = wholeNumber(form.notice_minutes ?? '');
  if (notice === null || !noticeChoices.some((choice) => choice.minutes === notice))
    issues.push({ path: 'notice_minutes', message: availabilityTexts.notice });
  const cap = form.daily_cap?.trim() ?? '';
  const capNumber = wholeNumber(cap);
  if (cap !== '' && (capNumber === null || capNumber < 1 || capNumber > MAX_DAILY_CAP))
    issues.push({ path: 'daily_cap', message: availabilityTexts.dailyCap });
  return issues;
}

/**
 * The availability form: every rule at once (so a refusal names every field to fix), then the
 * values as the engine stores them. An unticked day has no hours, whatever its times say.
 */
export const availabilityFormSchema = z.pipe(
  postedForm.check(
    z.superRefine((form, context) => {
      for (const issue of issuesOf(form)) context.issues.push({ code: 'custom', message: issue.message, path: [issue.path], input: form });
    }),
  ),
  z.transform((form): Availability => ({
    timeZone: form.time_zone!.trim(),
    weeklyHours: weekdays
      .filter((day) => ticked(form[dayFields(day).available]))
      .map((day) => ({ day, start: clockOf(form[dayFields(day).start]!)!, end: clockOf(form[dayFields(day).end]!)! })),
    bufferMinutes: wholeNumber(form.buffer_minutes!)!,
    noticeMinutes: wholeNumber(form.notice_minutes!)!,
    dailyCap: form.daily_cap?.trim() ? wholeNumber(form.daily_cap)! : null,
    takesMeetings: ticked(form.takes_meetings),
  })),
);

/** A saved availability as the form shows it (a day without hours unticked, with the company's times to start from). */
export function availabilityFormValues(availability: Availability): AvailabilityFormValues {
  const values = {
    time_zone: availability.timeZone,
    buffer_minutes: String(availability.bufferMinutes),
    notice_minutes: String(availability.noticeMinutes),
    daily_cap: availability.dailyCap === null ? '' : String(availability.dailyCap),
    takes_meetings: availability.takesMeetings ? 'on' : '',
  } as AvailabilityFormValues;
  for (const day of weekdays) {
    const names = dayFields(day);
    const intervals = availability.weeklyHours.filter((interval) => interval.day === day);
    // One row a day: a day saved with several stretches shows from its first start to its last end.
    const starts = intervals.map((interval) => interval.start).sort();
    const ends = intervals.map((interval) => interval.end).sort();
    values[names.available] = intervals.length > 0 ? 'on' : '';
    values[names.start] = starts[0] ?? '09:00';
    values[names.end] = ends.at(-1) ?? '18:00';
  }
  return values;
}

/** Whether a text is a real calendar day as YYYY-MM-DD (not 2026-02-30). */
export const isDay = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && addDays(value, 0) === value;

export const dayOffFieldNames = ['off_from', 'off_until'] as const;
export type DayOffFieldErrors = Partial<Record<(typeof dayOffFieldNames)[number] | 'form', string>>;

/**
 * Days off to add, from one day to another (the last one optional: one day), in the person's own
 * calendar: from their today to a year ahead.
 */
export function dayOffFormSchema(today: string) {
  const last = addDays(today, DAYS_OFF_AHEAD);
  return z.pipe(
    z.object({ off_from: text, off_until: text }).check(
      z.superRefine((form, context) => {
        const issue = (path: (typeof dayOffFieldNames)[number], message: string) =>
          context.issues.push({ code: 'custom', message, path: [path], input: form });
        const from = form.off_from?.trim() ?? '';
        const until = form.off_until?.trim() ?? '';
        if (!isDay(from)) issue('off_from', availabilityTexts.offFrom);
        else if (from < today) issue('off_from', availabilityTexts.offFromPast);
        else if (from > last) issue('off_from', availabilityTexts.offFromFar);
        if (until === '') return;
        if (!isDay(until)) issue('off_until', availabilityTexts.offUntil);
        else if (isDay(from) && until < from) issue('off_until', availabilityTexts.offUntilBefore);
        else if (until > last) issue('off_until', availabilityTexts.offUntilFar);
      }),
    ),
    z.transform((form) => {
      const from = form.off_from!.trim();
      return { from, until: form.off_until?.trim() || from };
    }),
  );
}

/** Days (YYYY-MM-DD, sorted) as runs of consecutive days, as the page lists them. */
export function dayRuns(days: readonly string[]): { from: string; until: string }[] {
  const runs: { from: string; until: string }[] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && addDays(run.until, 1) === day) run.until = day;
    else runs.push({ from: day, until: day });
  }
  return runs;
}
