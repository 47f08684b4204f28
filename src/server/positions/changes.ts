import type pg from 'pg';
import type { Database } from '../db/client.ts';
import { changeChannel, type ChangeListener } from '../db/change-channel.ts';

type DrizzleTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * "The open positions changed": what pages rendered from positions (the job board, the apply
 * pages, the sitemap) are cached on. Told at once to this process, and to every other instance on
 * the same database through PostgreSQL's LISTEN/NOTIFY (decision 025).
 */

export const POSITIONS_CHANNEL = 'helixpoint_positions_changed';
const channel = changeChannel(POSITIONS_CHANNEL);

/** Calls `listener` whenever positions change, here or in another instance; returns the unsubscribe. */
export const onPositionsChanged = (listener: () => void): (() => void) => channel.onChanged(listener);

/** Runs `work` in one transaction that changes positions or departments, then tells everyone (change-channel.ts). */
export const changePositions = <T>(db: Database, work: (tx: DrizzleTransaction) => Promise<T>): Promise<T> => channel.change(db, work);

export type PositionChangeListener = ChangeListener;

/** Holds one connection that LISTENs for other instances' announcements (reconnecting every second after a loss). */
export const listenForPositionChanges = (pool: pg.Pool, log: { warn(data: object, message: string): void }, retryMs = 1000) =>
  channel.listen(pool, log, retryMs);
