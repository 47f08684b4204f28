import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, meetingIcs, meetingWindow } from './meeting';

const now = new Date('2026-11-21T17:42:31.500Z');

const startOf = (clickedAt: string) => meetingWindow(new Date(clickedAt)).start.toISOString();

describe('Book a Meeting', () => {
  it('starts at the first half hour inside business hours on or after 7 days from the click', () => {
    // Tuesday 24 Nov 2026, 7:10 PM Central: a week later is after closing, so Wednesday 9:00 AM (CST = UTC-6).
    expect(startOf('2026-11-25T01:10:00Z')).toBe('2026-12-02T15:00:00.000Z');
    // Friday 20 Nov, 4:05 PM Central: Friday 27 Nov at 4:30 PM, still inside the day's hours.
    expect(startOf('2026-11-20T22:05:00Z')).toBe('2026-11-27T22:30:00.000Z');
    // Friday 20 Nov, 5:45 PM Central: no half hour left before 6 PM, so Monday 30 Nov at 9:00 AM.
    expect(startOf('2026-11-20T23:45:00Z')).toBe('2026-11-30T15:00:00.000Z');
    // Sunday 22 Nov, 10:00 AM Central: Sunday 29 Nov is closed, so Monday 30 Nov at 9:00 AM.
    expect(startOf('2026-11-22T16:00:00Z')).toBe('2026-11-30T15:00:00.000Z');
    // Summer time (CDT = UTC-5): Wednesday 8 Jul, 8:10 AM Central → Wednesday 15 Jul at 9:00 AM.
    expect(startOf('2026-07-08T13:10:00Z')).toBe('2026-07-15T14:00:00.000Z');
    // Exactly on a half hour inside the day: that very time.
    expect(startOf('2026-11-24T16:30:00Z')).toBe('2026-12-01T16:30:00.000Z');
  });

  it('lasts 30 minutes', () => {
    const { start, end } = meetingWindow(now);
    expect(end.getTime() - start.getTime()).toBe(30 * 60_000);
    // Saturday 21 Nov → Saturday 28 Nov is closed → Monday 30 Nov, 9:00 AM Central.
    expect(start).toEqual(new Date('2026-11-30T15:00:00Z'));
  });

  it('links to a Google Calendar template with those dates, a title, a description and us as a guest', () => {
    const url = new URL(googleCalendarUrl(now));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('dates')).toBe('20261130T150000Z/20261130T153000Z');
    expect(url.searchParams.get('text')).toBe('Free consultation with Helixpoint');
    expect(url.searchParams.get('details')).toMatch(/free 30-minute call/);
    expect(url.searchParams.get('add')).toBe('hello@helixpoint.example');
  });

  it('offers the same event as an .ics file, with us as the guest', () => {
    const ics = meetingIcs(now, 'meeting-1@helixpoint');
    expect(ics).toContain('DTSTART:20261130T150000Z\r\n');
    expect(ics).toContain('DTEND:20261130T153000Z\r\n');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics.split('\r\n').every((line) => line.length <= 75)).toBe(true);
    expect(ics.replace(/\r\n /g, '')).toContain(
      'ATTENDEE;CN=Helixpoint;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:hello@helixpoint.example',
    );
    expect(ics).not.toContain('METHOD:');
  });
});
