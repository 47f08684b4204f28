import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, meetingIcs, meetingWindow } from './meeting';

const now = new Date('2026-11-21T17:42:31.500Z');

describe('Book a Meeting', () => {
  it('starts 7 days from now and lasts 30 minutes', () => {
    expect(meetingWindow(now)).toEqual({ start: new Date('2026-11-28T17:42:00Z'), end: new Date('2026-11-28T18:12:00Z') });
  });

  it('links to a Google Calendar template with those dates, a title and a description', () => {
    const url = new URL(googleCalendarUrl(now));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('dates')).toBe('20261128T174200Z/20261128T181200Z');
    expect(url.searchParams.get('text')).toBe('Free consultation with Helixpoint');
    expect(url.searchParams.get('details')).toMatch(/free 30-minute call/);
  });

  it('offers the same event as an .ics file', () => {
    const ics = meetingIcs(now, 'meeting-1@helixpoint');
    expect(ics).toContain('DTSTART:20261128T174200Z\r\n');
    expect(ics).toContain('DTEND:20261128T181200Z\r\n');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics.split('\r\n').every((line) => line.length <= 75)).toBe(true);
    expect(ics).toContain('LOCATION:Video call (link sent with the confirmation)');
  });
});
