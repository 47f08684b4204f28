import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { seedIfNeverSeeded } from '../positions/seed';
import { jobQueues } from '../modules';
import { createS3Client, createS3Storage } from '../storage/s3-driver';
import type { ObjectStorage } from '../storage/types';
import { startTestBackend, type TestBackend } from '../testing/backend';
import { addApplication, addPosition, addUser } from '../testing/fixtures';
import { RestoreRefusedError, createBackup, restoreBackup } from './backup';
import { CreateBucketCommand } from '@aws-sdk/client-s3';

/** Every row of every table the site keeps, in a stable order, as text. */
async function snapshot(pool: DatabaseHandle['pool']): Promise<Record<string, string[]>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'drizzle') and c.relkind = 'r' order by 1`,
  );
  const result: Record<string, string[]> = {};
  for (const { name } of [...tables, { name: 'pgboss.job' }]) {
    const { rows } = await pool.query<{ row: string }>(`select t::text as row from ${name} t order by 1`);
    result[name] = rows.map((row) => row.row).sort();
  }
  const { rows: sequences } = await pool.query<{ name: string }>(
    `select schemaname || '.' || sequencename as name from pg_sequences where schemaname in ('public', 'drizzle')`,
  );
  for (const { name } of sequences)
    result[`sequence ${name}`] = [(await pool.query(`select last_value::text || ' ' || is_called::text as v from ${name}`)).rows[0].v];
  return result;
}

async function files(storage: ObjectStorage): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const key of await storage.listOlderThan('', new Date(Date.now() + 3600_000))) {
    const object = await storage.get(key);
    const hash = createHash('sha256');
    for await (const chunk of object.body) hash.update(chunk as Buffer);
    result[key] = `${object.contentType} ${object.size} ${hash.digest('hex')}`;
  }
  return result;
}

describe('backup, wipe, restore', () => {
  let source: TestBackend;
  let target: EmbeddedDatabase;
  let targetDb: DatabaseHandle;
  let s3: S3rver;
  let s3Storage: ObjectStorage;
  const dir = mkdtempSync(join(tmpdir(), 'helixpoint-backup-test-'));
  chmodSync(dir, 0o755);
  const archive = join(dir, 'out', 'backup.tar.gz');

  beforeAll(async () => {
    source = await startTestBackend();
    const db = source.database;
    await seedIfNeverSeeded(db.db);
    // Rows with everything COPY must escape, and files of several kinds and sizes.
    await db.pool.query(`insert into audit_log (actor_email, action, target_type, target_id, details) values
      ('ada@example.dev', E'line one\\nline two\\ttab \\\\ backslash', 'position', 'p-1', '{"note": "ünïcödé \\"quoted\\" ✓", "n": [1, 2]}'),
      (null, 'deleted', 'message', null, '{}')`);
    for (const [name, body] of [
      ['resume.pdf', readFileSync('tests/fixtures/resume.pdf')],
      ['resume.docx', readFileSync('tests/fixtures/resume.docx')],
      ['big.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024, 7)])],
    ] as const) {
      const stored = await source.storage.put(Readable.from([body]), { contentType: 'application/pdf', prefix: 'resumes/' });
      await db.pool.query(
        `insert into uploads (storage_key, purpose, file_name, content_type, size) values ($1, 'resume', $2, 'application/pdf', $3)`,
        [stored.key, name, stored.size],
      );
    }
    // An application with what triggers keep beside it (its last activity, its ratings' totals, the
    // counts per position): restored as they were, not kept a second time while the rows load.
    const position = await addPosition(db.db, { title: 'Backed Up' });
    const application = await addApplication(db.db, position, { email: 'backed-up@example.dev', source: 'linkedin' });
    await db.pool.query(`update applications set status = 'reviewing' where id = $1`, [application]);
    await db.pool.query(`insert into application_ratings (application_id, reviewer_user_id, rating) values ($1, $2, 4)`, [
      application,
      (await addUser(db.db, 'backup-reviewer', 'admin')).id,
    ]);
    await source.jobs.enqueueEmail({ to: 'queued@example.dev', subject: 'Waiting in the queue', html: '<p>x</p>', text: 'x' });

    // The restore goes to another, empty PostgreSQL (as an external DATABASE_URL) and to S3.
    const targetDir = join(dir, 'target');
    target = await startEmbeddedPostgres(targetDir);
    targetDb = connect(target.url);
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(dir, 's3') });
    const { port } = await s3.run();
    const options = {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'restored',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    };
    await createS3Client(options).send(new CreateBucketCommand({ Bucket: 'restored' }));
    s3Storage = createS3Storage(options);
  }, 180_000);

  afterAll(async () => {
    await targetDb?.close();
    await target?.stop();
    await s3?.close();
    await source?.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('brings back every row, sequence, queued job and file, byte for byte', async () => {
    const secret = join(dir, 'auth-secret');
    writeFileSync(secret, 'a-generated-secret-of-the-data-dir\n');
    const manifest = await createBackup({
      pool: source.database.pool,
      storage: source.storage,
      out: archive,
      authSecretFile: secret,
      jobQueues,
    });
    expect(manifest.files).toHaveLength(3);
    expect(manifest.missingFiles).toEqual([]);
    expect(manifest.tables.find((table) => table.name === 'job')?.rows).toBe(1);

    const restoredSecret = join(dir, 'target-secret');
    await restoreBackup({ databaseUrl: target.url, storage: s3Storage, file: archive, authSecretFile: restoredSecret, jobQueues });

    expect(await snapshot(targetDb.pool)).toEqual(await snapshot(source.database.pool));
    expect(await files(s3Storage)).toEqual(await files(source.storage));
    expect(readFileSync(restoredSecret, 'utf8')).toBe('a-generated-secret-of-the-data-dir\n');
    // The restored sequence continues where the original left off.
    const next = await targetDb.pool.query<{ id: string }>(
      `insert into audit_log (action, target_type) values ('after', 'x') returning id::text`,
    );
    const last = await source.database.pool.query<{ id: string }>('select max(id)::text as id from audit_log');
    expect(BigInt(next.rows[0]!.id)).toBe(BigInt(last.rows[0]!.id) + 1n);
  }, 120_000);

  it('refuses a target that is not empty, and replaces it with --force', async () => {
    await expect(restoreBackup({ databaseUrl: target.url, storage: s3Storage, file: archive, jobQueues })).rejects.toThrow(
      RestoreRefusedError,
    );
    await expect(restoreBackup({ databaseUrl: target.url, storage: s3Storage, file: archive, jobQueues })).rejects.toThrow(
      /^The target is not empty \(\d+ tables in the database, 3 stored files\)\. Restore into an empty DATA_DIR or database, or add --force/,
    );
    await restoreBackup({ databaseUrl: target.url, storage: s3Storage, file: archive, force: true, jobQueues });
    expect(await snapshot(targetDb.pool)).toEqual(await snapshot(source.database.pool));
    expect(await files(s3Storage)).toEqual(await files(source.storage));
  }, 120_000);

  it('refuses a file that is not a backup', async () => {
    const bogus = join(dir, 'bogus.tar.gz');
    writeFileSync(bogus, 'not an archive');
    await expect(restoreBackup({ databaseUrl: target.url, storage: s3Storage, file: bogus, force: true, jobQueues })).rejects.toThrow(
      `${bogus} is not a readable Helixpoint backup (incorrect header check).`,
    );
  });
});
