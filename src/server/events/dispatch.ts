import type { Database } from '../db/client.ts';
import type { JobWorker } from '../jobs/queue.ts';
import type { EventConsumer } from '../runtime-types.ts';
import { DOMAIN_EVENTS, storedEvent } from './record.ts';

/**
 * Hands each recorded event to its readers, in the order the modules started. An event erased
 * since (its application or message gone) is handed to nobody. A reader that throws fails the job,
 * which is retried with the queue's back-off: the readers are idempotent.
 */
export function eventDispatcher(db: Pick<Database, 'select'>, consumers: readonly EventConsumer[]): JobWorker {
  return {
    queue: DOMAIN_EVENTS,
    async run(job, jobs) {
      const { eventId } = job.data as { eventId: number };
      const event = await storedEvent(db, eventId);
      if (!event) return;
      for (const consumer of consumers) await consumer.handle(event, jobs);
    },
  };
}
