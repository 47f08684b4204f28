import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addPosition } from '../testing/fixtures';
import type { Database } from './client';
import { applications, contactMessages, departments, positions } from './schema';
import { seedDemoData, seedIfNeverSeeded } from '../positions/seed';
import { seedPositions } from '../positions/seed-data';

/* The schema's own rules and the demo data. */

let database: TestDatabase;

const positionCount = async (db: Database) => (await db.select({ value: count() }).from(positions))[0]?.value ?? 0;

/** The PostgreSQL error a statement fails with (code and constraint), or null if it succeeds. */
async function rejection(statement: Promise<unknown>): Promise<{ code: string; constraint?: string } | null> {
  try {
    await statement;
    return null;
  } catch (error) {
    const cause = (error as { cause?: { code: string; constraint?: string } }).cause ?? (error as { code: string; constraint?: string });
    return { code: cause.code, ...(cause.constraint ? { constraint: cause.constraint } : {}) };
  }
}

describe('the demo data', () => {
  // Seeding happens once per database: each test starts from an empty one.
  beforeEach(async () => {
    database = await startTestDatabase();
  });
  afterEach(async () => {
    await database?.destroy();
  });

  it('seeds demo data once at start and never duplicates it', async () => {
    const first = await seedIfNeverSeeded(database.db);
    expect(first).toEqual({ departments: 5, positions: seedPositions.length });
    expect(await seedIfNeverSeeded(database.db)).toBeNull();
    expect(await seedDemoData(database.db)).toEqual({ departments: 0, positions: 0 });
    expect(await positionCount(database.db)).toBe(seedPositions.length);
    expect(seedPositions.length).toBeGreaterThanOrEqual(8);
    const locations = new Set((await database.db.select({ location: positions.location }).from(positions)).map((row) => row.location));
    expect([...locations].sort()).toEqual(['Austin, TX', 'Dallas, TX', 'Remote']);
  });

  it('lets an on-demand seed restore a removed demo position, still without duplicates', async () => {
    await seedIfNeverSeeded(database.db);
    const [position] = await database.db.select().from(positions).where(eq(positions.title, 'Data Engineer'));
    await database.db.delete(positions).where(eq(positions.id, position!.id));
    expect(await seedDemoData(database.db)).toEqual({ departments: 0, positions: 1 });
    expect(await seedDemoData(database.db)).toEqual({ departments: 0, positions: 0 });
  });
});

describe('the database itself', () => {
  // Each case adds rows of its own; none depends on another's.
  beforeAll(async () => {
    database = await startTestDatabase();
  });
  afterAll(async () => {
    await database?.destroy();
  });

  describe('rejects bad rows', () => {
    const validPosition = { title: 'QA Engineer', description: 'Tests things.', location: 'Remote' };
    const validApplication = async () => {
      return {
        positionId: await addPosition(database.db),
        fullName: 'Ada Lovelace',
        email: 'ada@example.dev',
        phone: '+15125550142',
        address: '600 Congress Avenue, Austin',
        gender: 'female' as const,
        coverLetter: 'I would like to join.',
      };
    };

    it('accepts valid rows, with the spec defaults', async () => {
      const [position] = await database.db.insert(positions).values(validPosition).returning();
      expect(position).toMatchObject({ type: 'Remote', isActive: true, requirements: [], responsibilities: [] });
      const [application] = await database.db
        .insert(applications)
        .values(await validApplication())
        .returning();
      expect(application?.status).toBe('pending');
    });

    it.each([
      ['a position type outside the list', { type: 'Freelance' }, 'positions_type'],
      ['a salary range upside down', { salaryMin: 200, salaryMax: 100 }, 'positions_salary_range'],
      ['a one-letter title', { title: 'X' }, 'positions_title_length'],
      ['a blank description', { description: '   ' }, 'positions_description_not_blank'],
    ])('positions: %s', async (_case, change, constraint) => {
      // Cast: the types refuse these values too; the point is that the database does, whatever the caller.
      const row = { ...validPosition, ...change } as typeof positions.$inferInsert;
      expect(await rejection(database.db.insert(positions).values(row))).toEqual({ code: '23514', constraint });
    });

    it.each([
      ['an unknown status', { status: 'archived' }, 'applications_status'],
      ['an unknown gender', { gender: 'unknown' }, 'applications_gender'],
      ['a phone without country code', { phone: '5125550142' }, 'applications_phone'],
      ['a malformed e-mail', { email: 'ada-at-example' }, 'applications_email'],
      ['an e-mail with capitals', { email: 'Ada@Example.dev' }, 'applications_email_lowercase'],
      ['a short address', { address: 'Austin' }, 'applications_address_length'],
    ])('applications: %s', async (_case, change, constraint) => {
      const row = { ...(await validApplication()), ...change } as typeof applications.$inferInsert;
      expect(await rejection(database.db.insert(applications).values(row))).toEqual({
        code: '23514',
        constraint,
      });
    });

    it('applications: a position that does not exist', async () => {
      const application = { ...(await validApplication()), positionId: '00000000-0000-4000-8000-000000000000' };
      expect((await rejection(database.db.insert(applications).values(application)))?.code).toBe('23503');
    });

    it('contact messages: an e-mail with capitals', async () => {
      const message = { firstName: 'Jo', lastName: 'Doe', email: 'Jo@Mail.test', reason: 'support' as const, message: 'Hi' };
      expect(await rejection(database.db.insert(contactMessages).values(message))).toEqual({
        code: '23514',
        constraint: 'contact_messages_email_lowercase',
      });
    });

    it('departments: a duplicate name', async () => {
      await database.db.insert(departments).values({ name: 'Security' });
      expect((await rejection(database.db.insert(departments).values({ name: 'Security' })))?.code).toBe('23505');
    });

    it('positions: deleting a position that has applications', async () => {
      const application = await validApplication();
      await database.db.insert(applications).values(application);
      // 23001: restrict_violation (ON DELETE RESTRICT keeps applications and their position together).
      expect((await rejection(database.db.delete(positions).where(eq(positions.id, application.positionId))))?.code).toBe('23001');
    });
  });
});
