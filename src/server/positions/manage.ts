import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import { announcePosition } from '../alerts/alerts.ts';
import type { JobSender } from '../jobs/queue.ts';
import { departmentName } from './board.ts';
import { changePositions } from './changes.ts';
import type { Database } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { positionsInScope, type Permission, type Who } from '../access/permissions.ts';
import { departments, positions } from '../db/schema.ts';
import { talliedApplicationsOf } from '../applications/tally.ts';
import { isUuid } from '../../lib/ids.ts';
import { positionValues, type PositionForm } from '../../lib/positions/schema.ts';
import { positionFormMessages } from '../../lib/positions/texts.ts';

/**
 * Positions in the admin area (spec section 6): every position newest first with its applications,
 * added (active, Remote by default), edited, activated and deactivated; each change audited.
 */

/** The positions the person may see with `permission` (the dashboard: positions.view), newest first. */
export async function listAdminPositions(db: Database, who: Who, permission: Permission = 'positions.view', now = new Date()) {
  const rows = await db
    .select({
      id: positions.id,
      title: positions.title,
      location: positions.location,
      type: positions.type,
      isActive: positions.isActive,
      closesAt: positions.closesAt,
      createdAt: positions.createdAt,
      departmentName,
      // Kept per position (applications/tally.ts): not every application counted for each position.
      applicationCount: talliedApplicationsOf(positions.id),
    })
    .from(positions)
    .leftJoin(departments, eq(positions.departmentId, departments.id))
    .where(positionsInScope(who, permission))
    .orderBy(desc(positions.createdAt));
  return rows.map((row) => ({ ...row, closed: Boolean(row.closesAt && row.closesAt < now) }));
}

/** The positions a person may reach with a permission, newest first: a filter's choices (no counts to compute). */
export async function listPositionChoices(db: Database, who: Who, permission: Permission) {
  return db
    .select({ id: positions.id, title: positions.title })
    .from(positions)
    .where(positionsInScope(who, permission))
    .orderBy(desc(positions.createdAt));
}

/**
 * A position's columns without its pay band for offers: the band is read only through
 * offers/band.ts, which asks whether the person may see pay (issue 54).
 */
const {
  offerBandMin: _min,
  offerBandMax: _max,
  offerBandCurrency: _currency,
  offerBandPeriod: _period,
  ...positionColumns
} = getTableColumns(positions);

const positionById = builtOnce((db: Database) =>
  db
    .select(positionColumns)
    .from(positions)
    .where(eq(positions.id, sql.placeholder('positionId')))
    .prepare(''),
);

/** Any position, open or not (the admin area's pages), without its pay band; null for an id that is not one. */
export async function getPosition(db: Database, positionId: string) {
  if (!isUuid(positionId)) return null;
  const [row] = await positionById(db).execute({ positionId });
  return row ?? null;
}

/** `jobs` queues the job alert digest with the change (without it, the hourly run sends it). */
export async function createPosition(db: Database, actor: Actor, form: PositionForm, jobs?: Pick<JobSender, 'send'>): Promise<string> {
  return changePositions(db, async (tx) => {
    // New positions are active (spec section 4).
    const [row] = await tx
      .insert(positions)
      .values({ ...positionValues(form), isActive: true })
      .returning({ id: positions.id });
    if (!row) throw new Error('The position was not stored.');
    await audit(tx, actor, 'position.created', row.id, { title: form.title });
    await announcePosition(tx, row.id, jobs);
    return row.id;
  });
}

export async function updatePosition(db: Database, actor: Actor, positionId: string, form: PositionForm): Promise<void> {
  await changePositions(db, async (tx) => {
    const updated = await tx
      .update(positions)
      .set({ ...positionValues(form), updatedAt: new Date() })
      .where(eq(positions.id, positionId))
      .returning({ id: positions.id });
    if (updated.length === 0) throw new AdminRuleError(positionFormMessages.gone);
    await audit(tx, actor, 'position.updated', positionId, { title: form.title });
  });
}

export async function setPositionActive(
  db: Database,
  actor: Actor,
  positionId: string,
  active: boolean,
  jobs?: Pick<JobSender, 'send'>,
): Promise<void> {
  await changePositions(db, async (tx) => {
    const [updated] = await tx
      .update(positions)
      // Applications of a closed position are kept RETENTION_APPLICATION_DAYS from its closing.
      .set({ isActive: active, deactivatedAt: active ? null : sql`coalesce(${positions.deactivatedAt}, now())`, updatedAt: new Date() })
      .where(eq(positions.id, positionId))
      .returning({ title: positions.title });
    if (!updated) throw new AdminRuleError(positionFormMessages.gone);
    await audit(tx, actor, active ? 'position.activated' : 'position.deactivated', positionId, { title: updated.title });
    if (active) await announcePosition(tx, positionId, jobs);
  });
}
