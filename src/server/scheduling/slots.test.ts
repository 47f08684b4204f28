import { describe, expect, it } from 'vitest';
import { COMPANY_HOURS, DEFAULT_BUFFER_MINUTES, DEFAULT_NOTICE_MINUTES } from '@/lib/scheduling/hours';
import { dayIn, freeTimes, freeTimesOf, wallClock, type HostCalendar } from './slots';

/* Free times: zones, daylight-saving weeks, buffers, caps, notice, days off. */

const host = (changes: Partial<HostCalendar> = {}): HostCalendar => ({
  userId: 'sam',
  timeZone: 'America/Chicago',
  weeklyHours: COMPANY_HOURS,
  daysOff: new Set(),
  bufferMinutes: DEFAULT_BUFFER_MINUTES,
  noticeMinutes: DEFAULT_NOTICE_MINUTES,
  dailyCap: null,
  holds: [],
  ...changes,
});

const iso = (ms: number) => new Date(ms).toISOString();
/** A week from Sunday 2026-11-29 (Central time), asked long before it. */
const week = {
  durationMinutes: 30,
  from: new Date('2026-11-29T06:00:00Z'),
  to: new Date('2026-12-06T06:00:00Z'),
  now: new Date('2026-11-01T00:00:00Z'),
};
const onDay = (times: number[], day: string, zone = 'America/Chicago') => times.filter((time) => dayIn(time, zone) === day);

describe('one person’s free times', () => {
  it('are their working hours on the quarter hour, Monday to Friday, in their zone', () => {
    const times = freeTimesOf(host(), week);
    const monday = onDay(times, '2026-11-30');
    // 9:00 to 17:30 (the last start that ends by 18:00): 35 quarter hours.
    expect(monday).toHaveLength(35);
    expect(iso(monday[0]!)).toBe('2026-11-30T15:00:00.000Z');
    expect(iso(monday.at(-1)!)).toBe('2026-11-30T23:30:00.000Z');
    expect(onDay(times, '2026-11-29')).toEqual([]);
    expect(onDay(times, '2026-12-05')).toEqual([]);
    expect(times).toHaveLength(35 * 5);
  });

  it('start after the minimum notice', () => {
    const now = new Date('2026-11-30T16:07:00Z'); // Monday 10:07 in Chicago
    const times = freeTimesOf(host(), { ...week, now });
    expect(iso(times[0]!)).toBe('2026-12-01T16:15:00.000Z'); // Tuesday 10:15, 24 hours on, on the quarter hour
    expect(freeTimesOf(host({ noticeMinutes: 0 }), { ...week, now }).map(iso)[0]).toBe('2026-11-30T16:15:00.000Z');
  });

  it('keep clear of what holds them, and of the buffer after each meeting (theirs and the new one)', () => {
    // Held Monday 10:00-10:30 plus a 10-minute buffer.
    const holds = [{ start: new Date('2026-11-30T16:00:00Z'), end: new Date('2026-11-30T16:40:00Z') }];
    const monday = onDay(freeTimesOf(host({ holds }), week), '2026-11-30').map(iso);
    // 9:15 ends 9:45, plus its buffer 9:55: clear. 9:30 would run into 10:00 with its buffer.
    expect(monday).toContain('2026-11-30T15:15:00.000Z');
    for (const taken of ['15:30', '15:45', '16:00', '16:15', '16:30']) expect(monday).not.toContain(`2026-11-30T${taken}:00.000Z`);
    expect(monday).toContain('2026-11-30T16:45:00.000Z');
    // Without a buffer, 9:30 fits right before.
    expect(onDay(freeTimesOf(host({ holds, bufferMinutes: 0 }), week), '2026-11-30').map(iso)).toContain('2026-11-30T15:30:00.000Z');
  });

  it('skip days off and days at the cap', () => {
    const holds = [
      { start: new Date('2026-12-01T15:00:00Z'), end: new Date('2026-12-01T15:40:00Z') },
      { start: new Date('2026-12-01T20:00:00Z'), end: new Date('2026-12-01T20:40:00Z') },
    ];
    const times = freeTimesOf(host({ holds, dailyCap: 2, daysOff: new Set(['2026-12-02']) }), week);
    expect(onDay(times, '2026-11-30')).toHaveLength(35);
    expect(onDay(times, '2026-12-01')).toEqual([]); // two bookings: the cap
    expect(onDay(times, '2026-12-02')).toEqual([]); // a day off
    expect(onDay(times, '2026-12-03')).toHaveLength(35);
  });

  it('keep wall-clock hours across the US change to daylight time', () => {
    const request = {
      ...week,
      from: new Date('2026-03-06T00:00:00Z'),
      to: new Date('2026-03-10T06:00:00Z'),
      now: new Date('2026-01-01T00:00:00Z'),
    };
    const times = freeTimesOf(host(), request);
    expect(iso(onDay(times, '2026-03-06')[0]!)).toBe('2026-03-06T15:00:00.000Z'); // Friday 9:00 CST (-6)
    expect(iso(onDay(times, '2026-03-09')[0]!)).toBe('2026-03-09T14:00:00.000Z'); // Monday 9:00 CDT (-5)
    expect(onDay(times, '2026-03-09')).toHaveLength(35);
  });

  it('keep wall-clock hours in Berlin, which changes three weeks after the US', () => {
    const berlin = host({ userId: 'bea', timeZone: 'Europe/Berlin' });
    const request = {
      ...week,
      from: new Date('2026-03-26T00:00:00Z'),
      to: new Date('2026-04-01T00:00:00Z'),
      now: new Date('2026-01-01T00:00:00Z'),
    };
    const times = freeTimesOf(berlin, request);
    expect(iso(onDay(times, '2026-03-27', 'Europe/Berlin')[0]!)).toBe('2026-03-27T08:00:00.000Z'); // 9:00 CET
    expect(iso(onDay(times, '2026-03-30', 'Europe/Berlin')[0]!)).toBe('2026-03-30T07:00:00.000Z'); // 9:00 CEST
  });
});

