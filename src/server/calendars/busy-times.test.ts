import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { busyTimesFrom, CalendarFileError, OCCURRENCE_STEPS_PER_CALENDAR, type BusyWindow } from './busy-times';

/** A recruiter's calendar in Chicago, as Google and Outlook write them (fixtures/team.ics). */
const team = readFileSync(new URL('./fixtures/team.ics', import.meta.url), 'utf8');
const chicago = (from: string, to: string): BusyWindow => ({
  from: new Date(from),
  to: new Date(to),
  timeZone: 'America/Chicago',
  ownerEmails: ['rita@helixpoint.example'],
});
const iso = (times: Array<{ start: Date; end: Date }>) => times.map(({ start, end }) => `${start.toISOString()} ${end.toISOString()}`);

describe("a calendar's busy times", () => {
  it("leaves out this site's own bookings (their copy, an accepted invitation): the booking holds that time already", () => {
    const event = (uid: string, start: string, end: string) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTAMP:20261101T000000Z',
      `DTSTART:${start}`,
      `DTEND:${end}`,
      'END:VEVENT',
    ];
    const file = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      ...event('5f0c7c8e-1f7a-4b53-9d0e-2b1c2f0d9a11@helixpoint', '20261201T150000Z', '20261201T153000Z'),
      ...event('dentist@calendar.example', '20261201T170000Z', '20261201T180000Z'),
      'END:VCALENDAR',
    ].join('\r\n');
    expect(iso(busyTimesFrom(file, chicago('2026-12-01T00:00:00Z', '2026-12-02T00:00:00Z')))).toEqual([
      '2026-12-01T17:00:00.000Z 2026-12-01T18:00:00.000Z',
    ]);
  });

  it('follows a weekly event in its zone across the March changes, with an instance left out, one moved and one cancelled', () => {
    const busy = iso(busyTimesFrom(team, chicago('2026-03-02T00:00:00Z', '2026-04-05T00:00:00Z')));
    // Chicago's 10:00 is 16:00Z in standard time (to March 8) and 15:00Z after; the 17th is left
    // out (EXDATE), the 24th moved to Wednesday 15:00 (20:00Z), the 31st cancelled. Berlin's 9:00
    // (from March 16) is 08:00Z until Europe changes on March 29, then 07:00Z.
    expect(busy).toEqual([
      '2026-03-03T16:00:00.000Z 2026-03-03T17:00:00.000Z',
      '2026-03-10T15:00:00.000Z 2026-03-10T16:00:00.000Z',
      '2026-03-11T05:00:00.000Z 2026-03-12T05:00:00.000Z',
      '2026-03-12T18:00:00.000Z 2026-03-12T19:00:00.000Z',
      '2026-03-13T17:00:00.000Z 2026-03-13T18:00:00.000Z',
      '2026-03-16T08:00:00.000Z 2026-03-16T08:30:00.000Z',
      '2026-03-23T08:00:00.000Z 2026-03-23T08:30:00.000Z',
      '2026-03-25T20:00:00.000Z 2026-03-25T21:00:00.000Z',
      '2026-03-30T07:00:00.000Z 2026-03-30T07:30:00.000Z',
    ]);
  });

  it('follows them across the October and November changes, and reads a zone the file names in its own words', () => {
    const busy = iso(busyTimesFrom(team, chicago('2026-10-19T00:00:00Z', '2026-11-04T00:00:00Z')));
    expect(busy).toEqual([
      // Berlin in summer time (07:00Z), Chicago in daylight time (15:00Z)...
      '2026-10-19T07:00:00.000Z 2026-10-19T07:30:00.000Z',
      '2026-10-20T15:00:00.000Z 2026-10-20T16:00:00.000Z',
      // ...Berlin after its change on October 25 (08:00Z), and Outlook's "W. Europe Standard Time" 14:00 the same day...
      '2026-10-26T08:00:00.000Z 2026-10-26T08:30:00.000Z',
      '2026-10-26T13:00:00.000Z 2026-10-26T14:00:00.000Z',
      // ...Chicago still in daylight time on the 27th, in standard time after November 1.
      '2026-10-27T15:00:00.000Z 2026-10-27T16:00:00.000Z',
      '2026-11-02T08:00:00.000Z 2026-11-02T08:30:00.000Z',
      '2026-11-03T16:00:00.000Z 2026-11-03T17:00:00.000Z',
    ]);
  });

  it('holds the whole of an all-day day and a time without a zone in the owner’s zone; not a free, cancelled or declined one', () => {
    const busy = iso(busyTimesFrom(team, chicago('2026-03-11T00:00:00Z', '2026-03-14T00:00:00Z')));
    expect(busy).toEqual([
      // The offsite: March 11 from midnight to midnight in Chicago (CDT, -5).
      '2026-03-11T05:00:00.000Z 2026-03-12T05:00:00.000Z',
      // The dentist; the focus time before it is free (TRANSP:TRANSPARENT).
      '2026-03-12T18:00:00.000Z 2026-03-12T19:00:00.000Z',
      // Lunch at 12:00 without a zone: Chicago's. The all-hands Rita declined holds nothing.
      '2026-03-13T17:00:00.000Z 2026-03-13T18:00:00.000Z',
    ]);
  });

  it('merges times that overlap or touch, and keeps only those in the window', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      ...[
        ['a', '20260601T150000Z', '20260601T160000Z'],
        ['b', '20260601T153000Z', '20260601T170000Z'],
        ['c', '20260601T170000Z', '20260601T173000Z'],
        ['d', '20260601T190000Z', '20260601T200000Z'],
        ['e', '20260701T190000Z', '20260701T200000Z'],
      ].flatMap(([uid, start, end]) => ['BEGIN:VEVENT', `UID:${uid}`, `DTSTART:${start}`, `DTEND:${end}`, 'END:VEVENT']),
      'END:VCALENDAR',
    ].join('\r\n');
    expect(iso(busyTimesFrom(ics, chicago('2026-06-01T00:00:00Z', '2026-06-02T00:00:00Z')))).toEqual([
      '2026-06-01T15:00:00.000Z 2026-06-01T17:30:00.000Z',
      '2026-06-01T19:00:00.000Z 2026-06-01T20:00:00.000Z',
    ]);
  });

  it('follows a daily or weekly rule without a count from just before the window, however long ago it began', () => {
    // Six weekday meetings since 1990 without an end: 56,000 instances from their starts, more than
    // a calendar's budget; followed from just before June 2026, a few dozen.
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      ...[8, 9, 10, 11, 13, 14].flatMap((hour) => [
        'BEGIN:VEVENT',
        `UID:since-1990-${hour}`,
        `DTSTART;TZID=America/Chicago:19900101T${String(hour).padStart(2, '0')}0000`,
        `DTEND;TZID=America/Chicago:19900101T${String(hour).padStart(2, '0')}3000`,
        hour === 8 ? 'RRULE:FREQ=DAILY;INTERVAL=2' : 'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
        'END:VEVENT',
      ]),
      'END:VCALENDAR',
    ].join('\r\n');
    const busy = iso(busyTimesFrom(ics, chicago('2026-06-01T05:00:00Z', '2026-06-06T05:00:00Z')));
    // Monday to Friday, June 1-5, 2026 (CDT): five of each weekday meeting, and the every-other-day
    // one (January 1, 1990 + 2n days) on June 1, 3 and 5.
    expect(busy).toHaveLength(5 * 5 + 3);
    expect(busy[0]).toBe('2026-06-01T13:00:00.000Z 2026-06-01T13:30:00.000Z');
    expect(busy.at(-1)).toBe('2026-06-05T19:00:00.000Z 2026-06-05T19:30:00.000Z');
  });

  it('stops a rule that repeats every second since 1970, and refuses what is not a calendar', () => {
    const hostile = readFileSync(new URL('./fixtures/every-second.ics', import.meta.url), 'utf8');
    const started = performance.now();
    // Never reaches 2026: followed OCCURRENCE_STEPS_PER_CALENDAR times, then the read fails.
    expect(() => busyTimesFrom(hostile, chicago('2026-06-01T00:00:00Z', '2026-06-02T00:00:00Z'))).toThrow(
      new CalendarFileError('The calendar could not be read: its repeating events go on too long to follow.'),
    );
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(OCCURRENCE_STEPS_PER_CALENDAR).toBe(50_000);
    for (const text of ['<html>Sign in to Google</html>', '', 'BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD'])
      expect(() => busyTimesFrom(text, chicago('2026-06-01T00:00:00Z', '2026-06-02T00:00:00Z'))).toThrow(
        new CalendarFileError('The calendar could not be read: it is not an iCalendar file.'),
      );
  });
});
