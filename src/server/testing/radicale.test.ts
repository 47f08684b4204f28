import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { radicaleUnavailableReason, startRadicale, type TestCalDav } from './radicale';

/*
 * The Radicale harness itself (Debian's radicale, installed by the harness where it may be): a
 * calendar made, an event put and read back, and what the calendar code's discovery relies on,
 * that the server asks for credentials and names the user's principal at its root.
 */

const reason = radicaleUnavailableReason();
if (reason !== null) console.warn(`SKIPPED: the Radicale harness tests: ${reason}.`);

let caldav: TestCalDav;

beforeAll(async () => {
  if (reason !== null) return;
  caldav = await startRadicale();
}, 60_000);

afterAll(async () => {
  await caldav?.stop();
}, 30_000);

const ics = (uid: string, summary: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Helixpoint//Radicale harness test//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    'DTSTART:20260302T090000Z',
    'DTEND:20260302T100000Z',
    `SUMMARY:${summary}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe.skipIf(reason !== null)('the Radicale harness', () => {
  it('makes a calendar, and reads back the event put in it', async () => {
    const calendarUrl = await caldav.createCalendar('work', 'Work');
    expect(calendarUrl).toBe(`${caldav.homeUrl}work/`);
    expect(await caldav.events(calendarUrl)).toEqual([]);

    await caldav.putEvent(calendarUrl, 'interview-1.ics', ics('interview-1@helixpoint.test', 'Interview with Iris'));
    const events = await caldav.events(calendarUrl);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.href).toBe('/booker/work/interview-1.ics');
    expect(event!.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(event!.ics).toContain('UID:interview-1@helixpoint.test\r\n');
    expect(event!.ics).toContain('SUMMARY:Interview with Iris\r\n');

    // Replaced in place: same href, another ETag.
    await caldav.putEvent(calendarUrl, 'interview-1.ics', ics('interview-1@helixpoint.test', 'Interview moved'));
    const [moved] = await caldav.events(calendarUrl);
    expect(moved!.href).toBe(event!.href);
    expect(moved!.etag).not.toBe(event!.etag);
    expect(moved!.ics).toContain('SUMMARY:Interview moved\r\n');
  });

  it('asks for credentials, and refuses a wrong password', async () => {
    const anonymous = await fetch(caldav.homeUrl);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic /);
    await anonymous.arrayBuffer();

    const wrong = await fetch(caldav.homeUrl, { headers: { Authorization: basic(caldav.user, `${caldav.password}x`) } });
    expect(wrong.status).toBe(401);
    await wrong.arrayBuffer();
  });

  it("names the user's principal at the root, where discovery starts", async () => {
    const response = await fetch(caldav.url, {
      method: 'PROPFIND',
      headers: { Authorization: basic(caldav.user, caldav.password), Depth: '0', 'Content-Type': 'application/xml; charset=utf-8' },
      body: '<?xml version="1.0" encoding="utf-8"?><propfind xmlns="DAV:"><prop><current-user-principal/></prop></propfind>',
    });
    expect(response.status).toBe(207);
    const body = await response.text();
    expect(body).toMatch(/<current-user-principal><href>\/booker\/<\/href><\/current-user-principal>/);
  });
});
