import { describe, expect, it } from 'vitest';
import { calendarDataOf, calendarsOf, eventOfUid, hrefIn, multistatusOf } from './caldav-xml';

describe("CalDAV's XML", () => {
  it('reads a multistatus whatever prefixes the server gives the namespaces, and only what was found', () => {
    const xml = `<?xml version="1.0"?>
<D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:response><D:href>/dav/calendars/rita/</D:href>
    <D:propstat><D:prop><D:resourcetype><D:collection/></D:resourcetype></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>
  </D:response>
  <D:response><D:href>/dav/calendars/rita/work/</D:href>
    <D:propstat><D:prop><D:resourcetype><D:collection/><C:calendar/></D:resourcetype><D:displayname>Work &amp; travel</D:displayname>
      <C:supported-calendar-component-set><C:comp name="VEVENT"/><C:comp name="VTODO"/></C:supported-calendar-component-set></D:prop>
      <D:status>HTTP/1.1 200 OK</D:status></D:propstat>
  </D:response>
  <D:response><D:href>/dav/calendars/rita/tasks/</D:href>
    <D:propstat><D:prop><D:resourcetype><D:collection/><C:calendar/></D:resourcetype><D:displayname>Tasks</D:displayname>
      <C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set></D:prop>
      <D:status>HTTP/1.1 200 OK</D:status></D:propstat>
  </D:response>
  <D:response><D:href>/dav/calendars/rita/plain/</D:href>
    <D:propstat><D:prop><D:resourcetype><D:collection/><C:calendar/></D:resourcetype></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>
    <D:propstat><D:prop><D:displayname/></D:prop><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat>
  </D:response>
</D:multistatus>`;
    expect(calendarsOf(multistatusOf(xml))).toEqual([
      { href: '/dav/calendars/rita/work/', name: 'Work & travel' },
      { href: '/dav/calendars/rita/plain/', name: '' },
    ]);
    const principal = multistatusOf(
      `<multistatus xmlns="DAV:"><response><href>/</href><propstat><prop><current-user-principal><href>/rita/</href></current-user-principal></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>`,
    );
    expect(hrefIn(principal[0]!.props, 'current-user-principal')).toBe('/rita/');
  });

  it("gives each event's iCalendar text, its line ends as the server escaped them", () => {
    const xml = `<d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav"><d:response><d:href>/c/a.ics</d:href>
<d:propstat><d:prop><d:getetag>"1"</d:getetag><cal:calendar-data>BEGIN:VCALENDAR&#13;
BEGIN:VEVENT&#13;
SUMMARY:Lunch &lt;team&gt;&#13;
END:VEVENT&#13;
END:VCALENDAR&#13;
</cal:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`;
    expect(calendarDataOf(xml)).toEqual(['BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Lunch <team>\r\nEND:VEVENT\r\nEND:VCALENDAR']);
  });

  it('refuses what is not a multistatus, and a DOCTYPE (entities that grow a small answer into a large one)', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><multistatus xmlns="DAV:"><response><href>&b;</href></response></multistatus>`;
    expect(() => multistatusOf(bomb)).toThrow('not a WebDAV multistatus');
    expect(() => multistatusOf('<html><body>Sign in</body></html>')).toThrow('not a WebDAV multistatus');
    expect(() => multistatusOf('<<<')).toThrow();
  });

  it("finds the event of a booking's UID by its own text, never another event a server answered with", () => {
    const response = (href: string, uid: string) =>
      `<d:response><d:href>${href}</d:href><d:propstat><d:prop><c:calendar-data>BEGIN:VCALENDAR&#13;
BEGIN:VEVENT&#13;
UID:${uid}&#13;
END:VEVENT&#13;
END:VCALENDAR</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`;
    const answer = (...responses: string[]) =>
      multistatusOf(`<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">${responses.join('')}</d:multistatus>`);
    // A server that ignored the filter: every event of the calendar, ours among them.
    expect(
      eventOfUid(answer(response('/c/dentist.ics', 'dentist'), response('/c/ours.ics', 'booking-1@helixpoint')), 'booking-1@helixpoint'),
    ).toBe('/c/ours.ics');
    // None of them ours: no address, so the event is written at one of its own.
    expect(
      eventOfUid(answer(response('/c/dentist.ics', 'dentist'), response('/c/other.ics', 'booking-1@helixpoint.x')), 'booking-1@helixpoint'),
    ).toBe(undefined);
  });
});
