import { guardedFetch, OutboundError, type AllowList, type GuardedRequest } from '../outbound/guarded-fetch.ts';
import {
  calendarsOf,
  calendarsQuery,
  eventOfUid,
  eventsQuery,
  homeQuery,
  hrefIn,
  multistatusOf,
  principalQuery,
  uidQuery,
} from './caldav-xml.ts';

/**
 * A CalDAV account's calendars (issue 53, RFC 4791): found from the address a person typed (their
 * principal, then its calendar home, then the calendars of events in it), their events over a
 * window read, and a booking's event written, moved and removed. Every request goes through the
 * guard for URLs people type; the app password goes only to the server it was given for and the
 * addresses that server names (a redirect to another drops it).
 */

export interface CalDavAccess {
  username: string;
  password: string;
  allow: AllowList;
}

/** What went wrong, in words for the account's owner (shown on their page; never the password). */
export class CalDavError extends Error {
  override name = 'CalDavError';
  /** The server refused the user name or app password (401): said on the password's field. */
  readonly wrongCredentials: boolean;
  constructor(message: string, { wrongCredentials = false } = {}) {
    super(message);
    this.wrongCredentials = wrongCredentials;
  }
}

const LIMITS = { timeoutMs: 10_000 };
/** Discovery's answers are small: a home of a hundred calendars is some 50 kB. */
const DISCOVERY_BYTES = 1024 * 1024;
const EVENTS_BYTES = 5 * 1024 * 1024;

async function dav(url: string, access: CalDavAccess, request: GuardedRequest & { depth?: '0' | '1' }) {
  const { depth, headers, ...rest } = request;
  try {
    return await guardedFetch(url, {
      ...LIMITS,
      ...rest,
      allow: access.allow,
      headers: {
        Authorization: `Basic ${Buffer.from(`${access.username}:${access.password}`).toString('base64')}`,
        ...(depth ? { Depth: depth } : {}),
        ...(rest.body ? { 'Content-Type': 'application/xml; charset=utf-8' } : {}),
        ...headers,
      },
    });
  } catch (error) {
    if (error instanceof OutboundError) throw new CalDavError(error.message.replace(/^The link/, 'The server'));
    throw error;
  }
}

function refusal(status: number, what: string): CalDavError {
  if (status === 401) return new CalDavError('The server refused the user name or app password.', { wrongCredentials: true });
  if (status === 403) return new CalDavError(`The server does not let this account ${what}.`);
  return new CalDavError(`The server answered ${status} when asked to ${what}.`);
}

async function propfind(url: string, access: CalDavAccess, body: string, depth: '0' | '1', what: string) {
  const answer = await dav(url, access, { method: 'PROPFIND', depth, body, maxBytes: DISCOVERY_BYTES });
  // Redirected to another server, which the password is not sent to (guarded-fetch.ts): the
  // address to type is that server's, not a wrong password.
  const moved = new URL(answer.url);
  if (answer.status === 401 && moved.origin !== new URL(url).origin)
    throw new CalDavError(`The server sends its calendars to ${moved.host}: use https://${moved.host}/ as the server address.`);
  if (answer.status !== 207) throw refusal(answer.status, what);
  try {
    return { responses: multistatusOf(answer.body.toString('utf8')), base: answer.url };
  } catch (error) {
    throw new CalDavError((error as Error).message);
  }
}

