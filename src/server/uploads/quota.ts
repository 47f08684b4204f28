import { createHmac } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { uploadReservations, uploads } from '../db/schema.ts';
import { clientGroupOf } from '../ip-prefix.ts';

/**
 * What uploads may take of the disk. A file uploaded for a form is stored before the form is sent
 * (decision 005) and kept a few hours if the form never comes, so without limits one client could
 * fill the disk the database lives on with files it never uses. Three limits, checked before a
 * byte is stored:
 * - per client (an IPv4 address, an IPv6 /64): the bytes of its uploads not yet attached to an
 *   application or message, and of its uploads in progress;
 * - for everyone together: the same sum over all clients;
 * - a floor of free space on DATA_DIR's disk (the embedded database, fs uploads, the mail outbox):
 *   below it uploads answer 503 and the rest of the site goes on.
 * Uploads in progress reserve their bytes (their Content-Length, or the largest upload when none is
 * sent) under one advisory lock, so uploads sent at the same moment cannot pass a limit together.
 */

export interface UploadQuota {
  /** Bytes not yet attached that one client may hold (UPLOAD_CLIENT_QUOTA_MB, default 50). */
  perClientBytes: number;
  /** Bytes not yet attached that all clients together may hold (UPLOAD_TOTAL_QUOTA_MB, default 2048). */
  totalBytes: number;
  /** Uploads are refused while less than this is free on a checked disk (UPLOAD_MIN_FREE_MB, default 1024). */
  minFreeBytes: number;
}

const MB = 1024 * 1024;
export const defaultUploadQuota: UploadQuota = { perClientBytes: 50 * MB, totalBytes: 2048 * MB, minFreeBytes: 1024 * MB };

/** A reservation not removed (its instance died mid-upload) stops counting after this long. */
export const RESERVATION_TTL_MS = 15 * 60 * 1000;

/** Any constant: the one lock every instance takes to compare and reserve. */
const QUOTA_LOCK = 26_000_001;

/**
 * The key uploads are counted under: a keyed hash of the client's group, so the uploads table
 * holds no address (and the hash cannot be reversed by trying every IPv4 address without the secret).
 */
export function uploadClientKey(secret: string, clientKey: string): string {
  return createHmac('sha256', secret)
    .update(`upload-quota\0${clientGroupOf(clientKey)}`)
    .digest('base64url')
    .slice(0, 32);
}

/** The free bytes on the disk of each path, the least of them; null when none could be read. */
export async function freeBytes(paths: readonly string[]): Promise<number | null> {
  let least: number | null = null;
  for (const path of paths) {
    try {
      const stats = await statfs(path);
      const free = Number(stats.bavail) * Number(stats.bsize);
      least = least === null ? free : Math.min(least, free);
    } catch {
      // A path that is not there (yet) is not the disk that fills up.
    }
  }
  return least;
}

export type Reservation = { ok: true; id: string } | { ok: false; reason: 'client' | 'total' | 'disk' };

export interface QuotaDeps {
  db: Database;
  quota: UploadQuota;
  /** The directories whose disks must keep their floor (DATA_DIR). */
  diskPaths: readonly string[];
}

/** Reserves `bytes` for an upload of `client` (uploadClientKey), or says which limit stops it. */
export async function reserveUpload(deps: QuotaDeps, client: string, bytes: number, now = new Date()): Promise<Reservation> {
  const free = await freeBytes(deps.diskPaths);
  if (free !== null && free - bytes < deps.quota.minFreeBytes) return { ok: false, reason: 'disk' };
  const live = new Date(now.getTime() - RESERVATION_TTL_MS);
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK})`);
    // One statement, so one snapshot: an upload that finishes meanwhile inserts its row before it
    // releases its reservation, and a single snapshot sees at least one of the two. (Two selects
    // could miss both: the row not yet there for the first, the reservation gone for the second.)
    const { rows } = await tx.execute<{ client: string; total: string }>(sql`
      with counted as (
        select ${uploads.clientKey} as client_key, ${uploads.size}::bigint as bytes
          from ${uploads} where ${uploads.attachedAt} is null
        union all
        select ${uploadReservations.clientKey}, ${uploadReservations.bytes}::bigint
          from ${uploadReservations} where ${uploadReservations.createdAt} > ${live}
      )
      select coalesce(sum(bytes) filter (where client_key = ${client}), 0) as client, coalesce(sum(bytes), 0) as total from counted`);
    const clientBytes = Number(rows[0]?.client ?? 0);
    const totalBytes = Number(rows[0]?.total ?? 0);
    if (clientBytes + bytes > deps.quota.perClientBytes) return { ok: false, reason: 'client' } as const;
    if (totalBytes + bytes > deps.quota.totalBytes) return { ok: false, reason: 'total' } as const;
    const [row] = await tx
      .insert(uploadReservations)
      .values({ clientKey: client, bytes, createdAt: now })
      .returning({ id: uploadReservations.id });
    if (!row) throw new Error('The upload reservation was not stored.');
    return { ok: true, id: row.id } as const;
  });
}

export async function releaseReservation(db: Database, id: string): Promise<void> {
  await db.delete(uploadReservations).where(eq(uploadReservations.id, id));
}

/** Deletes reservations that stopped counting (the clean-up job). */
export async function removeStaleReservations(db: Database, now = new Date()): Promise<number> {
  const removed = await db
    .delete(uploadReservations)
    .where(and(lt(uploadReservations.createdAt, new Date(now.getTime() - RESERVATION_TTL_MS))))
    .returning({ id: uploadReservations.id });
  return removed.length;
}
