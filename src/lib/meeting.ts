import { siteConfig } from './site-config.ts';

/**
 * "Book a Meeting" (spec section 2): a calendar event starting 7 days from now and lasting 30
 * minutes, as a Google Calendar template link and as an .ics file with the same content.
 */

export const MEETING_LEAD_DAYS = 7;
export const MEETING_MINUTES = 30;

export const meetingTitle = `Free consultation with ${siteConfig.name}`;
export const meetingDescription = `A free 30-minute call with a ${siteConfig.name} engineer about your cloud, AI, DevOps or security project. We will confirm the time by e-mail or suggest another one. Questions before then: ${siteConfig.email}, ${siteConfig.phone.display}.`;
export const meetingLocation = 'Video call (link sent with the confirmation)';

export function meetingWindow(now: Date): { start: Date; end: Date } {
  const start = new Date(now.getTime() + MEETING_LEAD_DAYS * 24 * 60 * 60 * 1000);
  start.setUTCSeconds(0, 0);
  return { start, end: new Date(start.getTime() + MEETING_MINUTES * 60 * 1000) };
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

export function meetingIcs(now: Date, uid: string): string {
  const { start, end } = meetingWindow(now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${siteConfig.name}//Website//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${calendarStamp(now)}`,
    `DTSTART:${calendarStamp(start)}`,
    `DTEND:${calendarStamp(end)}`,
    `SUMMARY:${icsText(meetingTitle)}`,
    `DESCRIPTION:${icsText(meetingDescription)}`,
    `LOCATION:${icsText(meetingLocation)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
