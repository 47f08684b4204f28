import { eq, inArray, sql } from 'drizzle-orm';
import { changePositions } from './changes.ts';
import type { Database } from '../db/client.ts';
import { appMeta, departments, positions } from '../db/schema.ts';
import { seedDepartments, seedPositions } from './seed-data.ts';

const SEEDED_KEY = 'demo_data_seeded_at';

export interface SeedResult {
  departments: number;
  positions: number;
}

/**
 * Inserts the demo departments and positions that are not there yet (matched by name and title),
 * so it can run any number of times without duplicating anything.
 */
export async function seedDemoData(db: Database): Promise<SeedResult> {
  // Announced: a server already running shows the new positions at once.
  return changePositions(db, async (tx) => {
    // Two servers starting together must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('helixpoint:seed'))`);
    const insertedDepartments = await tx
      .insert(departments)
      .values(seedDepartments.map((name) => ({ name })))
      .onConflictDoNothing({ target: departments.name })
      .returning({ id: departments.id });
    const departmentIds = new Map(
      (
        await tx
          .select()
          .from(departments)
          .where(inArray(departments.name, [...seedDepartments]))
      ).map((d) => [d.name, d.id]),
    );
    const existingTitles = new Set(
      (
        await tx
          .select({ title: positions.title })
          .from(positions)
          .where(
            inArray(
              positions.title,
              seedPositions.map((p) => p.title),
            ),
          )
      ).map((p) => p.title),
    );
    const missing = seedPositions.filter((position) => !existingTitles.has(position.title));
    // Oldest first, so the job board (newest first) shows them in the order written.
    for (const [index, position] of missing.entries()) {
      await tx.insert(positions).values({
        title: position.title,
        description: position.description,
        location: position.location,
        type: position.type,
        departmentId: departmentIds.get(position.department) ?? null,
        requirements: position.requirements,
        responsibilities: position.responsibilities,
        salaryMin: position.salaryMin ?? null,
        salaryMax: position.salaryMax ?? null,
        createdAt: new Date(Date.now() - (missing.length - index) * 60_000),
      });
    }
    await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: new Date().toISOString(), updatedAt: new Date() } });
    return { departments: insertedDepartments.length, positions: missing.length };
  });
}

/**
 * At start: seed only a database that was never seeded, so positions an admin removed on purpose
 * do not come back after a restart. `npm run seed` seeds on demand.
 */
export async function seedIfNeverSeeded(db: Database): Promise<SeedResult | null> {
  const [seeded] = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  return seeded ? null : seedDemoData(db);
}
