const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "November 21, 2026", the same on the server and in any browser. */
export function formatDate(date: Date): string {
  return dateFormat.format(date);
}

const shortDateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Nov 21, 2026": formatDate for a column of a dense list. */
export function formatShortDate(date: Date): string {
  return shortDateFormat.format(date);
}

/**
 * Staff read times in the company's own zone (the offices and business hours are in Texas), not
 * the server's, which is often UTC; the reports' days are that zone's days too.
 */
export const COMPANY_TIME_ZONE = 'America/Chicago';

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: COMPANY_TIME_ZONE,
  timeZoneName: 'short',
});

/** "Nov 21, 2026, 2:19 PM CST": when something arrived, for the admin area. */
export function formatDateTime(date: Date): string {
  return dateTimeFormat.format(date);
}

const timestampParts = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: COMPANY_TIME_ZONE,
  timeZoneName: 'longOffset',
});

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

const WHOLE_MINUTE_OFFSETS = Date.UTC(1972, 0, 1);

/** The minute last asked for, and its day (see companyDay). */
let dayOfMinute = { minute: Number.NaN, day: '' };

/**
 * The company's day a moment falls on, as YYYY-MM-DD (the reports' days, a person's reads of a day).
 * Every counted view of a careers page asks this for now: Intl's format was 5-6 µs of a page
 * answered from memory in about 60 (issue 52), so the last minute's day is kept. A day starts on a
 * whole minute in every time zone in use since 1972 (offsets are whole minutes since then).
 */
export function companyDay(at: Date | number): string {
  const time = typeof at === 'number' ? at : at.getTime();
  const minute = Math.floor(time / 60_000);
  if (minute === dayOfMinute.minute) return dayOfMinute.day;
  const day = dayFormat.format(at);
  if (time >= WHOLE_MINUTE_OFFSETS) dayOfMinute = { minute, day };
  return day;
}

/** A day (YYYY-MM-DD) moved by whole days (back, when negative); calendar days, so UTC arithmetic is exact. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The company's offset from UTC at a moment, in minutes, as Intl reads its time zone ("GMT-06:00"). */
function offsetAt(at: number): number {
  const name = timestampParts.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/**
 * The company's offset through each UTC day, or null for a day it changes (a change of summer
 * time): asking Intl for the parts of each moment took most of an export's time (50,000 rows,
 * hundreds of milliseconds at a stretch), and the offset is the same all day on all but two days a
 * year. A few hundred days are kept at most.
 */
const dayOffsets = new Map<number, number | null>();
const DAY = 86_400_000;

function offsetThrough(day: number): number | null {
  let offset = dayOffsets.get(day);
  if (offset === undefined) {
    const first = offsetAt(day * DAY);
    offset = first === offsetAt((day + 1) * DAY - 1) ? first : null;
    if (dayOffsets.size >= 1_000) dayOffsets.clear();
    dayOffsets.set(day, offset);
  }
  return offset;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * "2026-11-21T14:19:05-06:00": a moment in the company's time zone with its offset (ISO 8601), for
 * exports: what the screens show, and still one exact instant for a spreadsheet or a script.
 */
export function companyTimestamp(date: Date): string {
  const at = date.getTime();
  // On a day the offset changes, the offset at this moment itself.
  const offset = offsetThrough(Math.floor(at / DAY)) ?? offsetAt(at);
  // The wall clock is the instant moved by the offset, read as UTC.
  const local = new Date(at + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  return (
    `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}` +
    `T${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}` +
    `${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`
  );
}

/** "1 message", "3 messages". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** "$150,000 – $185,000 a year", "From $90,000 a year"; null without a range. */
export function formatSalaryRange(min: number | null, max: number | null, currency: string): string | null {
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 });
  if (min !== null && max !== null)
    return min === max ? `${money.format(min)} a year` : `${money.format(min)} – ${money.format(max)} a year`;
  if (min !== null) return `From ${money.format(min)} a year`;
  if (max !== null) return `Up to ${money.format(max)} a year`;
  return null;
}

/**
 * An instant in the reader's own time zone and language ("Nov 27, 2026, 4:19 PM"), in the browser
 * only: an island draws it after hydration (components/ui/local-time.tsx).
 */
export const localDateTime = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
