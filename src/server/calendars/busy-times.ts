import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';

/**
 * The times a person's own calendar holds them (issue 53), read from an iCalendar file (a secret
 * link's feed, a CalDAV calendar's events) with ical.js: repeating events (RRULE, RDATE, EXDATE),
 * single instances moved or changed (RECURRENCE-ID), all-day events, and times in the file's own
 * zones (VTIMEZONE) or in IANA zones, across daylight-saving changes. Free (TRANSP:TRANSPARENT),
 * cancelled and declined events hold nobody. Only the start and end of each busy time leave
 * here: no title, place or attendee, which nobody booking a time needs to see or we to keep.
 */

export interface BusyTime {
  start: Date;
  end: Date;
}

export interface BusyWindow {
  /** Busy times overlapping [from, to) are kept. */
  from: Date;
  to: Date;
  /** The calendar owner's zone: an all-day event, or a time without a zone, is theirs. */
  timeZone: string;
  /** The owner's addresses: an event they declined as an attendee holds them not. */
  ownerEmails: readonly string[];
}

/**
 * A repeating event is followed this many times at most, from its first: a rule that repeats every
 * second since 1970 (a hostile or broken file) stops here instead of taking the process.
 */
export const OCCURRENCES_PER_EVENT = 5_000;
/** And this many busy times are kept of a whole calendar (about ten a working day for a year). */
export const BUSY_TIMES_PER_CALENDAR = 5_000;

export class CalendarFileError extends Error {
  override name = 'CalendarFileError';
}

const validZones = new Set(Intl.supportedValuesOf('timeZone'));
const isIanaZone = (zone: string) => validZones.has(zone) || zone === 'UTC' || zone === 'Etc/UTC';

/** The instant an iCalendar time stands for. */
function instantOf(time: ICAL.Time, window: BusyWindow): number {
  const wall = (zone: string) =>
    new TZDate(
      time.year,
      time.month - 1,
      time.day,
      time.isDate ? 0 : time.hour,
      time.isDate ? 0 : time.minute,
      time.isDate ? 0 : time.second,
      zone,
    ).getTime();
  // A date (an all-day event) is a day of the owner's.
  if (time.isDate) return wall(window.timeZone);
  const zone = time.zone;
  if (zone === ICAL.Timezone.utcTimezone) return time.toUnixTime() * 1000;
  const tzid = zone?.tzid ?? (time as unknown as { timezone?: string }).timezone;
  // An IANA name is read from the time-zone database, which knows its every change; a zone the
  // file defines under another name (Outlook's "W. Europe Standard Time") from its VTIMEZONE.
  if (tzid && isIanaZone(tzid)) return wall(tzid);
  if (zone && zone !== ICAL.Timezone.localTimezone && zone.component) return time.toUnixTime() * 1000;
  // Floating: the owner's wall clock.
  return wall(window.timeZone);
}

const declinedBy = (event: ICAL.Event, owners: ReadonlySet<string>) =>
  event.attendees.some((attendee) => {
    const address = String(attendee.getFirstValue() ?? '')
      .replace(/^mailto:/i, '')
      .toLowerCase();
    return owners.has(address) && String(attendee.getParameter('partstat') ?? '').toUpperCase() === 'DECLINED';
  });

/** Whether an event (or one instance of it) holds its owner. */
function holds(event: ICAL.Event, owners: ReadonlySet<string>): boolean {
  const component = event.component;
  if (String(component.getFirstPropertyValue('transp') ?? '').toUpperCase() === 'TRANSPARENT') return false;
  if (String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') return false;
  return !declinedBy(event, owners);
}

/** The end of an event that has none: a day for a date, its start for a time (RFC 5545 3.6.1). */
function endOf(start: ICAL.Time, end: ICAL.Time | null | undefined, duration: ICAL.Duration | null | undefined): ICAL.Time {
  if (end) return end;
  const fallback = start.clone();
  if (duration) fallback.addDuration(duration);
  else if (start.isDate) fallback.day += 1;
  return fallback;
}

/** Reads an iCalendar file's busy times in the window, sorted and merged where they touch. */
export function busyTimesFrom(text: string, window: BusyWindow): BusyTime[] {
  const notACalendar = () => new CalendarFileError('The calendar could not be read: it is not an iCalendar file.');
  let calendars: ICAL.Component[];
  try {
    const parsed: unknown = ICAL.parse(text);
    if (!Array.isArray(parsed) || typeof parsed[0] !== 'string') throw notACalendar();
    const root = new ICAL.Component(parsed as never);
    calendars = root.name === 'vcalendar' ? [root] : root.getAllSubcomponents('vcalendar');
  } catch {
    throw notACalendar();
  }
  if (calendars.length === 0) throw notACalendar();
  const from = window.from.getTime();
  const to = window.to.getTime();
  const owners = new Set(window.ownerEmails.map((address) => address.toLowerCase()));
  const found: Array<[number, number]> = [];
  const keep = (start: number, end: number) => {
    if (end > from && start < to && end > start) found.push([start, end]);
  };
  for (const calendar of calendars) {
    for (const zone of calendar.getAllSubcomponents('vtimezone')) {
      const timezone = new ICAL.Timezone(zone);
      if (timezone.tzid && !ICAL.TimezoneService.has(timezone.tzid)) ICAL.TimezoneService.register(timezone, timezone.tzid);
    }
    const events = calendar.getAllSubcomponents('vevent');
    // A repeating event's changed instances go with it, by UID.
    const changed = new Map<string, ICAL.Component[]>();
    for (const component of events)
      if (component.hasProperty('recurrence-id')) {
        const uid = String(component.getFirstPropertyValue('uid') ?? '');
        changed.set(uid, [...(changed.get(uid) ?? []), component]);
      }
    for (const component of events) {
      if (component.hasProperty('recurrence-id') || !component.hasProperty('dtstart')) continue;
      const uid = String(component.getFirstPropertyValue('uid') ?? '');
      const event = new ICAL.Event(component, { exceptions: changed.get(uid) ?? [], strictExceptions: false });
      if (!event.isRecurring()) {
        if (holds(event, owners))
          keep(instantOf(event.startDate, window), instantOf(endOf(event.startDate, event.endDate, event.duration), window));
        continue;
      }
      const iterator = event.iterator();
      for (let count = 0, next = iterator.next(); next && count < OCCURRENCES_PER_EVENT; next = iterator.next(), count += 1) {
        const occurrence = event.getOccurrenceDetails(next);
        const start = instantOf(occurrence.startDate, window);
        // In order of their first time: once one starts past the window, the rest do (a moved instance is judged where it went).
        if (instantOf(next, window) >= to && start >= to) break;
        if (holds(occurrence.item, owners)) keep(start, instantOf(occurrence.endDate, window));
      }
      // A changed instance moved into the window from a time the rule has not reached.
      for (const instance of changed.get(uid) ?? []) {
        const moved = new ICAL.Event(instance);
        const originally = instantOf(moved.recurrenceId, window);
        if (originally >= to && holds(moved, owners))
          keep(instantOf(moved.startDate, window), instantOf(endOf(moved.startDate, moved.endDate, moved.duration), window));
      }
    }
  }
  return merged(found).slice(0, BUSY_TIMES_PER_CALENDAR);
}

function merged(times: Array<[number, number]>): BusyTime[] {
  times.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Array<[number, number]> = [];
  for (const [start, end] of times) {
    const last = out.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out.map(([start, end]) => ({ start: new Date(start), end: new Date(end) }));
}
