import type pg from 'pg';
import type { Db as BossDb } from 'pg-boss';
import type { Database } from '../db/client.ts';

type DrizzleTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A Drizzle transaction's connection as pg-boss takes it, so a job commits with the rows. */
export function bossDbOf(tx: DrizzleTransaction): BossDb {
  const client = (tx as unknown as { session?: { client?: pg.PoolClient } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('The transaction has no connection of its own.');
  return { executeSql: (text, values) => client.query(text, values as unknown[]) };
}
