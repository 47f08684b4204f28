import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from './client.ts';

type DrizzleTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * "Something the public pages are built from changed" (positions, blog posts, page texts): told at
 * once to this process, and to every other instance on the same database through PostgreSQL's
 * LISTEN/NOTIFY (decision 025). Each domain has its own channel, made here.
 */
export interface ChangeChannel {
  readonly name: string;
  /** Calls `listener` whenever a change is announced, here or in another instance; returns the unsubscribe. */
  onChanged(listener: () => void): () => void;
  /**
   * Runs `work` in one transaction, then tells everyone: the other instances by NOTIFY, which
   * PostgreSQL delivers when the transaction commits (and never when it rolls back), and this
   * process once it has committed, so the next request here renders the change. Telling this
   * process before the commit would let a request in between cache the old page.
   */
  change<T>(db: Database, work: (tx: DrizzleTransaction) => Promise<T>): Promise<T>;
  /** Announces a change made outside `change` (a job that already committed its own work). */
  announce(db: Database): Promise<void>;
  /** Holds one connection that LISTENs for the other instances' announcements. */
  listen(pool: pg.Pool, log: { warn(data: object, message: string): void }, retryMs?: number): ChangeListener;
}

export interface ChangeListener {
  stop(): Promise<void>;
}

export function changeChannel(name: string): ChangeChannel {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`A channel name is lower-case letters and underscores: ${name}`);
  // Sent with each announcement: this process is told at once, so its own notification, coming
  // back through its LISTEN connection a moment later, is not told again (it emptied the page
  // cache a second time, and a page rendered in between was rendered twice).
  const origin = randomUUID();
  const listeners = new Set<() => void>();
  const tellListeners = () => {
    for (const listener of listeners) listener();
  };

  return {
    name,
    onChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async change(db, work) {
      const result = await db.transaction(async (tx) => {
        const value = await work(tx);
        await tx.execute(sql`select pg_notify(${name}, ${origin})`);
        return value;
      });
      tellListeners();
      return result;
    },
    async announce(db) {
      await db.execute(sql`select pg_notify(${name}, ${origin})`);
      tellListeners();
    },
    /**
     * When the connection is lost (the database restarted, the network broke) announcements may
     * have been missed, so the listeners are told once more and the connection is opened again, one
     * second later and then every second until it works.
     */
    listen(pool, log, retryMs = 1000) {
      let client: pg.PoolClient | undefined;
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;

      const retry = () => {
        if (stopped || timer) return;
        timer = setTimeout(() => {
          timer = undefined;
          void connect();
        }, retryMs);
        timer.unref();
      };

      const lost = (error: unknown) => {
        if (stopped || !client) return;
        const current = client;
        client = undefined;
        // Destroyed, not returned to the pool: the connection is broken or still listening.
        current.release(error instanceof Error ? error : new Error('listener connection lost'));
        tellListeners();
        log.warn({ err: { message: (error as Error)?.message }, channel: name }, 'change listener lost its connection; reconnecting');
        retry();
      };

      const connect = async () => {
        try {
          const next = await pool.connect();
          if (stopped) return next.release();
          next.on('notification', (message) => message.channel === name && message.payload !== origin && tellListeners());
          next.on('error', lost);
          next.on('end', () => lost(new Error('connection ended')));
          client = next;
          await next.query(`LISTEN ${name}`);
          // Anything announced while we were not listening.
          tellListeners();
        } catch (error) {
          if (client) lost(error);
          else retry();
        }
      };
      void connect();

      return {
        async stop() {
          stopped = true;
          clearTimeout(timer);
          const current = client;
          client = undefined;
          if (current) {
            await current.query(`UNLISTEN ${name}`).catch(() => {});
            current.release(true);
          }
        },
      };
    },
  };
}
