import { XMLParser } from 'fast-xml-parser';

/**
 * The XML of CalDAV (RFC 4791, WebDAV's RFC 4918): the bodies this site sends and what it reads of
 * a server's multistatus answers. No network here: caldav.ts sends, the calendar reader's process
 * reads the events (calendarDataOf), since a server's answer is as untrusted as a calendar file.
 */

const DAV = 'xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"';

/** Who the user is on this server: the address of their principal. */
export const principalQuery = `<?xml version="1.0" encoding="utf-8"?>
<d:propfind ${DAV}><d:prop><d:current-user-principal/></d:prop></d:propfind>`;

/** Where the principal's calendars are. */
export const homeQuery = `<?xml version="1.0" encoding="utf-8"?>
<d:propfind ${DAV}><d:prop><c:calendar-home-set/></d:prop></d:propfind>`;

/** The collections in the calendar home (Depth 1): which are calendars of events, and their names. */
export const calendarsQuery = `<?xml version="1.0" encoding="utf-8"?>
<d:propfind ${DAV}><d:prop><d:resourcetype/><d:displayname/><c:supported-calendar-component-set/></d:prop></d:propfind>`;

/** iCalendar's UTC form of an instant (20261129T140000Z), as a time-range filter wants it. */
const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * The events that overlap a window, whole (a repeating one with its changed instances, which the
 * reader follows itself: servers' own expansion differs, and ours knows the owner's zone).
 */
export function eventsQuery(window: { from: Date; to: Date }): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query ${DAV}><d:prop><d:getetag/><c:calendar-data/></d:prop>
<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="${utc(window.from)}" end="${utc(window.to)}"/></c:comp-filter></c:comp-filter></c:filter>
</c:calendar-query>`;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!);

/** The event of this UID in a calendar, if it holds one (a host who accepted the invitation e-mail has it already). */
export function uidQuery(uid: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query ${DAV}><d:prop><d:getetag/><c:calendar-data/></d:prop>
<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:prop-filter name="UID"><c:text-match collation="i;octet">${escapeXml(uid)}</c:text-match></c:prop-filter></c:comp-filter></c:comp-filter></c:filter>
</c:calendar-query>`;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // d:href, c:calendar-data: whatever prefix a server chooses (DAV:, D:, none), the local name is read.
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ['response', 'propstat', 'href', 'comp'].includes(name),
  // &#13; and the like: servers write the CR of iCalendar's line ends so.
  htmlEntities: true,
});

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : isNode(value) && typeof value['#text'] === 'string' ? value['#text'] : undefined;

export interface DavResponse {
  href: string;
  /** The properties found (status 200), by local name. */
  props: Node;
}

/** A multistatus answer's responses, each with its href and the properties it found. Throws on what is not one. */
export function multistatusOf(xml: string): DavResponse[] {
  // Nothing CalDAV sends has a DOCTYPE: its entities are how a small answer grows into a large one.
  if (/<!(DOCTYPE|ENTITY)/i.test(xml)) throw new Error('The server’s answer is not a WebDAV multistatus.');
  let document: Node;
  try {
    document = parser.parse(xml) as Node;
  } catch {
    throw new Error('The server’s answer is not valid XML.');
  }
  const multistatus = document.multistatus;
  if (!isNode(multistatus) && multistatus !== '') throw new Error('The server’s answer is not a WebDAV multistatus.');
  const responses = isNode(multistatus) && Array.isArray(multistatus.response) ? (multistatus.response as unknown[]) : [];
  return responses.filter(isNode).map((response) => {
    const href = textOf((response.href as unknown[] | undefined)?.[0]) ?? '';
    const props: Node = {};
    for (const propstat of (response.propstat as unknown[] | undefined) ?? []) {
      if (!isNode(propstat) || !/\s200\s/.test(` ${textOf(propstat.status) ?? ''} `)) continue;
      if (isNode(propstat.prop)) Object.assign(props, propstat.prop);
    }
    return { href, props };
  });
}

/** The first href inside a property (current-user-principal, calendar-home-set). */
export function hrefIn(props: Node, name: string): string | undefined {
  const property = props[name];
  return isNode(property) ? textOf((property.href as unknown[] | undefined)?.[0]) : undefined;
}

export interface DavCalendar {
  href: string;
  name: string;
}

/** The calendars of events among a home's collections (a calendar that says nothing of its components holds any). */
export function calendarsOf(responses: readonly DavResponse[]): DavCalendar[] {
  return responses
    .filter(({ props }) => isNode(props.resourcetype) && 'calendar' in props.resourcetype)
    .filter(({ props }) => {
      const set = props['supported-calendar-component-set'];
      if (!isNode(set) || !Array.isArray(set.comp)) return true;
      return set.comp.some((comp) => isNode(comp) && String(comp['@name'] ?? '').toUpperCase() === 'VEVENT');
    })
    .map(({ href, props }) => ({ href, name: (textOf(props.displayname) ?? '').trim() }));
}

/**
 * The address of the event of this UID in a calendar-query's answer, judged by its own text: a
 * server that ignored the query's filter answers with other events, which are never taken for it.
 */
export function eventOfUid(responses: readonly DavResponse[], uid: string): string | undefined {
  return responses.find(({ href, props }) => {
    const text = textOf(props['calendar-data'])?.replace(/\r?\n[ \t]/g, '');
    return Boolean(href) && !href.endsWith('/') && text !== undefined && text.split(/\r?\n/).some((line) => line.trim() === `UID:${uid}`);
  })?.href;
}

/** The iCalendar text of each event in a calendar-query's answer. */
export function calendarDataOf(xml: string): string[] {
  return multistatusOf(xml)
    .map(({ props }) => textOf(props['calendar-data'])?.trim())
    .filter((text): text is string => Boolean(text));
}
