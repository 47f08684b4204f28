import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import tar from 'tar-stream';
import { connect, migrationCount, runMigrations } from '../db/client.ts';
import { installJobSchema, queueNames, type JobQueue } from '../jobs/queue.ts';
import { ObjectNotFoundError, type ObjectStorage } from '../storage/types.ts';

/**
 * One archive (tar + gzip) with the database and the stored files, taken while the site runs:
 * every table is copied inside one REPEATABLE READ snapshot with COPY (pg-copy-streams), the
 * migration level and the sequences are recorded, and the files are copied while the snapshot is
 * held. No pg_dump is needed, so the server's major version does not matter (decision 013).
 */

export const BACKUP_FORMAT = 'helixpoint-backup';
export const BACKUP_VERSION = 1;

/**
 * Tables a backup keeps empty: the analytics' salt of the day must not outlive its day (decision
 * 075); a restored site makes a new one, and the day's visitors are counted again from there.
 */
const ROWS_NOT_KEPT = new Set(['analytics_salts']);

/** The schemas that hold the site's data; the job queue's own tables are rebuilt, their jobs kept. */
const SCHEMAS = ['public', 'drizzle'];
const JOB_TABLE = { schema: 'pgboss', name: 'job' };

export interface TableEntry {
  schema: string;
  name: string;
  columns: string[];
  rows: number;
  file: string;
}

export interface FileEntry {
  key: string;
  size: number;
  contentType: string;
  sha256: string;
  file: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  postgres: string;
  migrations: number;
  tables: TableEntry[];
  sequences: { schema: string; name: string; lastValue: string; isCalled: boolean }[];
  files: FileEntry[];
  /** Files the database names that were deleted while the backup ran (normally none). */
  missingFiles: string[];
  /** The generated session secret of DATA_DIR, so sessions stay valid after a restore. */
  authSecret: boolean;
}

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;

/** Counts what passes, and hashes it. */
class Tally extends Transform {
  bytes = 0;
  readonly hash = createHash('sha256');
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    callback(null, chunk);
  }
}

async function columnsOf(client: pg.PoolClient, schema: string, name: string): Promise<string[]> {
  const { rows } = await client.query<{ attname: string }>(
    `select a.attname from pg_attribute a
      where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attnum`,
    [qualified(schema, name)],
  );
  return rows.map((row) => row.attname);
}

export interface BackupOptions {
  pool: pg.Pool;
  storage: ObjectStorage;
  out: string;
  /** DATA_DIR/auth-secret, when the site uses the generated secret. */
  authSecretFile?: string | undefined;
  /** The domains' job queues (src/server/modules.ts): their jobs are backed up. */
  jobQueues: readonly JobQueue[];
  log?: (message: string) => void;
}

