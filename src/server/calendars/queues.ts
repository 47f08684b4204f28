/** The calendars' queues (module.ts runs them; sources.ts queues copies when a person's choice changes). */
export const READ_CALENDARS = 'read-calendars';
export const COPY_BOOKINGS = 'copy-bookings-to-calendars';