/** A collection's last path segment, as a name for a calendar that has none ("work"); kept as written when it is not valid percent-encoding. */
function lastSegment(url: string): string {
  const segment = url.replace(/\/$/, '').split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export interface FoundCalendar {
  /** The calendar collection's address. */
  url: string;
  name: string;
}

/**
 * The calendars of events of the account at this address: the address may be the server's own
 * (https://caldav.fastmail.com/), a principal's or a calendar home's; the server's
 * /.well-known/caldav is asked when the address itself names no principal.
 */
export async function discoverCalendars(serverUrl: string, access: CalDavAccess): Promise<FoundCalendar[]> {
  let principal: string | undefined;
  for (const start of [serverUrl, new URL('/.well-known/caldav', serverUrl).href]) {
    let found;
    try {
      found = await propfind(start, access, principalQuery, '0', 'find its calendars');
    } catch (error) {
      // A wrong password is wrong everywhere: said at once.
      if (error instanceof CalDavError && error.wrongCredentials) throw error;
      if (start !== serverUrl) throw error;
      continue;
    }
    const href = found.responses.map(({ props }) => hrefIn(props, 'current-user-principal')).find(Boolean);
    if (href) {
      principal = new URL(href, found.base).href;
      break;
    }
  }
  if (!principal) throw new CalDavError('No CalDAV account answered at this address.');
  const fromPrincipal = await propfind(principal, access, homeQuery, '0', 'find its calendars');
  const home = fromPrincipal.responses.map(({ props }) => hrefIn(props, 'calendar-home-set')).find(Boolean);
  if (!home) throw new CalDavError('The account has no calendars on this server.');
  const homeUrl = new URL(home, fromPrincipal.base).href;
  const listed = await propfind(homeUrl, access, calendarsQuery, '1', 'list its calendars');
  const calendars = calendarsOf(listed.responses).map(({ href, name }) => {
    const url = new URL(href, listed.base).href;
    return { url, name: name || lastSegment(url) || 'Calendar' };
  });
  if (calendars.length === 0) throw new CalDavError('The account has no calendars of events on this server.');
  return calendars;
}

/** The calendar's events over the window, as the server's multistatus answer (read by the calendar reader's process). */
export async function calendarEvents(calendarUrl: string, access: CalDavAccess, window: { from: Date; to: Date }): Promise<string> {
  const answer = await dav(calendarUrl, access, { method: 'REPORT', depth: '1', body: eventsQuery(window), maxBytes: EVENTS_BYTES });
  if (answer.status !== 207) throw refusal(answer.status, 'read the calendar');
  return answer.body.toString('utf8');
}

/**
 * Writes a booking's event into the calendar, where that calendar keeps the event of its UID if
 * it has one (the host accepted the invitation e-mail: two events of one UID are refused by
 * CalDAV), else at a new address of its own. Returns the event's address.
 */
export async function writeEvent(
  calendarUrl: string,
  access: CalDavAccess,
  event: { uid: string; ics: string; href?: string | null },
): Promise<string> {
  let href = event.href ?? undefined;
  if (!href) {
    // Asked for, not relied on: a server that cannot answer (or answers too much) gets the event
    // at an address of its own, and one that refuses two events of a UID says so there.
    const query = await dav(calendarUrl, access, {
      method: 'REPORT',
      depth: '1',
      body: uidQuery(event.uid),
      maxBytes: DISCOVERY_BYTES,
    }).catch(() => null);
    if (query?.status === 207) {
      let found: string | undefined;
      try {
        found = eventOfUid(multistatusOf(query.body.toString('utf8')), event.uid);
      } catch {
        found = undefined;
      }
      if (found) href = new URL(found, query.url).href;
    }
  }
  href ??= new URL(
    `${encodeURIComponent(event.uid.replace(/[^A-Za-z0-9@._-]/g, '-'))}.ics`,
    calendarUrl.endsWith('/') ? calendarUrl : `${calendarUrl}/`,
  ).href;
  const answer = await dav(href, access, {
    method: 'PUT',
    body: event.ics,
    maxBytes: DISCOVERY_BYTES,
    headers: { 'Content-Type': 'text/calendar; charset=utf-8' },
  });
  if (![200, 201, 204].includes(answer.status)) throw refusal(answer.status, 'write the event');
  return href;
}

/** Removes an event; one already gone is removed. */
export async function removeEvent(href: string, access: CalDavAccess): Promise<void> {
  const answer = await dav(href, access, { method: 'DELETE', maxBytes: DISCOVERY_BYTES });
  if (![200, 202, 204, 404, 410].includes(answer.status)) throw refusal(answer.status, 'remove the event');
}
