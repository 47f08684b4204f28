import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyWorkspaceQuery } from '@/lib/applications/query';
import { positionExport, workspaceExport } from '../applications/export';
import { auditExport } from '../audit/export';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addPosition, addUser } from '../testing/fixtures';
import { openCsvStream, REST_PER_BATCH, ROWS_PER_READ, type CsvExport } from './csv-stream';

/** More rows than PostgreSQL's protocol has bind parameters (65,535): the old export's ceiling. */
const ROWS = 70_000;

let database: TestDatabase;
let positionId: string;
let admin: { id: string; role: 'admin' };
let adminName: string;

beforeAll(async () => {
  database = await startTestDatabase();
  positionId = await addPosition(database.db, { title: 'Bulk Role' });
  const user = await addUser(database.db, 'boss', 'admin');
  admin = { id: user.id, role: 'admin' };
  adminName = user.name;
  // Applicant 1 is the newest, each from an address of their own (one application per address and position).
  // One candidate for them all, and the rows' triggers (the candidate's lookup, the search
  // document) skipped: the export reads names and addresses, and a search by address finds them.
  const candidate = await database.db.execute<{ id: string }>(sql`insert into candidates default values returning id`);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into applications (position_id, candidate_id, full_name, email, phone, address, gender, cover_letter, created_at)
      select ${positionId}, ${candidate.rows[0]!.id}, 'Applicant ' || g, 'a' || g || '@bulk.test', '+15125550147', '100 Congress Ave', 'female', 'Hello',
             timestamptz '2026-11-01 12:00:00+00' - g * interval '1 minute'
      from generate_series(1, ${ROWS}::int) as g`);
  });
}, 120_000);

afterAll(async () => {
  await database?.destroy();
});

/** Reads a download chunk by chunk: its lines, and the most data lines one chunk held. */
async function download(stream: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  let text = '';
  let largest = 0;
  let chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const piece = decoder.decode(value, { stream: true });
    chunks += 1;
    largest = Math.max(largest, piece.split('\r\n').length - 1 - (chunks === 1 ? 1 : 0));
    text += piece;
  }
  return { lines: text.split('\r\n').slice(0, -1), largest, chunks };
}

/** The export pool holds no connection: none checked out, none left in a transaction. */
async function nothingHeld() {
  expect(database.exportPool.totalCount - database.exportPool.idleCount).toBe(0);
  const busy = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
  );
  expect(busy.rows[0]?.n).toBe(0);
}

describe('a CSV export streamed from the database', () => {
  it(`writes a view of ${ROWS.toLocaleString('en')} applications whole, newest first, ${ROWS_PER_READ} rows a read`, async () => {
    const spec = await workspaceExport(
      database.db,
      { ...emptyWorkspaceQuery, position: positionId },
      { who: admin, permission: 'applications.export' },
    );
    // One query with its filters as a handful of parameters, never one a row.
    expect(spec.query.params.length).toBeLessThan(10);
    const { lines, largest, chunks } = await download(await openCsvStream(database.exportPool, spec));
    expect(lines[0]).toBe('Name,Position,Email,Phone,Status,Applied,Source,Heard about us,Knock-out answer');
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[1]).toBe('Applicant 1,Bulk Role,a1@bulk.test,"\'+15125550147",pending,2026-11-01T05:59:00-06:00,direct,,');
    expect(lines.at(-1)).toMatch(/^Applicant 70000,Bulk Role,a70000@bulk.test,/);
    expect(largest).toBeLessThanOrEqual(ROWS_PER_READ);
    expect(chunks).toBeGreaterThanOrEqual(ROWS / ROWS_PER_READ);
    await nothingHeld();
  }, 60_000);

  it('writes a search of the view with the search’s settings, and a position’s export, past the old ceiling', async () => {
    const search = await workspaceExport(
      database.db,
      { ...emptyWorkspaceQuery, q: '@bulk.test' },
      { who: admin, permission: 'applications.export' },
    );
    expect(search.setup).toContain('set local enable_seqscan = off');
    expect((await download(await openCsvStream(database.exportPool, search))).lines).toHaveLength(ROWS + 1);
    const position = await download(await openCsvStream(database.exportPool, positionExport(database.db, positionId)));
    expect(position.lines).toHaveLength(ROWS + 1);
    expect(position.lines[1]).toMatch(/^Applicant 1,a1@bulk.test,/);
    await nothingHeld();
  }, 60_000);

  it('gives its connection back when the download is cancelled halfway', async () => {
    const stream = await openCsvStream(database.exportPool, positionExport(database.db, positionId));
    const reader = stream.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    await nothingHeld();
  });

  it('rests before each read as long as the batch before it took, so an export takes at most half of the time it runs', async () => {
    // Ten batches whose rows each take 0.1 ms to write: the time the export spends writing, measured.
    const rows = ROWS_PER_READ * 10;
    let writing = 0;
    const spec: CsvExport<{ n: number }> = {
      header: ['n'],
      query: { sql: 'select g from generate_series(1, $1::int) as g', params: [rows] },
      fields: ['n'],
      cells: ({ n }) => {
        const started = performance.now();
        while (performance.now() - started < 0.1);
        writing += performance.now() - started;
        return [n];
      },
    };
    const started = performance.now();
    const { lines } = await download(await openCsvStream(database.exportPool, spec));
    const elapsed = performance.now() - started;
    expect(lines).toHaveLength(rows + 1);
    // Each batch's reading and writing, then as long again resting: never less than twice the writing.
    expect(REST_PER_BATCH).toBe(1);
    expect(elapsed).toBeGreaterThanOrEqual(2 * writing);
    await nothingHeld();
  });

  it('refuses a failing query before the download starts, and gives its connection back', async () => {
    const broken: CsvExport<{ n: number }> = {
      header: ['n'],
      query: { sql: 'select 1 / (g - 3) as n from generate_series(1, 5) as g', params: [] },
      fields: ['n'],
      cells: (row) => [row.n],
    };
    await expect(openCsvStream(database.exportPool, broken)).rejects.toThrow(/division by zero/);
    await nothingHeld();
  });

  it('lets three exports run at once and a fourth wait for one of them', async () => {
    const opened = await Promise.all([1, 2, 3].map(() => openCsvStream(database.exportPool, positionExport(database.db, positionId))));
    let fourthOpen = false;
    const fourth = openCsvStream(database.exportPool, positionExport(database.db, positionId)).then((stream) => {
      fourthOpen = true;
      return stream;
    });
    // The three hold the export pool's connections: the fourth cannot have one until one ends.
    expect(database.exportPool.totalCount).toBe(3);
    expect(database.exportPool.waitingCount).toBe(1);
    expect(fourthOpen).toBe(false);
    await opened[0]!.cancel();
    expect((await download(await fourth)).lines).toHaveLength(ROWS + 1);
    await Promise.all(opened.slice(1).map((stream) => stream.cancel()));
    await nothingHeld();
  }, 60_000);

  it('writes the whole audit log, newest first, with its targets named', async () => {
    await database.db.execute(sql`
      insert into audit_log (actor_user_id, actor_email, actor_role, action, target_type, target_id, details, created_at)
      values (${admin.id}, 'boss@helixpoint.test', 'admin', 'position.update', 'position', ${positionId}, '{"title":"Bulk Role"}', now()),
             (null, null, null, 'retention.run', 'system', null, '{}', now() - interval '1 day')`);
    const { lines } = await download(await openCsvStream(database.exportPool, auditExport(database.db)));
    expect(lines[0]).toBe('When,Who,E-mail,Role,What,Target,Target type,Target id,Details');
    expect(lines[1]).toMatch(
      new RegExp(
        `^[^,]+,${adminName},boss@helixpoint.test,Admin,position.update,Bulk Role,position,${positionId},"{""title"":""Bulk Role""}"$`,
      ),
    );
    expect(lines[2]).toMatch(/^[^,]+,system,,,retention.run,,system,,$/);
  });
});
