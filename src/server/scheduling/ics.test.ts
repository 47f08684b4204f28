import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingFeed, bookingInvitation, type CalendarBooking } from './ics';

/* Invitations read back by a calendar library (ical.js): METHOD, UID, SEQUENCE, STATUS, attendees, links. */

const booking: CalendarBooking = {
  uid: '3b1d9a2c-1111-4c4c-9d9d-abcdefabcdef@helixpoint',
  sequence: 0,
  status: 'confirmed',
  kind: 'meeting',
  startsAt: new Date('2026-12-01T15:00:00Z'),
  endsAt: new Date('2026-12-01T15:30:00Z'),
  title: 'Meeting with Helixpoint',
  guest: { name: 'Vera Visitor', email: 'vera@mail.test' },
  hosts: [{ name: 'Sally Sales', email: 'sally@helixpoint.test' }],
  manageUrl: 'https://helixpoint.test/bookings/abc',
  details: 'Topic: Cloud migration',
  createdAt: new Date('2026-11-29T18:00:00Z'),
  updatedAt: new Date('2026-11-29T18:00:00Z'),
};
const organizer = { name: 'Helixpoint', email: 'hello@helixpoint.test' };

function read(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent');
  return { calendar, events, event: events[0]! };
}

describe('a booking’s invitation', () => {
  it('is a REQUEST with the booking’s UID and SEQUENCE, every attendee, and the link to change it', () => {
    const { calendar, event } = read(bookingInvitation(booking, organizer));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.getFirstPropertyValue('uid')).toBe(booking.uid);
    expect(event.getFirstPropertyValue('sequence')).toBe(0);
    expect(event.getFirstPropertyValue('status')).toBe('CONFIRMED');
    const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect(start.toJSDate().toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(event.getAllProperties('attendee').map((attendee) => String(attendee.getFirstValue()).toLowerCase())).toEqual([
      'mailto:vera@mail.test',
      'mailto:sally@helixpoint.test',
    ]);
    expect(event.getFirstPropertyValue('description')).toContain('Reschedule or cancel: https://helixpoint.test/bookings/abc');
    expect(event.getFirstPropertyValue('url')).toBe('https://helixpoint.test/bookings/abc');
  });

  it('for a move keeps the UID and raises the SEQUENCE; for a cancellation is a CANCEL', () => {
    const moved = read(bookingInvitation({ ...booking, sequence: 1, startsAt: new Date('2026-12-02T15:00:00Z') }, organizer));
    expect(moved.calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(moved.event.getFirstPropertyValue('uid')).toBe(booking.uid);
    expect(moved.event.getFirstPropertyValue('sequence')).toBe(1);
    const cancelled = read(bookingInvitation({ ...booking, sequence: 2, status: 'cancelled' }, organizer));
    expect(cancelled.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancelled.event.getFirstPropertyValue('uid')).toBe(booking.uid);
    expect(cancelled.event.getFirstPropertyValue('sequence')).toBe(2);
    expect(cancelled.event.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('keeps text a guest typed as text: a line break or a semicolon cannot add a property', () => {
    const hostile = read(
      bookingInvitation({ ...booking, title: 'Hi\r\nATTENDEE:mailto:evil@mail.test;X=1', details: 'a\nb;c,d' }, organizer),
    );
    expect(hostile.event.getAllProperties('attendee')).toHaveLength(2);
    expect(hostile.event.getFirstPropertyValue('summary')).toContain('ATTENDEE:mailto:evil@mail.test;X=1');
  });
});

describe('a person’s feed', () => {
  it('publishes every booking, cancelled ones marked', () => {
    const text = bookingFeed(
      'Sally Sales: Helixpoint bookings',
      [booking, { ...booking, uid: 'other@helixpoint', status: 'cancelled' }],
      organizer,
    );
    const { calendar, events } = read(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(events.map((event) => [event.getFirstPropertyValue('uid'), event.getFirstPropertyValue('status')])).toEqual([
      [booking.uid, 'CONFIRMED'],
      ['other@helixpoint', 'CANCELLED'],
    ]);
  });
});
