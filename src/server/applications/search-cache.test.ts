import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyWorkspaceQuery, type WorkspaceQuery } from '@/lib/applications/query';
import type { Database } from '../db/client';
import { applications, bookings } from '../db/schema';
import { startTestBackend, type TestBackend } from '../testing/backend';
import { addApplication, addPosition, addUser, listAll } from '../testing/fixtures';
import { setApplicationStatus } from './review';
import { listenForWorkspaceChanges, onWorkspaceChanged, remembering } from './search-cache';
import { neighbours, pageWorkspace } from './workspace';

/* A search remembered until the applications change (issue 52, decision 066), against a real PostgreSQL. */

let backend: TestBackend;
let listener: { stop(): Promise<void> } | undefined;
const query = (values: Partial<WorkspaceQuery>): WorkspaceQuery => ({ ...emptyWorkspaceQuery, ...values });

beforeAll(async () => {
  backend = await startTestBackend();
}, 60_000);

afterAll(async () => {
  await listener?.stop();
  await backend?.stop();
});

/** The next change this process hears of (the NOTIFY of migration 0038's triggers, after the commit). */
const nextChange = () =>
  new Promise<void>((resolve) => {
    const stop = onWorkspaceChanged(() => {
      stop();
      resolve();
    });
  });

/**
 * An application written without the tables' triggers: no notice, as a change the cache cannot
 * know of (nor its person: one of another application's, given, as the triggers would have found).
 */
async function addUnannounced(db: Database, positionId: string, sameAs: string, values: Parameters<typeof addApplication>[2]) {
  const [same] = await db.select({ candidateId: applications.candidateId }).from(applications).where(eq(applications.id, sameAs));
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    return addApplication(tx as unknown as Database, positionId, { ...values, candidateId: same!.candidateId });
  });
}

describe('a remembered search', () => {
  it('is asked of PostgreSQL once, and again after any change to the applications is announced', async () => {
    const { db, pool } = backend.database;
    const position = await addPosition(db, { title: 'Cache Position' });
    const day = (d: string) => new Date(`2026-11-${d}T18:00:00Z`);
    const first = await addApplication(db, position, { fullName: 'Quokka First', email: 'q1@cache.test', createdAt: day('02') });
    const second = await addApplication(db, position, { fullName: 'Quokka Second', email: 'q2@cache.test', createdAt: day('05') });
    const names = (page: Awaited<ReturnType<typeof pageWorkspace>>) => page.rows.map((row) => row.fullName);

    // Without a listener nothing is remembered: an unannounced application is found at once.
    expect(remembering()).toBe(false);
    await addUnannounced(db, position, first, { fullName: 'Quokka Unheard', email: 'q0@cache.test', createdAt: day('01') });
    expect(names(await pageWorkspace(db, query({ q: 'quokka' }), listAll))).toEqual(['Quokka Second', 'Quokka First', 'Quokka Unheard']);

    const listening = nextChange();
    listener = listenForWorkspaceChanges(pool, { warn: () => {} });
    await listening;
    expect(remembering()).toBe(true);
    const search = query({ q: 'quokka' });
    const before = await pageWorkspace(db, search, listAll, { snippets: true });
    expect(names(before)).toEqual(['Quokka Second', 'Quokka First', 'Quokka Unheard']);
    expect(before.byStatus).toEqual({ pending: 3 });

    // Remembered: an application written behind the triggers' back is not seen, in the page, its counts or previous/next.
    await addUnannounced(db, position, first, { fullName: 'Quokka Hidden', email: 'q3@cache.test', createdAt: day('20') });
    const again = await pageWorkspace(db, search, listAll, { snippets: true });
    expect(names(again)).toEqual(names(before));
    expect(again.total).toBe(3);
    expect(await neighbours(db, search, listAll, second)).toEqual({ previous: null, next: { id: first, positionId: position } });
    // Another view of the same search (a status filter) shares its counts.
    expect((await pageWorkspace(db, query({ q: 'quokka', status: 'pending' }), listAll)).byStatus).toEqual({ pending: 3 });

    // A change told through NOTIFY (a status, by the site's own code) forgets it: everything is read again.
    const ada = await addUser(db, 'cache-ada', 'admin');
    const moved = nextChange();
    await setApplicationStatus(db, ada, first, 'reviewing');
    await moved;
    const after = await pageWorkspace(db, search, listAll);
    // (Written without triggers, the hidden one has no search document: it ranks by its name alone.)
    expect(names(after)).toEqual(['Quokka Second', 'Quokka First', 'Quokka Hidden', 'Quokka Unheard']);
    expect(after.byStatus).toEqual({ pending: 3, reviewing: 1 });
    expect(await neighbours(db, search, listAll, first)).toMatchObject({ previous: { id: second }, next: { positionId: position } });
  });

  it('is never remembered when filtered by interview, which depends on the time as well as the data', async () => {
    const { db } = backend.database;
    expect(remembering()).toBe(true);
    const position = await addPosition(db, { title: 'Cache Interviews' });
    const wombat = await addApplication(db, position, { fullName: 'Wombat Booked', email: 'w1@cache.test' });
    const booked = query({ q: 'wombat', interview: 'booked' });
    expect((await pageWorkspace(db, booked, listAll)).total).toBe(0);
    // A booking tells nothing (migration 0038 leaves bookings out: only this filter reads them), and is seen at once.
    const startsAt = new Date(Date.now() + 86_400_000);
    await db.insert(bookings).values({
      uid: 'cache-wombat@helixpoint',
      kind: 'interview',
      status: 'confirmed',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      guestName: 'Wombat Booked',
      guestEmail: 'w1@cache.test',
      guestTimeZone: 'America/Chicago',
      applicationId: wombat,
      manageTokenHash: 'cache-wombat',
    });
    expect((await pageWorkspace(db, booked, listAll)).rows.map((row) => row.id)).toEqual([wombat]);
  });
});
