import { z } from 'zod/mini';

/**
 * Connecting one's own calendar by its secret iCalendar link (issue 53): the one schema of the
 * form on /account/availability, read by the server. Calendar apps hand the link out as
 * webcal://, which is https:// to everything but a calendar app.
 */

export const calendarLinkFieldNames = ['calendar_link'] as const;
export type CalendarLinkFieldErrors = Partial<Record<(typeof calendarLinkFieldNames)[number] | 'form', string>>;

/** What their page shows of one connected calendar: never its link. */
export interface CalendarSourceView {
  id: string;
  /** The link's host name ("calendar.google.com"). */
  label: string;
  readAt: Date | null;
  busyCount: number;
  /** The last read's failure, in words for its owner. */
  error: string | null;
  errorAt: Date | null;
  /** Not read for an hour: its owner is offered to nobody until it is. */
  unreadable: boolean;
  /** Whether its busy times count (a CalDAV calendar its owner did not pick is not read). */
  readsBusy: boolean;
  /** The calendar bookings are written into (CalDAV only). */
  writesBookings: boolean;
}

/** A CalDAV account and its calendars, as their page shows them: never the password. */
export interface CalendarAccountView {
  id: string;
  /** The server's host name. */
  label: string;
  username: string;
  calendars: CalendarSourceView[];
}

/** Calendars one person may connect. */
export const MAX_CALENDAR_LINKS = 5;
export const MAX_CALENDAR_LINK_LENGTH = 2_000;

export const calendarLinkTexts = {
  required: 'Calendar link: paste the secret address of your calendar in iCalendar format.',
  tooLong: `Calendar link: at most ${MAX_CALENDAR_LINK_LENGTH.toLocaleString('en-US')} characters.`,
  notALink: 'Calendar link: paste an address that starts with https://, http:// or webcal://.',
  duplicate: 'Calendar link: this calendar is already connected.',
  tooMany: `Calendar link: you can connect at most ${MAX_CALENDAR_LINKS} calendars. Remove one first.`,
} as const;

const asHttp = (link: string) => link.replace(/^webcals?:\/\//i, 'https://');

export const calendarLinkSchema = z.object({
  calendar_link: z.string().check(
    z.trim(),
    z.minLength(1, calendarLinkTexts.required),
    z.maxLength(MAX_CALENDAR_LINK_LENGTH, calendarLinkTexts.tooLong),
    z.refine((link) => {
      try {
        return ['https:', 'http:'].includes(new URL(asHttp(link)).protocol);
      } catch {
        return false;
      }
    }, calendarLinkTexts.notALink),
  ),
});

/**
 * Connecting a CalDAV account (issue 53): the server's address, the user name and an app password
 * (a password made for this one use in the account's settings: iCloud, Fastmail, Nextcloud).
 */
export const calDavFieldNames = ['server_url', 'username', 'app_password'] as const;
export type CalDavFieldErrors = Partial<Record<(typeof calDavFieldNames)[number] | 'form', string>>;

/** CalDAV accounts one person may connect. */
export const MAX_CALENDAR_ACCOUNTS = 3;

export const calDavTexts = {
  serverRequired: 'Server address: enter the address of your CalDAV server, such as https://caldav.fastmail.com/.',
  serverNotALink: 'Server address: enter an address that starts with https:// or http://.',
  usernameRequired: 'User name: enter the user name of your calendar account.',
  passwordRequired: 'App password: enter an app password made for this site in your calendar account’s settings.',
  tooLong: 'This field is too long.',
  notHttps: 'Server address: use an https:// address, so that the app password is sent encrypted.',
  credentialsInAddress: 'Server address: leave the user name and password out of the address: they have their own fields.',
  duplicate: 'Server address: this account is already connected.',
  tooMany: `Server address: you can connect at most ${MAX_CALENDAR_ACCOUNTS} CalDAV accounts. Remove one first.`,
} as const;

export const calDavAccountSchema = z.object({
  server_url: z.string().check(
    z.trim(),
    z.minLength(1, calDavTexts.serverRequired),
    z.maxLength(MAX_CALENDAR_LINK_LENGTH, calDavTexts.tooLong),
    z.refine((link) => {
      try {
        return ['https:', 'http:'].includes(new URL(link).protocol);
      } catch {
        return false;
      }
    }, calDavTexts.serverNotALink),
  ),
  username: z.string().check(z.trim(), z.minLength(1, calDavTexts.usernameRequired), z.maxLength(320, calDavTexts.tooLong)),
  app_password: z.string().check(z.minLength(1, calDavTexts.passwordRequired), z.maxLength(500, calDavTexts.tooLong)),
});

/** The link as it is fetched: webcal:// read as https://. */
export const linkToFetch = (link: string) => asHttp(link.trim());
