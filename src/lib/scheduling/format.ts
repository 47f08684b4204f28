import { COMPANY_TIME_ZONE } from '../format.ts';

/**
 * Times of bookings as people read them: always with their zone ("Tuesday, December 1, 9:00 AM
 * CST"), in the zone the person chose, the company's when they chose none (issue 31).
 */

/** Whether a zone name is one the runtime knows (a visitor's choice, an address parameter). */
export function isTimeZone(value: string | null | undefined): value is string {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The visitor's zone when it is a real one, the company's otherwise. */
export const zoneOrCompany = (value: string | null | undefined): string => (isTimeZone(value) ? value : COMPANY_TIME_ZONE);

const formats = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat; full: Intl.DateTimeFormat }>();
function formatsFor(timeZone: string) {
  let found = formats.get(timeZone);
  if (!found) {
    found = {
      day: new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone }),
      time: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }),
      full: new Intl.DateTimeFormat('en-US', {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
        timeZoneName: 'short',
      }),
    };
    formats.set(timeZone, found);
  }
  return found;
}

/** "Tuesday, December 1" in a zone. */
export const dayLabel = (at: Date, timeZone: string) => formatsFor(timeZone).day.format(at);
/** "9:00 AM" in a zone (the page names the zone once above the times). */
export const timeLabel = (at: Date, timeZone: string) => formatsFor(timeZone).time.format(at);
/** "Tuesday, December 1, 2026 at 9:00 AM CST": a booking's time in a sentence or an e-mail. */
export const whenLabel = (at: Date, timeZone: string) => formatsFor(timeZone).full.format(at);

/** The day (YYYY-MM-DD) of an instant in a zone, for grouping times by day. */
export function dayKey(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** "Central Time (America/Chicago)"-like label for a zone select: the zone's name and its offset now. */
export function zoneLabel(timeZone: string, now = new Date()): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(now)
    .find((part) => part.type === 'timeZoneName')?.value;
  return name && name !== timeZone ? `${name} (${timeZone.replaceAll('_', ' ')})` : timeZone.replaceAll('_', ' ');
}
