import { asc, eq } from 'drizzle-orm';
import { audit, type Actor } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { heardAboutOptions } from '../db/schema.ts';
import { changePositions } from '../positions/changes.ts';

/** The options of "How did you hear about us?", in the order the apply form lists them. */
export async function listHeardAboutOptions(db: Database): Promise<string[]> {
  const rows = await db.select({ label: heardAboutOptions.label }).from(heardAboutOptions).orderBy(asc(heardAboutOptions.sortOrder));
  return rows.map((row) => row.label);
}

/**
 * What an application stores for the select: the option as posted when it is one of today's
 * options, else nothing (an answer an admin removed while the form was open is dropped, not
 * refused: the question is optional).
 */
export async function heardAboutAnswer(db: Database, posted: string): Promise<string | null> {
  const label = posted.trim();
  if (label === '') return null;
  const [row] = await db.select({ label: heardAboutOptions.label }).from(heardAboutOptions).where(eq(heardAboutOptions.label, label));
  return row?.label ?? null;
}

/**
 * Replaces the options. The apply pages list them and are kept in memory (page-cache.ts), so the
 * change goes through changePositions(), which tells every instance to render them again.
 */
export async function saveHeardAboutOptions(db: Database, actor: Actor, options: string[]): Promise<void> {
  await changePositions(db, async (tx) => {
    await tx.delete(heardAboutOptions);
    if (options.length > 0) {
      await tx.insert(heardAboutOptions).values(options.map((label, index) => ({ label, sortOrder: index + 1 })));
    }
    await audit(tx, actor, 'heard_about.updated', 'heard-about', { options });
  });
}
