import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type pg from 'pg';
import { withTransaction, type Database } from '../db/client.ts';
import { domainEvents } from '../db/schema.ts';
import type { JobSender } from '../jobs/queue.ts';
import { getMetrics } from '../metrics.ts';
import type { EventConsumer } from '../runtime-types.ts';
import { EVENTS_CHANNEL, type StoredEvent } from './record.ts';

/**
 * Hands each recorded event to its readers (decision 056), oldest first: each instance takes the
 * next waiting event under a row lock (SKIP LOCKED, so instances share the work and
 * never hand one event twice at once), gives it to every reader in the modules' order, and marks it
 * handed. A reader that throws leaves it waiting, tried again with a growing delay (30 s to an
 * hour): the readers are idempotent. An event erased since (its application or message gone) is
 * handed to nobody. Woken at once by the NOTIFY of a commit, and every few seconds in any case.
 */

export interface DispatcherDeps {
  db: Database;
  pool: pg.Pool;
  consumers: readonly EventConsumer[];
  jobs: JobSender;
  log: (data: object, message: string) => void;
  /** How often it looks without being woken. */
  pollMs?: number;
}

export interface Dispatcher {
  /** Hands every waiting event now (tests; the loop does it on its own); resolves with how many. */
  drain(now?: Date): Promise<number>;
  stop(): Promise<void>;
}

/** The delay before a failed event is tried again: 30 s, doubling, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/** Hands the next waiting event, if any; false when none waits. */
export async function dispatchNext(deps: Omit<DispatcherDeps, 'pollMs'>, now = new Date()): Promise<boolean> {
  return withTransaction(deps.pool, async (tx) => {
    const [event] = await tx.db
      .select()
      .from(domainEvents)
      .where(and(isNull(domainEvents.dispatchedAt), or(isNull(domainEvents.retryAt), lte(domainEvents.retryAt, now))))
      .orderBy(asc(domainEvents.id))
      .limit(1)
      // NO KEY UPDATE: the readers' rows that point at the event (a notification's foreign key)
      // take a KEY SHARE lock on it, which FOR UPDATE would make them wait for, here, for ever.
      .for('no key update', { skipLocked: true });
    if (!event) return false;
    try {
      for (const consumer of deps.consumers) await consumer.handle(event as StoredEvent, deps.jobs);
      // Handed: a goal's visitor (issue 57) is forgotten with it, so no event links a person to a visit.
      await tx.db.update(domainEvents).set({ dispatchedAt: now, visitor: null }).where(eq(domainEvents.id, event.id));
    } catch (error) {
      // What the readers did stays (each is idempotent); the event waits for its next try.
      getMetrics().jobFailures.inc({ queue: 'domain-events' });
      deps.log(
        { eventId: event.id, kind: event.kind, err: { message: (error as Error).message } },
        'domain event not handed; tried again later',
      );
      await tx.db
        .update(domainEvents)
        .set({ attempts: sql`${domainEvents.attempts} + 1`, retryAt: new Date(now.getTime() + retryDelayMs(event.attempts + 1)) })
        .where(eq(domainEvents.id, event.id));
    }
    return true;
  });
}

export function startEventDispatcher(deps: DispatcherDeps): Dispatcher {
  let stopped = false;
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let listener: pg.PoolClient | null = null;

  const drain = async (now?: Date) => {
    let handed = 0;
    while (!stopped && (await dispatchNext(deps, now))) handed += 1;
    return handed;
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = drain()
      .catch((error: unknown) => {
        deps.log({ err: { message: (error as Error).message } }, 'domain events not handed; tried again shortly');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        } else if (!stopped) timer = setTimeout(wake, deps.pollMs ?? 2_000);
      });
  };
  // A connection of its own listens; without it (the database away) the poll still runs.
  void deps.pool.connect().then(
    async (client) => {
      if (stopped) return client.release();
      listener = client;
      client.on('notification', wake);
      client.on('error', () => {});
      await client.query(`listen ${EVENTS_CHANNEL}`).catch(() => {});
    },
    () => {},
  );
  wake();
  return {
    drain: (now) => drain(now),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      if (listener) {
        listener.removeAllListeners('notification');
        await listener.query(`unlisten ${EVENTS_CHANNEL}`).catch(() => {});
        listener.release();
      }
    },
  };
}
