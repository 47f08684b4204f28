import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filtersFromSearchParams } from '@/lib/positions/filters';
import { countOpenPositions, getOpenPosition, listDepartments, listOpenLocations, listOpenPositions, loadJobBoard } from './board';
import { departments, positions } from '../db/schema';
import { seedDemoData } from './seed';
import { startTestDatabase, type TestDatabase } from '../testing/database';

let database: TestDatabase;
let inactiveId: string;
let generalId: string;

beforeAll(async () => {
  database = await startTestDatabase();
  await seedDemoData(database.db);
  const [inactive] = await database.db
    .insert(positions)
    .values({ title: 'Retired Role', description: 'A kubernetes role no longer open.', location: 'Austin, TX', isActive: false })
    .returning();
  inactiveId = inactive!.id;
  const [general] = await database.db
    .insert(positions)
    .values({ title: 'Office Coordinator', description: 'Keeps the 100% remote_first team organised.', location: 'Houston, TX' })
    .returning();
  generalId = general!.id;
}, 120_000);

afterAll(async () => {
  await database?.destroy();
}, 60_000);

const titles = async (filters: Parameters<typeof listOpenPositions>[1]) =>
  (await listOpenPositions(database.db, filters)).map((position) => position.title);

describe('the job board queries', () => {
  it('lists only active positions, newest first, with "General" for no department', async () => {
    const all = await listOpenPositions(database.db);
    expect(all.map((p) => p.title)).not.toContain('Retired Role');
    expect(all[0]?.title).toBe('Office Coordinator');
    expect(all[0]?.departmentName).toBe('General');
    const times = all.map((p) => p.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('searches title or description, case-insensitively', async () => {
    expect(await titles({ q: 'KUBERNETES' })).toEqual(['Platform Engineer (Kubernetes)']);
    expect(await titles({ q: 'SNOWFLAKE' })).toEqual(['Data Engineer']);
    expect(await titles({ q: 'cobol' })).toEqual([]);
    expect(await titles({ q: 'dbt' })).toEqual(['Data Engineer']);
  });

  it('treats % and _ as plain characters', async () => {
    expect(await titles({ q: '100%' })).toEqual(['Office Coordinator']);
    expect(await titles({ q: 'remote_first' })).toEqual(['Office Coordinator']);
    expect(await titles({ q: '%' })).toEqual(['Office Coordinator']);
  });

  it('combines the search with department and location', async () => {
    const [security] = await database.db.select().from(departments).where(eq(departments.name, 'Security'));
    expect((await titles({ department: security!.id })).sort()).toEqual(['DevSecOps Engineer', 'Security Engineer (Cloud)']);
    expect(await titles({ department: security!.id, location: 'Remote' })).toEqual(['DevSecOps Engineer']);
    expect(await titles({ department: security!.id, location: 'Remote', q: 'fintech' })).toEqual(['DevSecOps Engineer']);
    expect(await titles({ department: security!.id, location: 'Austin, TX' })).toEqual([]);
  });

  it('offers departments by name and the distinct locations of open positions', async () => {
    expect((await listDepartments(database.db)).map((d) => d.name)).toEqual([
      'Client Services',
      'Cloud & Infrastructure',
      'Data & AI',
      'Engineering',
      'Security',
    ]);
    expect(await listOpenLocations(database.db)).toEqual(['Austin, TX', 'Dallas, TX', 'Houston, TX', 'Remote']);
  });

  it('reads filters from the URL and drops malformed ones', () => {
    expect(filtersFromSearchParams(new URLSearchParams('q=%20cloud%20&department=not-a-uuid&location=Remote'))).toEqual({
      q: 'cloud',
      department: undefined,
      location: 'Remote',
    });
    expect(filtersFromSearchParams(new URLSearchParams('q=' + 'x'.repeat(500))).q).toHaveLength(100);
  });

  it('finds an open position, and nothing for inactive, closed, unknown or malformed ids', async () => {
    expect((await getOpenPosition(database.db, generalId))?.departmentName).toBe('General');
    expect(await getOpenPosition(database.db, inactiveId)).toBeNull();
    expect(await getOpenPosition(database.db, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await getOpenPosition(database.db, "1' or '1'='1")).toBeNull();
    const [closed] = await database.db
      .insert(positions)
      .values({ title: 'Closed Role', description: 'Was open until 2020.', location: 'Remote', closesAt: new Date('2020-01-01') })
      .returning();
    expect(await getOpenPosition(database.db, closed!.id)).toBeNull();
    expect((await listOpenPositions(database.db)).map((position) => position.title)).not.toContain('Closed Role');
  });

  it('counts the open positions without reading them, whatever the filters show', async () => {
    const open = (await listOpenPositions(database.db)).length;
    expect(await countOpenPositions(database.db)).toBe(open);
    const board = await loadJobBoard(database.db, { q: 'kubernetes' });
    expect(board.openCount).toBe(open);
    expect(board.positions.map((card) => card.title)).toEqual(['Platform Engineer (Kubernetes)']);
    expect(Object.keys(board.positions[0]!).sort()).toEqual(['departmentName', 'description', 'id', 'location', 'title', 'type']);
  });
});
