import type pg from 'pg';
import Cursor from 'pg-cursor';
import { csvLine, type Cell } from '../csv.ts';

/**
 * A CSV download streamed from the database (issue 52): the query runs once, in a read-only
 * transaction of its own (one snapshot from the first row to the last), and its rows are read
 * through a cursor ROWS_PER_READ at a time, each batch written as CSV when the download asks for
 * more and the client's connection has room (`writable`), after a rest as long as the batch before
 * it took (REST_PER_BATCH). Memory holds one batch whatever the number of rows or the client's
 * speed, and the event loop turns between batches, so a 100,000-row export neither grows the server
 * nor stalls its other requests. A download cancelled halfway (the person closed the tab) closes
 * the cursor and gives the connection back.
 */

/**
 * 200 rows a read: writing a read's rows as CSV is one task of the event loop, and three exports'
 * reads can come due together. With 500, a request waited behind them up to 100 ms (bench:staff's
 * /healthz during three exports, resting as below: p99 37-101 ms over 7 rounds; with 200, 24-37 ms
 * over 5, the exports no slower).
 */
export const ROWS_PER_READ = 200;

/**
 * An export rests as long as its last batch took (reading it from PostgreSQL and writing it as
 * CSV) before it reads the next: it takes at most half of the time it runs, of the database's
 * CPU and of the server's, so the requests around it keep theirs. Three exports of 50,000 rows at
 * full speed on two cores held /healthz at p99 50-112 ms (five rounds of bench:staff's three, 200
 * rows a read); resting, 24-37 ms. The exports took 1.3-2.0 s at full speed and 1.9-2.4 s resting:
 * most of an export's time is the client's and the database's, not the batches'.
 */
export const REST_PER_BATCH = 1;

/** What a drizzle query builder gives for running it elsewhere (`.toSQL()`). */
export interface CompiledQuery {
  sql: string;
  params: unknown[];
}

export interface CsvExport<Row> {
  header: readonly string[];
  /** The rows' query, compiled; its columns in the order of `fields`. */
  query: CompiledQuery;
  /** The names the query's columns are given on each row, in the query's order. */
  fields: ReadonlyArray<keyof Row & string>;
  /** One row's cells, in the header's order. */
  cells(row: Row): readonly Cell[];
  /** Statements run in the transaction before the query (`set local …`, as a search runs). */
  setup?: readonly string[];
}

const encoder = new TextEncoder();

/**
 * Opens the export: takes a connection, starts the query and reads its first batch before
 * answering, so a failing query is a 500 (not a download cut short); then streams the rest.
 */
export async function openCsvStream<Row>(
  pool: pg.Pool,
  spec: CsvExport<Row>,
  { writable }: { writable?: (() => Promise<void>) | undefined } = {},
): Promise<ReadableStream<Uint8Array>> {
  let client: pg.PoolClient | null = await pool.connect();
  let cursor: Cursor<unknown[]> | null = null;
  // Gives the connection back once: after the last row, on an error, or when the download is cancelled.
  const finish = async (failed: boolean) => {
    const held = client;
    client = null;
    if (!held) return;
    try {
      await cursor?.close();
      await held.query(failed ? 'rollback' : 'commit');
      held.release();
    } catch (error) {
      // A connection in an unknown state is closed, not returned to the pool.
      held.release(error as Error);
    }
  };
  // How long the next read waits (REST_PER_BATCH): set by each batch for the one after it.
  let rest = 0;
  const batch = async (): Promise<string | null> => {
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    const started = performance.now();
    const rows = await cursor!.read(ROWS_PER_READ);
    if (rows.length === 0) return null;
    let text = '';
    for (const values of rows) {
      const row = {} as Record<string, unknown>;
      spec.fields.forEach((field, index) => (row[field] = values[index]));
      text += csvLine(spec.cells(row as Row));
    }
    rest = (performance.now() - started) * REST_PER_BATCH;
    return text;
  };
  let first: string | null;
  try {
    await client.query('begin transaction isolation level repeatable read read only');
    for (const statement of spec.setup ?? []) await client.query(statement);
    cursor = client.query(new Cursor<unknown[]>(spec.query.sql, spec.query.params, { rowMode: 'array' }));
    first = await batch();
  } catch (error) {
    await finish(true);
    throw error;
  }
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(csvLine(spec.header) + (first ?? '')));
      },
      async pull(controller) {
        try {
          // The next rows are read when the client has taken the last ones (http/server.ts).
          await writable?.();
          const text = first === null ? null : await batch();
          if (text === null) {
            await finish(false);
            controller.close();
            return;
          }
          controller.enqueue(encoder.encode(text));
        } catch (error) {
          await finish(true);
          controller.error(error);
        }
      },
      async cancel() {
        await finish(true);
      },
    },
    // One batch waits at most while the download takes the one before.
    { highWaterMark: 1 },
  );
}

/** The answer of a CSV download: streamed, never cached, saved under `fileName`. */
export function csvResponse(body: ReadableStream<Uint8Array> | string, fileName: string): Response {
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
