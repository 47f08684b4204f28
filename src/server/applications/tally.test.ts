import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyWorkspaceQuery } from '@/lib/applications/query';
import { applications, applicationTallies } from '../db/schema';
import { addTeamMember } from '../positions/team';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addApplication, addPosition, addUser, listAll } from '../testing/fixtures';
import { addUpTallies, talliedSources, talliedStatuses } from './tally';
import { listApplicationSources, pageWorkspace } from './workspace';

/* The counts kept per position, status and source (migration 0032) against a real PostgreSQL. */

let database: TestDatabase;

beforeAll(async () => {
  database = await startTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

/** Each status's number, as counting the applications says it, for the same reach. */
async function counted(positionIds: string[] | null) {
  const { rows } = await database.pool.query<{ status: string; count: number }>(
    `select status, count(*)::int as count from applications ${positionIds ? 'where position_id = any($1)' : ''} group by 1`,
    positionIds ? [positionIds] : [],
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}
const asRecord = (rows: { status: string; count: number }[] | null) =>
  Object.fromEntries((rows ?? []).map((row) => [row.status, row.count]));

describe('the counts kept per position', () => {
  it('follow arrivals (one at a time and many at once), moves between statuses and positions, and removals', async () => {
    const { db, pool } = database;
    const backend = await addPosition(db, { title: 'Tally Backend' });
    const frontend = await addPosition(db, { title: 'Tally Frontend' });
    const first = await addApplication(db, backend, { email: 't1@tally.test', source: 'linkedin' });
    await addApplication(db, backend, { email: 't2@tally.test', source: 'linkedin', status: 'reviewing' });
    const third = await addApplication(db, frontend, { email: 't3@tally.test', source: 'direct' });
    // Many in one statement (a restore, an import).
    await pool.query(
      `insert into applications (position_id, full_name, email, phone, address, gender, cover_letter, source, status)
       select $1, 'Many ' || n, 'many' || n || '@tally.test', '+15125550147', '100 Congress Ave', 'female', 'Hello', 'github', 'pending'
       from generate_series(1, 30) n`,
      [frontend],
    );
    await db.update(applications).set({ status: 'interview' }).where(eq(applications.id, first));
    await db.update(applications).set({ positionId: backend, source: 'referral' }).where(eq(applications.id, third));
    await pool.query(`delete from applications where email in ('many1@tally.test', 'many2@tally.test')`);
    const reach = { who: { id: 'nobody', role: 'admin' as const }, permission: 'applications.list' as const };
    expect(asRecord(await talliedStatuses(db, reach, null))).toEqual(await counted(null));
    expect(asRecord(await talliedStatuses(db, reach, backend))).toEqual({ interview: 1, reviewing: 1, pending: 1 });
    expect(asRecord(await talliedStatuses(db, reach, frontend))).toEqual({ pending: 28 });
    expect(await talliedSources(db, reach, 10)).toEqual(expect.arrayContaining(['github', 'linkedin', 'referral']));
    expect((await talliedSources(db, reach, 10))!.indexOf('github')).toBeLessThan(
      (await talliedSources(db, reach, 10))!.indexOf('linkedin'),
    );

    // Added up: one row a key, the same counts; a key that came to nothing is gone.
    const before = (await pool.query('select count(*)::int as n from application_tallies')).rows[0].n;
    expect((await addUpTallies(db)).keys).toBeGreaterThan(0);
    const { rows: keys } = await pool.query<{ rows: number }>(
      'select count(*)::int as rows from application_tallies group by position_id, status, source having count(*) > 1',
    );
    expect(keys).toEqual([]);
    expect((await pool.query('select count(*)::int as n from application_tallies')).rows[0].n).toBeLessThan(before);
    expect((await pool.query('select count(*)::int as n from application_tallies where applications = 0')).rows[0].n).toBe(0);
    expect(asRecord(await talliedStatuses(db, reach, null))).toEqual(await counted(null));
    expect(await talliedSources(db, reach, 10)).not.toContain('direct');
    expect((await addUpTallies(db)).keys).toBe(0);
  });

  it("answer for a hiring manager's teams, and leave an interviewer's reach (application by application) to a count", async () => {
    const { db } = database;
    const mine = await addPosition(db, { title: 'Tally Team' });
    const theirs = await addPosition(db, { title: 'Tally Other' });
    await addApplication(db, mine, { email: 'm1@tally.test', source: 'team-source' });
    await addApplication(db, theirs, { email: 'o1@tally.test', source: 'other-source' });
    const manager = await addUser(db, 'tally-manager', 'hiring_manager');
    await addTeamMember(db, { id: null, role: 'admin', email: 'a@helixpoint.test' }, mine, manager.id);
    const managerReach = { who: manager, permission: 'applications.list' as const };
    expect(asRecord(await talliedStatuses(db, managerReach, null))).toEqual(await counted([mine]));
    expect(await talliedSources(db, managerReach, 10)).toEqual(['team-source']);
    expect(await listApplicationSources(db, managerReach)).toEqual(['team-source']);
    const interviewer = await addUser(db, 'tally-interviewer', 'interviewer');
    expect(await talliedStatuses(db, { who: interviewer, permission: 'applications.read' }, null)).toBeNull();
    // The workspace's counts are the tallies' when only a position or status filters it, and a count otherwise.
    const view = await pageWorkspace(db, { ...emptyWorkspaceQuery, position: mine }, listAll);
    expect(view.byStatus).toEqual(await counted([mine]));
    const searched = await pageWorkspace(db, { ...emptyWorkspaceQuery, source: 'team-source' }, listAll);
    expect(searched.all).toBe(1);
  });

  it('are filled from the applications stored before they were kept (migration 0032)', async () => {
    const { db, pool } = database;
    await addApplication(db, await addPosition(db), { email: 'before@tally.test', source: 'before-source' });
    // As the previous release left them: none kept.
    await db.delete(applicationTallies);
    const migration = readFileSync(new URL('../db/migrations/0032_application_tallies.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((statement) => statement.includes('FROM "applications" GROUP BY'));
    await db.execute(sql.raw(backfill!));
    expect(asRecord(await talliedStatuses(db, listAll, null))).toEqual(await counted(null));
    expect(await talliedSources(db, listAll, 100)).toContain('before-source');
    expect((await pool.query('select count(*)::int as n from application_tallies')).rows[0].n).toBeGreaterThan(0);
  });
});
