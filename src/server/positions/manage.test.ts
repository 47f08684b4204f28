import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPositionForm, positionFormSchema, positionFormValues } from '@/lib/positions/schema';
import { listAuditLog } from '../audit/log';
import { positions } from '../db/schema';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addApplication, addUser, everyone } from '../testing/fixtures';
import { listOpenPositions } from './board';
import { createPosition, getPosition, listAdminPositions, setPositionActive, updatePosition } from './manage';

/* The position commands of the admin area against a real PostgreSQL: the rules, and the audit log. */

let database: TestDatabase;
let ada: Awaited<ReturnType<typeof addUser>>;

beforeAll(async () => {
  database = await startTestDatabase();
  ada = await addUser(database.db, 'ada', 'admin');
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

const form = (overrides: Partial<typeof emptyPositionForm> = {}) =>
  positionFormSchema.parse({
    ...emptyPositionForm,
    title: 'Site Reliability Engineer',
    location: 'Austin, TX',
    description: 'Keep things up.',
    requirements: '- Linux\n\n• On-call experience ',
    ...overrides,
  });

describe('positions', () => {
  it('adds active positions (Remote by default) with lists from one-per-line text, edits and toggles them', async () => {
    const id = await createPosition(database.db, ada, form());
    const [row] = await database.db.select().from(positions).where(eq(positions.id, id));
    expect(row).toMatchObject({ isActive: true, type: 'Remote', requirements: ['Linux', 'On-call experience'], departmentId: null });
    expect((await listOpenPositions(database.db)).map((position) => position.id)).toContain(id);

    await updatePosition(
      database.db,
      ada,
      id,
      form({ title: 'Senior SRE', salaryMin: '120,000', salaryMax: '150000', closesAt: '2030-01-31' }),
    );
    const [updated] = await database.db.select().from(positions).where(eq(positions.id, id));
    expect(updated).toMatchObject({
      title: 'Senior SRE',
      salaryMin: 120000,
      salaryMax: 150000,
      closesAt: new Date('2030-01-31T23:59:59.999Z'),
    });

    await setPositionActive(database.db, ada, id, false);
    expect((await listOpenPositions(database.db)).map((position) => position.id)).not.toContain(id);
    const [listed] = await listAdminPositions(database.db, everyone);
    expect(listed).toMatchObject({ id, isActive: false, applicationCount: 0 });
    expect((await listAuditLog(database.db, 3)).map((entry) => entry.action)).toEqual([
      'position.deactivated',
      'position.updated',
      'position.created',
    ]);
  });

  it('lists every position newest first with its applications, its department or General, and whether it has closed', async () => {
    const closedId = await createPosition(database.db, ada, form({ title: 'Closed Role', closesAt: '2020-01-31' }));
    await addApplication(database.db, closedId);
    const [listed] = await listAdminPositions(database.db, everyone);
    expect(listed).toMatchObject({ id: closedId, departmentName: 'General', applicationCount: 1, closed: true, isActive: true });
  });

  it('gives the form back what it stored', async () => {
    const input = form({ salaryMin: '100000', salaryMax: '120000', closesAt: '2030-06-30', responsibilities: 'Build\nRun' });
    const id = await createPosition(database.db, ada, input);
    expect(positionFormValues((await getPosition(database.db, id))!)).toEqual({
      ...input,
      requirements: 'Linux\nOn-call experience',
      responsibilities: 'Build\nRun',
    });
    expect(await getPosition(database.db, 'not-a-uuid')).toBeNull();
  });

  it('refuses to edit or toggle a position that is gone', async () => {
    const gone = '00000000-0000-4000-8000-000000000000';
    await expect(updatePosition(database.db, ada, gone, form())).rejects.toThrow('This position no longer exists.');
    await expect(setPositionActive(database.db, ada, gone, true)).rejects.toThrow('This position no longer exists.');
  });

  it('refuses a salary range upside down', () => {
    expect(
      positionFormSchema.safeParse({
        ...emptyPositionForm,
        title: 'X role',
        location: 'Remote',
        description: 'd',
        salaryMin: '200',
        salaryMax: '100',
      }).error?.issues[0]?.message,
    ).toBe('The maximum must not be below the minimum');
  });
});