export async function createBackup({ pool, storage, out, authSecretFile, jobQueues, log = () => {} }: BackupOptions): Promise<Manifest> {
  const staging = await mkdtemp(join(tmpdir(), 'helixpoint-backup-'));
  try {
    const client = await pool.connect();
    let manifest: Manifest;
    try {
      // One snapshot for every table: the copy is consistent while the site keeps writing.
      await client.query('begin isolation level repeatable read read only');
      const { rows: tableRows } = await client.query<{ schema: string; name: string }>(
        `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = any($1) and c.relkind = 'r' and not c.relispartition order by 1, 2`,
        [SCHEMAS],
      );
      const hasJobs = (await client.query(`select to_regclass('pgboss.job') as t`)).rows[0]?.t !== null;
      const tables: TableEntry[] = [];
      for (const table of [...tableRows, ...(hasJobs ? [JOB_TABLE] : [])]) {
        const columns = await columnsOf(client, table.schema, table.name);
        const file = `db/${table.schema}.${table.name}.copy`;
        await mkdir(join(staging, 'db'), { recursive: true });
        const isJobs = table === JOB_TABLE;
        // Jobs of the site's own queues only: pg-boss keeps its internal ones itself.
        const where = isJobs
          ? ` where name in (${queueNames(jobQueues)
              .map((queue) => `'${queue}'`)
              .join(', ')})`
          : ROWS_NOT_KEPT.has(table.name)
            ? ' where false'
            : '';
        const from = isJobs ? qualified(table.schema, table.name) : `only ${qualified(table.schema, table.name)}`;
        const copy = client.query(copyTo(`copy (select ${columns.map(ident).join(', ')} from ${from}${where}) to stdout`));
        await pipeline(copy, createWriteStream(join(staging, file)));
        tables.push({ ...table, columns, rows: copy.rowCount, file });
      }
      const { rows: sequenceRows } = await client.query<{ schema: string; name: string }>(
        `select schemaname as schema, sequencename as name from pg_sequences where schemaname = any($1) order by 1, 2`,
        [SCHEMAS],
      );
      const sequences: Manifest['sequences'] = [];
      for (const sequence of sequenceRows) {
        const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
          `select last_value::text, is_called from ${qualified(sequence.schema, sequence.name)}`,
        );
        sequences.push({ ...sequence, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
      }
      const migrations = tableRows.some((table) => table.schema === 'drizzle' && table.name === '__drizzle_migrations')
        ? Number((await client.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations')).rows[0]!.n)
        : 0;
      const referenced = tableRows.some((table) => table.schema === 'public' && table.name === 'uploads')
        ? (await client.query<{ storage_key: string }>('select storage_key from public.uploads')).rows.map((row) => row.storage_key)
        : [];

      // Files are written once under random keys and never changed: copying them while the
      // snapshot is held catches everything it names (plus any uploaded since, which is harmless).
      const files: FileEntry[] = [];
      const keys = await storage.listOlderThan('', new Date(Date.now() + 24 * 3600 * 1000));
      for (const [index, key] of keys.entries()) {
        let object;
        try {
          object = await storage.get(key);
        } catch (error) {
          if (error instanceof ObjectNotFoundError) continue; // deleted since it was listed
          throw error;
        }
        const file = `files/${index}`;
        await mkdir(join(staging, 'files'), { recursive: true });
        const tally = new Tally();
        await pipeline(object.body, tally, createWriteStream(join(staging, file)));
        files.push({ key, size: tally.bytes, contentType: object.contentType, sha256: tally.hash.digest('hex'), file });
      }
      const stored = new Set(files.map((file) => file.key));
      const missingFiles = referenced.filter((key) => !stored.has(key));
      const postgres = (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;
      await client.query('commit');

      const authSecret = Boolean(authSecretFile && existsSync(authSecretFile));
      if (authSecret) await writeFile(join(staging, 'auth-secret'), await readFile(authSecretFile!), { mode: 0o600 });
      manifest = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        postgres,
        migrations,
        tables,
        sequences,
        files,
        missingFiles,
        authSecret,
      };
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
    if (manifest.missingFiles.length > 0)
      log(`warning: ${manifest.missingFiles.length} file(s) named by the database were deleted while the backup ran`);
    await writeFile(join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await pack(staging, manifest, out);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** manifest.json first, then the tables, the files and the secret; written aside, then renamed. */
async function pack(staging: string, manifest: Manifest, out: string): Promise<void> {
  const entries = [
    'manifest.json',
    ...manifest.tables.map((table) => table.file),
    ...manifest.files.map((file) => file.file),
    ...(manifest.authSecret ? ['auth-secret'] : []),
  ];
  const partial = `${out}.partial`;
  await mkdir(dirname(out), { recursive: true });
  const archive = tar.pack();
  const written = pipeline(archive, createGzip(), createWriteStream(partial, { mode: 0o600 }));
  for (const name of entries) {
    const path = join(staging, name);
    const { size } = await stat(path);
    const entry = archive.entry({ name, size, mode: 0o600 });
    await pipeline(createReadStream(path), entry);
  }
  archive.finalize();
  await written;
  await rename(partial, out);
}

/** Unpacks an archive into `dir` and reads its manifest. */
async function unpack(file: string, dir: string): Promise<Manifest> {
  const extract = tar.extract();
  const read = pipeline(createReadStream(file), createGunzip(), extract);
  const written = (async () => {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (entry.header.type !== 'file' || name.includes('..') || name.startsWith('/')) {
        entry.resume();
        continue;
      }
      await mkdir(dirname(join(dir, name)), { recursive: true });
      await pipeline(entry, createWriteStream(join(dir, name), { mode: 0o600 }));
    }
  })();
  // Both settle before either's error is reported, so neither is left unhandled.
  const [reading, writing] = await Promise.allSettled([read, written]);
  const failure = [reading, writing].find((result) => result.status === 'rejected');
  if (failure) throw new RestoreRefusedError(`${file} is not a readable Helixpoint backup (${(failure.reason as Error).message}).`);
  if (!existsSync(join(dir, 'manifest.json'))) throw new RestoreRefusedError(`${file} is not a Helixpoint backup (no manifest.json).`);
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION)
    throw new RestoreRefusedError(`${file} is not a Helixpoint backup of version ${BACKUP_VERSION}.`);
  return manifest;
}

/** The tables in an order where every table comes after those its foreign keys point to. */
async function loadOrder(client: pg.PoolClient, tables: TableEntry[]): Promise<TableEntry[]> {
  const names = new Map(tables.map((table) => [`${table.schema}.${table.name}`, table]));
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select cn.nspname || '.' || c.relname as child, pn.nspname || '.' || p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
       join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
      where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of rows)
    if (names.has(child) && names.has(parent)) parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  const ordered: TableEntry[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (placed.has(name)) return;
    if (path.has(name)) throw new Error(`Foreign keys form a cycle through ${name}`);
    path.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, path);
    path.delete(name);
    placed.add(name);
    ordered.push(names.get(name)!);
  };
  for (const name of names.keys()) visit(name, new Set());
  return ordered;
}

export interface RestoreOptions {
  /** The target database (embedded or external); it must be empty unless `force`. */
  databaseUrl: string;
  storage: ObjectStorage;
  file: string;
  force?: boolean;
  /** Where the generated session secret goes (DATA_DIR/auth-secret, replaced), if the backup has one. */
  authSecretFile?: string | undefined;
  /** The domains' job queues (src/server/modules.ts), created before their jobs are restored. */
  jobQueues: readonly JobQueue[];
  log?: (message: string) => void;
}

export async function restoreBackup({
  databaseUrl,
  storage,
  file,
  force = false,
  authSecretFile,
  jobQueues,
  log = () => {},
}: RestoreOptions): Promise<Manifest> {
  const staging = await mkdtemp(join(tmpdir(), 'helixpoint-restore-'));
  const target = connect(databaseUrl);
  try {
    const manifest = await unpack(file, staging);
    if (manifest.migrations > migrationCount()) {
      throw new RestoreRefusedError(
        `The backup was taken by a newer version of the site (${manifest.migrations} migrations; this one has ${migrationCount()}): restore it with that version.`,
      );
    }
    const { rows: existing } = await target.pool.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'drizzle', 'pgboss') and c.relkind in ('r', 'p')`,
    );
    const existingKeys = await storage.listOlderThan('', new Date(Date.now() + 24 * 3600 * 1000));
    const tableCount = Number(existing[0]!.n);
    if (!force && (tableCount > 0 || existingKeys.length > 0)) {
      throw new RestoreRefusedError(
        `The target is not empty (${tableCount} tables in the database, ${existingKeys.length} stored files). Restore into an empty DATA_DIR or database, or add --force to replace what is there.`,
      );
    }
    if (force) {
      log(`--force: replacing ${tableCount} tables and ${existingKeys.length} stored files`);
      await target.pool.query(
        'drop schema if exists pgboss cascade; drop schema if exists drizzle cascade; drop schema public cascade; create schema public',
      );
      for (const key of existingKeys) await storage.delete(key);
    }

    // The schema as the backup had it, the job tables and queues, then the rows in one transaction.
    await runMigrations(target.db, { upTo: manifest.migrations });
    if (manifest.tables.some((table) => table.schema === JOB_TABLE.schema)) await installJobSchema(databaseUrl, jobQueues);
    const client = await target.pool.connect();
    try {
      await client.query('begin');
      const tables = await loadOrder(client, manifest.tables);
      await client.query(`truncate ${tables.map((table) => qualified(table.schema, table.name)).join(', ')}`);
      // The rows go back as they were: the site's triggers (what they keep, such as an application's
      // last activity, its ratings' totals and the counts per position, is in the backup too) stay
      // off while they load, or they would add it a second time. Foreign keys are still checked.
      for (const table of tables) await client.query(`alter table ${qualified(table.schema, table.name)} disable trigger user`);
      for (const table of tables) {
        const copy = client.query(
          copyFrom(`copy ${qualified(table.schema, table.name)} (${table.columns.map(ident).join(', ')}) from stdin`),
        );
        await pipeline(createReadStream(join(staging, table.file)), copy);
        if (copy.rowCount !== table.rows)
          throw new Error(`${table.schema}.${table.name}: ${copy.rowCount} rows loaded, ${table.rows} in the backup`);
      }
      for (const table of tables) await client.query(`alter table ${qualified(table.schema, table.name)} enable trigger user`);
      for (const sequence of manifest.sequences) {
        await client.query('select setval($1::regclass, $2::bigint, $3)', [
          qualified(sequence.schema, sequence.name),
          sequence.lastValue,
          sequence.isCalled,
        ]);
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }

    for (const entry of manifest.files) {
      const { size } = await storage.putAt(entry.key, createReadStream(join(staging, entry.file)), { contentType: entry.contentType });
      if (size !== entry.size) throw new Error(`File ${entry.key}: ${size} bytes restored, ${entry.size} in the backup`);
    }
    if (manifest.authSecret && authSecretFile) {
      await mkdir(dirname(authSecretFile), { recursive: true });
      await writeFile(authSecretFile, await readFile(join(staging, 'auth-secret')), { mode: 0o600 });
    }
    return manifest;
  } finally {
    await target.close();
    await rm(staging, { recursive: true, force: true });
  }
}
