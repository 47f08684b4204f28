/**
 * The calendar UID of this site's bookings ends so (`<uuid>@helixpoint`): in a host's own calendar,
 * an event of that UID is a booking of ours (the copy written there, an invitation they accepted,
 * the feed they subscribed to), whose time the booking itself already holds. Read back as busy, it
 * would block its own move and keep a cancelled time taken until the next read (issue 53).
 */
export const BOOKING_UID_SUFFIX = '@helixpoint';

export const isOurBookingUid = (uid: string) => uid.endsWith(BOOKING_UID_SUFFIX);
