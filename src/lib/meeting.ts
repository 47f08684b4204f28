import { siteConfig } from './site-config.ts';

/**
 * "Book a Meeting" (spec section 2: a calendar event about 7 days ahead, lasting 30 minutes), as a
 * Google Calendar template link and as an .ics file with the same content. The start is the first
 * half hour inside business hours (Mon-Fri 9:00 AM-6:00 PM, the offices' time) on or after 7 days
 * from the click, and the company is a guest, so saving the event sends us an invitation
 * (DECISIONS.md: the page promises only what happens).
 */

export const MEETING_LEAD_DAYS = 7;
export const MEETING_MINUTES = 30;
/** The offices' zone (Texas): "CST" in the spec's business hours, and CDT in summer. */
export const BUSINESS_TIME_ZONE = 'America/Chicago';
const OPENS_AT_MINUTES = 9 * 60;
const CLOSES_AT_MINUTES = 18 * 60;

export const meetingTitle = `Free consultation with ${siteConfig.name}`;
export const meetingDescription = `A free 30-minute call with a ${siteConfig.name} engineer about your cloud, AI, DevOps or security project. Send this invitation to ${siteConfig.email}: we accept it or suggest another time by e-mail. Questions before then: ${siteConfig.phone.display}.`;
export const meetingLocation = 'Video call (link sent when we accept)';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface LocalTime {
  year: number;
  month: number;
  day: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  minutes: number;
}

const localParts = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  weekday: 'short',
});
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function inBusinessZone(date: Date): LocalTime {
  const parts = Object.fromEntries(localParts.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    year: Number(parts['year']),
    month: Number(parts['month']),
    day: Number(parts['day']),
    weekday: weekdays.indexOf(String(parts['weekday'])),
    minutes: Number(parts['hour']) * 60 + Number(parts['minute']),
  };
}

/** The instant a wall-clock time of a day in the offices' zone stands for (business hours never fall in a DST gap). */
function fromBusinessZone(year: number, month: number, day: number, minutes: number): Date {
  const asUtc = Date.UTC(year, month - 1, day, 0, minutes);
  const offset = (instant: number) => {
    const local = inBusinessZone(new Date(instant));
    return Date.UTC(local.year, local.month - 1, local.day, 0, local.minutes) - instant;
  };
  const first = asUtc - offset(asUtc);
  return new Date(asUtc - offset(first));
}

export function meetingWindow(now: Date): { start: Date; end: Date } {
  const earliest = new Date(Math.ceil((now.getTime() + MEETING_LEAD_DAYS * DAY) / MINUTE) * MINUTE);
  let local = inBusinessZone(earliest);
  let minutes = Math.max(OPENS_AT_MINUTES, Math.ceil(local.minutes / 30) * 30);
  // Until the whole half hour fits inside a weekday's hours: the next day's opening.
  while (local.weekday === 0 || local.weekday === 6 || minutes + MEETING_MINUTES > CLOSES_AT_MINUTES) {
    // Noon of the next day, read in the zone, is that day whatever a DST change does.
    local = inBusinessZone(new Date(fromBusinessZone(local.year, local.month, local.day, 12 * 60).getTime() + DAY));
    minutes = OPENS_AT_MINUTES;
  }
  const start = fromBusinessZone(local.year, local.month, local.day, minutes);
  return { start, end: new Date(start.getTime() + MEETING_MINUTES * MINUTE) };
}

/** 20261128T150000Z */
export function calendarStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function googleCalendarUrl(now: Date): string {
  const { start, end } = meetingWindow(now);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: meetingTitle,
    dates: `${calendarStamp(start)}/${calendarStamp(end)}`,
    details: meetingDescription,
    location: meetingLocation,
    // The company as a guest: saving the event invites us.
    add: siteConfig.email,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** RFC 5545 text: commas, semicolons and backslashes escaped, lines folded at 75 octets. */
function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/([,;])/g, '\\$1')
    .replace(/\n/g, '\\n');
}

function fold(line: string): string {
  const parts: string[] = [];
  for (let rest = line; rest.length > 0; rest = rest.slice(73)) parts.push(rest.slice(0, 73));
  return parts.join('\r\n ');
}

/**
 * The same event as a file for any calendar: the company is its guest, as in the Google link, so
 * the visitor's calendar can send us the invitation. No METHOD: it is an event to import, not an
 * invitation from us (which nobody has sent).
 */
export function meetingIcs(now: Date, uid: string): string {
  const { start, end } = meetingWindow(now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${siteConfig.name}//Website//EN`,
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${calendarStamp(now)}`,
    `DTSTART:${calendarStamp(start)}`,
    `DTEND:${calendarStamp(end)}`,
    `SUMMARY:${icsText(meetingTitle)}`,
    `DESCRIPTION:${icsText(meetingDescription)}`,
    `LOCATION:${icsText(meetingLocation)}`,
    `ATTENDEE;CN=${siteConfig.name};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${siteConfig.email}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
