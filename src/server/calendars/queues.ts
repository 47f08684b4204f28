import type { JobSender } from '../jobs/queue.ts';

/** The calendars' queues (module.ts runs them; sources.ts queues copies when a person's choice changes). */
export const READ_CALENDARS = 'read-calendars';
export const COPY_BOOKINGS = 'copy-bookings-to-calendars';

/** Queues the copy of a booking into its hosts' calendars: one job a booking at a time (the queue is stately, keyed by it). */
export const queueBookingCopy = (jobs: Pick<JobSender, 'send'>, bookingId: string) =>
  jobs.send(COPY_BOOKINGS, { bookingId }, { singletonKey: bookingId });
