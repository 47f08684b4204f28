import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relatedPositions } from './related';
import { departments, positions } from '../db/schema';
import { startTestDatabase, type TestDatabase } from '../testing/database';

let database: TestDatabase;
let cloudId: string;
let dataId: string;

/** Minutes before now, so "newest" is decided by the test and not by insert timing. */
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function addPosition(values: {
  title: string;
  location: string;
  departmentId?: string | null;
  createdAt: Date;
  isActive?: boolean;
  closesAt?: Date | null;
}) {
  const [row] = await database.db
    .insert(positions)
    .values({ description: `${values.title}: the work.`, ...values })
    .returning();
  return row!;
}

const titlesRelatedTo = async (position: { id: string; departmentId: string | null; location: string }, limit?: number) =>
  (await relatedPositions(database.db, position, limit)).map((related) => related.title);

beforeAll(async () => {
  database = await startTestDatabase();
  const rows = await database.db
    .insert(departments)
    .values([{ name: 'Cloud' }, { name: 'Data' }])
    .returning();
  cloudId = rows.find((row) => row.name === 'Cloud')!.id;
  dataId = rows.find((row) => row.name === 'Data')!.id;
}, 120_000);

afterAll(async () => {
  await database?.destroy();
}, 60_000);

describe('relatedPositions', () => {
  let current: Awaited<ReturnType<typeof addPosition>>;

  beforeAll(async () => {
    current = await addPosition({ title: 'Cloud Engineer', location: 'Austin, TX', departmentId: cloudId, createdAt: minutesAgo(50) });
    // Newest of all, but neither the department nor the location: last.
    await addPosition({ title: 'Data Analyst', location: 'Remote', departmentId: dataId, createdAt: minutesAgo(1) });
    await addPosition({ title: 'Data Engineer', location: 'Austin, TX', departmentId: dataId, createdAt: minutesAgo(5) });
    // Older than all but one, yet ahead of them: the same department.
    await addPosition({ title: 'Cloud Architect', location: 'Dallas, TX', departmentId: cloudId, createdAt: minutesAgo(90) });
    await addPosition({ title: 'Office Coordinator', location: 'Austin, TX', departmentId: null, createdAt: minutesAgo(10) });
    // Not open: never shown, however well they match.
    await addPosition({
      title: 'Retired Cloud Role',
      location: 'Austin, TX',
      departmentId: cloudId,
      createdAt: minutesAgo(2),
      isActive: false,
    });
    await addPosition({
      title: 'Closed Cloud Role',
      location: 'Austin, TX',
      departmentId: cloudId,
      createdAt: minutesAgo(3),
      closesAt: minutesAgo(1),
    });
    await addPosition({
      title: 'Closing Cloud Role',
      location: 'Austin, TX',
      departmentId: cloudId,
      createdAt: minutesAgo(120),
      closesAt: new Date(Date.now() + 86_400_000),
    });
  });

  it('ranks the same department first, then the same location, then the newest, leaving out closed positions', async () => {
    expect(await titlesRelatedTo(current, 10)).toEqual([
      // Same department: the one in the same location too first, though older (a future closing date is still open).
      'Closing Cloud Role',
      'Cloud Architect',
      // Same location, newest first.
      'Data Engineer',
      'Office Coordinator',
      // Neither.
      'Data Analyst',
    ]);
  });

  it('shows at most three by default, and never the position itself', async () => {
    const related = await relatedPositions(database.db, current);
    expect(related.map((position) => position.title)).toEqual(['Closing Cloud Role', 'Cloud Architect', 'Data Engineer']);
    expect(related.map((position) => position.id)).not.toContain(current.id);
    expect(Object.keys(related[0]!).sort()).toEqual(['departmentName', 'description', 'id', 'location', 'title', 'type']);
    expect(related[0]!.departmentName).toBe('Cloud');
  });

  it('for a position without a department, ranks by location only and calls the others "General"', async () => {
    const coordinator = (await relatedPositions(database.db, current, 10)).find((position) => position.title === 'Office Coordinator')!;
    expect(coordinator.departmentName).toBe('General');
    // Another position without a department is not "the same department": only Austin counts.
    await addPosition({ title: 'Receptionist', location: 'Houston, TX', departmentId: null, createdAt: minutesAgo(4) });
    expect(await titlesRelatedTo({ id: coordinator.id, departmentId: null, location: 'Austin, TX' }, 10)).toEqual([
      'Data Engineer',
      'Cloud Engineer',
      'Closing Cloud Role',
      'Data Analyst',
      'Receptionist',
      'Cloud Architect',
    ]);
  });

  it('finds nothing when no other position is open', async () => {
    const lonely = await startTestDatabase();
    try {
      const [only] = await lonely.db
        .insert(positions)
        .values({ title: 'Only Role', description: 'Alone.', location: 'Remote' })
        .returning();
      expect(await relatedPositions(lonely.db, only!)).toEqual([]);
    } finally {
      await lonely.destroy();
    }
  });
});
