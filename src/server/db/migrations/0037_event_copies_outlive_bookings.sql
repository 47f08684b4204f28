-- Issue 53: a booking's copies in its hosts' calendars outlive the booking (erased, or past its retention), so the
-- calendars' job can remove their events (booking-copies.ts, removeCopiesOfGoneBookings).
ALTER TABLE "calendar_event_copies" DROP CONSTRAINT "calendar_event_copies_booking_id_bookings_id_fk";