describe('several people’s free times', () => {
  const chicago = host({ userId: 'sam' });
  const berlin = host({ userId: 'bea', timeZone: 'Europe/Berlin' });

  it('for an interview panel are the times when all are free: the overlap moves with the two changes of clock', () => {
    const request = {
      durationMinutes: 60,
      from: new Date('2026-03-16T00:00:00Z'),
      to: new Date('2026-04-04T00:00:00Z'),
      now: new Date('2026-01-01T00:00:00Z'),
    };
    const panel = freeTimes([chicago, berlin], request, 'all');
    const onUtcDay = (day: string) =>
      panel.filter((time) => time.start.toISOString().startsWith(day)).map((time) => time.start.toISOString().slice(11, 16));
    // Mid-March: Chicago is on daylight time, Berlin not yet: 14:00-17:00 UTC in common.
    expect(onUtcDay('2026-03-17')).toEqual(['14:00', '14:15', '14:30', '14:45', '15:00', '15:15', '15:30', '15:45', '16:00']);
    // After Berlin's change: 14:00-16:00 UTC.
    expect(onUtcDay('2026-03-31')).toEqual(['14:00', '14:15', '14:30', '14:45', '15:00']);
    expect(panel.every((time) => time.hosts.length === 2)).toBe(true);
  });

  it('for Book a Meeting are the times when anyone is free, with who', () => {
    const busySam = host({ userId: 'sam', holds: [{ start: new Date('2026-11-30T15:00:00Z'), end: new Date('2026-11-30T23:59:00Z') }] });
    const other = host({ userId: 'sid' });
    const times = freeTimes([busySam, other], week, 'any');
    const monday = times.find((time) => time.start.toISOString() === '2026-11-30T16:00:00.000Z');
    expect(monday?.hosts).toEqual(['sid']);
    const tuesday = times.find((time) => time.start.toISOString() === '2026-12-01T16:00:00.000Z');
    expect(tuesday?.hosts).toEqual(['sam', 'sid']);
  });

  it('a wall-clock time is built in the zone', () => {
    expect(iso(wallClock('2026-11-30', '09:00', 'America/Chicago'))).toBe('2026-11-30T15:00:00.000Z');
    expect(iso(wallClock('2026-07-01', '09:00', 'America/Chicago'))).toBe('2026-07-01T14:00:00.000Z');
  });
});
