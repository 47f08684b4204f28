import { TZDate } from '@date-fns/tz';
import { SLOT_STEP_MINUTES, type WorkingInterval } from '../../lib/scheduling/hours.ts';

/**
 * Free times (issue 31): a person's working hours in their own zone, minus days off, minus what
 * already holds them (each hold is a booking plus the buffer after it), past the minimum notice,
 * under the daily cap, on the quarter hour. Pure: the database gives the holds, this gives the
 * times; the booking itself is then refused by the database's exclusion constraint if it overlaps.
 * Wall-clock hours are built in the person's zone for each day, so a daylight-saving change (US
 * and EU on different dates) keeps 9:00 at 9:00.
 */

const MINUTE = 60_000;

export interface Hold {
  start: Date;
  /** The end of the booking plus the host's buffer after it. */
  end: Date;
}

export interface HostCalendar {
  userId: string;
  timeZone: string;
  weeklyHours: readonly WorkingInterval[];
  /** Days they cannot be booked, as YYYY-MM-DD in their zone. */
  daysOff: ReadonlySet<string>;
  bufferMinutes: number;
  noticeMinutes: number;
  /** At most this many bookings on one of their days; null: no cap. */
  dailyCap: number | null;
  holds: readonly Hold[];
  /**
   * What their own calendars hold them for (issue 53): no time overlapping these is offered, but
   * they are not bookings, so they do not count towards the daily cap.
   */
  busy?: readonly Hold[];
}

export interface SlotRequest {
  durationMinutes: number;
  /** Start times from here (inclusive)... */
  from: Date;
  /** ...to here (exclusive). */
  to: Date;
  now: Date;
  stepMinutes?: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const clockParts = (clock: string) => clock.split(':').map(Number) as [number, number];

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
export function dayIn(instant: Date | number, timeZone: string): string {
  const local = new TZDate(typeof instant === 'number' ? instant : instant.getTime(), timeZone);
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** The instant of a wall-clock time on a calendar day in a zone. */
export function wallClock(day: string, clock: string, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = clockParts(clock);
  return new TZDate(year, month - 1, date, hours, minutes, timeZone).getTime();
}

/** Each calendar day from one to another (both YYYY-MM-DD), with its ISO weekday. */
function* days(first: string, last: string): Generator<{ day: string; weekday: number }> {
  const [y, m, d] = first.split('-').map(Number) as [number, number, number];
  for (let cursor = Date.UTC(y, m - 1, d); ; cursor += 86_400_000) {
    const at = new Date(cursor);
    const day = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
    if (day > last) return;
    yield { day, weekday: ((at.getUTCDay() + 6) % 7) + 1 };
  }
}

/** The start times (epoch ms) at which one person is free for the whole meeting and its buffer. */
export function freeTimesOf(host: HostCalendar, request: SlotRequest): number[] {
  const step = (request.stepMinutes ?? SLOT_STEP_MINUTES) * MINUTE;
  const duration = request.durationMinutes * MINUTE;
  const held = duration + host.bufferMinutes * MINUTE;
  const earliest = Math.max(request.from.getTime(), request.now.getTime() + host.noticeMinutes * MINUTE);
  const latest = request.to.getTime();
  if (earliest >= latest) return [];
  const bookings = host.holds.map((hold) => hold.start.getTime());
  const holds = [...host.holds, ...(host.busy ?? [])]
    .map((hold) => [hold.start.getTime(), hold.end.getTime()] as const)
    .sort((a, b) => a[0] - b[0]);
  const free: number[] = [];
  let next = 0;
  for (const { day, weekday } of days(dayIn(earliest, host.timeZone), dayIn(latest, host.timeZone))) {
    if (host.daysOff.has(day)) continue;
    const intervals = host.weeklyHours.filter((interval) => interval.day === weekday).sort((a, b) => a.start.localeCompare(b.start));
    if (intervals.length === 0) continue;
    if (host.dailyCap !== null) {
      const dayStart = wallClock(day, '00:00', host.timeZone);
      const nextDay = dayStart + 36 * 3_600_000; // any instant of the next day, then its midnight
      const dayEnd = wallClock(dayIn(nextDay, host.timeZone), '00:00', host.timeZone);
      if (bookings.filter((start) => start >= dayStart && start < dayEnd).length >= host.dailyCap) continue;
    }
    for (const interval of intervals) {
      const end = wallClock(day, interval.end, host.timeZone);
      for (let start = wallClock(day, interval.start, host.timeZone); start + duration <= end; start += step) {
        if (start < earliest || start >= latest) continue;
        // Starts only grow (days in order, a day's intervals in order), so the holds over before
        // this start are skipped once; of the rest, sorted by start, only the first can reach into it.
        while (next < holds.length && holds[next]![1] <= start) next += 1;
        // The same test as the exclusion constraint: [start, start + meeting + buffer) overlaps no hold.
        if (next < holds.length && holds[next]![0] < start + held) continue;
        free.push(start);
      }
    }
  }
  return free;
}

export interface FreeTime {
  start: Date;
  /** Who is free then (everyone asked, when all must attend). */
  hosts: string[];
}

/**
 * The free times of several people: `any` (Book a Meeting: one of them takes it) lists a time
 * when at least one is free, with who; `all` (an interview panel: N of N) only when every one is.
 */
export function freeTimes(hosts: readonly HostCalendar[], request: SlotRequest, mode: 'any' | 'all'): FreeTime[] {
  const byStart = new Map<number, string[]>();
  for (const host of hosts) {
    for (const start of freeTimesOf(host, request)) {
      const free = byStart.get(start);
      if (free) free.push(host.userId);
      else byStart.set(start, [host.userId]);
    }
  }
  return [...byStart.entries()]
    .filter(([, free]) => free.length > 0 && (mode === 'any' || free.length === hosts.length))
    .sort((a, b) => a[0] - b[0])
    .map(([start, free]) => ({ start: new Date(start), hosts: free }));
}
