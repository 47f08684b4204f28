import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import { isOurBookingUid } from '../../lib/scheduling/booking-uid.ts';

/**
 * The times a person's own calendar holds them (issue 53), read from an iCalendar file (a secret
 * link's feed, a CalDAV calendar's events) with ical.js: repeating events (RRULE, RDATE, EXDATE),
 * single instances moved or changed (RECURRENCE-ID), all-day events, and times in the file's own
 * zones (VTIMEZONE) or in IANA zones, across daylight-saving changes. Free (TRANSP:TRANSPARENT),
 * cancelled and declined events hold nobody, nor does this site's own booking (its UID). Only the start and end of each busy time leave
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

export class CalendarFileError extends Error {
  override name = 'CalendarFileError';
}

/**
 * The instances of a calendar's repeating events followed at most, from each one's first, before
 * the read fails: a rule that repeats every second since 1970 (a hostile or broken file) stops
 * here instead of taking the reader's process (about 1 s). A daily rule with a count of ten years
 * is 3,650; one without a count is followed from just before the window (fastForwarded).
 */
export const OCCURRENCE_STEPS_PER_CALENDAR = 50_000;
const DAY = 86_400_000;
const tooManyRepeats = () => new CalendarFileError('The calendar could not be read: its repeating events go on too long to follow.');
/** And this many busy times are kept of a whole calendar (about ten a working day for a year). */
export const BUSY_TIMES_PER_CALENDAR = 5_000;

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
  // A booking of ours (its copy, its invitation, the feed): the booking holds that time already.
  if (isOurBookingUid(String(component.getFirstPropertyValue('uid') ?? ''))) return false;
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

/**
 * Where a repeating event's instances are followed from: its first, or for a daily or weekly rule
 * without a count, the same weekday and wall-clock time a whole number of its periods later, just
 * before `target`. ical.js follows a rule from its start one instance at a time (about 40 µs each
 * here): a weekday meeting since 2016 was 2,850 steps to reach this month, 20 of them 2.6 s.
 * A count (COUNT=10) numbers instances from the first, so such a rule is followed from it.
 */
function fastForwarded(event: ICAL.Event, target: number): ICAL.Time {
  const start = event.startDate;
  const rules = event.component.getAllProperties('rrule');
  if (rules.length !== 1) return start;
  const rule = rules[0]!.getFirstValue() as ICAL.Recur;
  const periodDays = rule.freq === 'DAILY' ? rule.interval : rule.freq === 'WEEKLY' ? 7 * rule.interval : 0;
  if (!periodDays || rule.count) return start;
  // One period short of the target: the instances of the period it falls in are all followed.
  const periods = Math.floor((target - start.toUnixTime() * 1000) / (periodDays * DAY)) - 1;
  if (periods <= 0) return start;
  const later = start.clone();
  later.adjust(periods * periodDays, 0, 0, 0);
  return later;
}

/**
 * Reads an iCalendar file's busy times in the window, sorted and merged where they touch; or a
 * CalDAV calendar's, one file per event (its changed instances in the same file, as CalDAV has it).
 */
export function busyTimesFrom(text: string | readonly string[], window: BusyWindow): BusyTime[] {
  const notACalendar = () => new CalendarFileError('The calendar could not be read: it is not an iCalendar file.');
  const calendars: ICAL.Component[] = [];
  for (const file of typeof text === 'string' ? [text] : text) {
    try {
      const parsed: unknown = ICAL.parse(file);
      if (!Array.isArray(parsed) || typeof parsed[0] !== 'string') throw notACalendar();
      const root = new ICAL.Component(parsed as never);
      calendars.push(...(root.name === 'vcalendar' ? [root] : root.getAllSubcomponents('vcalendar')));
    } catch {
      throw notACalendar();
    }
  }
  // A CalDAV calendar with no event in the window is no calendar file, and holds nobody.
  if (calendars.length === 0 && typeof text === 'string') throw notACalendar();
  const from = window.from.getTime();
  const to = window.to.getTime();
  const owners = new Set(window.ownerEmails.map((address) => address.toLowerCase()));
  const found: Array<[number, number]> = [];
  let steps = 0;
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
      // The rule's own instances, cheaply up to the window: its time as the rule gives it, two days'
      // margin for zones and floating times, the event's length for one that reaches into it. The
      // instances changed (moved, cancelled) are judged below, where they went.
      const length = (event.duration?.toSeconds() ?? 0) * 1000;
      // The instances changed, by the time they had (their RECURRENCE-ID, in whatever zone it is written).
      const changedAt = new Set(
        (changed.get(uid) ?? []).map((instance) => instantOf(instance.getFirstPropertyValue('recurrence-id') as ICAL.Time, window)),
      );
      const iterator = event.iterator(fastForwarded(event, from - 2 * DAY - length));
      for (let next = iterator.next(); next; next = iterator.next()) {
        if ((steps += 1) > OCCURRENCE_STEPS_PER_CALENDAR) throw tooManyRepeats();
        const roughly = next.toUnixTime() * 1000;
        if (roughly + length < from - 2 * DAY) continue;
        if (roughly >= to + 2 * DAY) break;
        const start = instantOf(next, window);
        if (start >= to) break;
        if (changedAt.has(start)) continue;
        if (holds(event, owners)) keep(start, instantOf(endOf(next, null, event.duration), window));
      }
      for (const instance of changed.get(uid) ?? []) {
        const moved = new ICAL.Event(instance);
        if (holds(moved, owners))
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
