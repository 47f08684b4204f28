import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../db/client.ts';

type DrizzleTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * "The open positions changed": what pages rendered from positions (the job board, the apply
 * pages, the sitemap) are cached on. Told at once to this process, and to every other instance on
 * the same database through PostgreSQL's LISTEN/NOTIFY (decision 025).
 */

export const POSITIONS_CHANNEL = 'helixpoint_positions_changed';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Calls `listener` whenever positions change, here or in another instance; returns the unsubscribe. */
export function onPositionsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function tellListeners(): void {
  for (const listener of listeners) listener();
}

/**
 * Runs `work` in one transaction that changes positions or departments, then tells everyone: the
 * other instances by NOTIFY, which PostgreSQL delivers when the transaction commits (and never when
 * it rolls back), and this process once it has committed, so the next request here renders the
 * change. Telling this process before the commit would let a request in between cache the old page.
 */
export async function changePositions<T>(db: Database, work: (tx: DrizzleTransaction) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const value = await work(tx);
    await tx.execute(sql`select pg_notify(${POSITIONS_CHANNEL}, '')`);
    return value;
  });
  tellListeners();
  return result;
}

export interface PositionChangeListener {
  stop(): Promise<void>;
}

/**
 * Holds one connection that LISTENs for other instances' announcements. When the connection is
 * lost (the database restarted, the network broke) announcements may have been missed, so the
 * listeners are told once more and the connection is opened again, one second later and then
 * every second until it works.
 */
export function listenForPositionChanges(
  pool: pg.Pool,
  log: { warn(data: object, message: string): void },
  retryMs = 1000,
): PositionChangeListener {
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
    log.warn({ err: { message: (error as Error)?.message } }, 'position change listener lost its connection; reconnecting');
    retry();
  };

  const connect = async () => {
    try {
      const next = await pool.connect();
      if (stopped) return next.release();
      next.on('notification', (message) => message.channel === POSITIONS_CHANNEL && tellListeners());
      next.on('error', lost);
      next.on('end', () => lost(new Error('connection ended')));
      client = next;
      await next.query(`LISTEN ${POSITIONS_CHANNEL}`);
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
        await current.query(`UNLISTEN ${POSITIONS_CHANNEL}`).catch(() => {});
        current.release(true);
      }
    },
  };
}
