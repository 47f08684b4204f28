import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { BookingKind, BookingStatus } from '../../lib/scheduling/hours.ts';

/**
 * Calendar invitations (RFC 5545/5546) for bookings (issue 31): METHOD:REQUEST for a booking or a
 * move, METHOD:CANCEL for a cancellation, one stable UID per booking and its SEQUENCE, every
 * attendee listed, and the manage link (reschedule, cancel) in the event's description and URL, so
 * a calendar that shows the event shows how to change it. The private feed of a person's bookings
 * is METHOD:PUBLISH. Times are written in UTC: every calendar shows them in its own zone.
 */

export interface CalendarBooking {
  uid: string;
  sequence: number;
  status: BookingStatus;
  kind: BookingKind;
  startsAt: Date;
  endsAt: Date;
  title: string;
  /** None in the cancellation hosts get when the guest's data is erased. */
  guest?: { name: string; email: string };
  hosts: ReadonlyArray<{ name: string; email: string }>;
  /** Where the guest reschedules or cancels (none once the booking is gone for good: an erasure). */
  manageUrl?: string;
  details?: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A booking row's event identity and times (UID, SEQUENCE, status, kind, start, end, stamps): what every event of it shares. */
export function eventOf(
  booking: Pick<CalendarBooking, 'uid' | 'sequence' | 'status' | 'kind' | 'startsAt' | 'endsAt' | 'createdAt' | 'updatedAt'>,
) {
  const { uid, sequence, status, kind, startsAt, endsAt, createdAt, updatedAt } = booking;
  return { uid, sequence, status, kind, startsAt, endsAt, createdAt, updatedAt };
}

const PRODUCT = { company: 'Helixpoint', product: 'Scheduling', language: 'EN' };

function addEvent(calendar: ReturnType<typeof ical>, booking: CalendarBooking, organizer: { name: string; email: string } | null) {
  const description = [booking.details, booking.manageUrl && `Reschedule or cancel: ${booking.manageUrl}`].filter(Boolean).join('\n\n');
  calendar.createEvent({
    id: booking.uid,
    sequence: booking.sequence,
    start: booking.startsAt,
    end: booking.endsAt,
    stamp: booking.updatedAt,
    created: booking.createdAt,
    lastModified: booking.updatedAt,
    summary: booking.title,
    description,
    url: booking.manageUrl ?? null,
    status: booking.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer,
    attendees: organizer
      ? [...(booking.guest ? [booking.guest] : []), ...booking.hosts].map((person) => ({
          name: person.name,
          email: person.email,
          role: ICalAttendeeRole.REQ,
          status: ICalAttendeeStatus.ACCEPTED,
        }))
      : [],
  });
}

/** The .ics attached to a booking's e-mails: REQUEST (booked, moved) or CANCEL. */
export function bookingInvitation(booking: CalendarBooking, organizer: { name: string; email: string }): string {
  const calendar = ical({
    prodId: PRODUCT,
    method: booking.status === 'cancelled' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  addEvent(calendar, booking, organizer);
  return calendar.toString();
}

/** A person's bookings as a feed any calendar app can subscribe to (cancelled ones stay, marked, so calendars drop them). */
export function bookingFeed(name: string, entries: readonly CalendarBooking[], organizer: { name: string; email: string }): string {
  const calendar = ical({ prodId: PRODUCT, method: ICalCalendarMethod.PUBLISH, name, ttl: 15 * 60 });
  for (const booking of entries) addEvent(calendar, booking, organizer);
  return calendar.toString();
}

/**
 * The booking as written into a host's own calendar over CalDAV (issue 53): the event of the
 * invitations (its UID and SEQUENCE), as a calendar's resource has it (no METHOD), and without
 * organizer or attendees: with them, a server that schedules (RFC 6638) could mail the guest
 * or the organizer on the host's behalf. Who it is with is in its title and description.
 */
export function bookingCopy(booking: CalendarBooking): string {
  const calendar = ical({ prodId: PRODUCT });
  const people = [
    booking.guest && `Guest: ${booking.guest.name} <${booking.guest.email}>`,
    `Hosts: ${booking.hosts.map((host) => host.name).join(', ')}`,
  ];
  addEvent(calendar, { ...booking, details: [booking.details, ...people].filter(Boolean).join('\n') }, null);
  return calendar.toString();
}
