import { eq, sql } from 'drizzle-orm';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { departments, positions } from '../db/schema.ts';
import { defaultPlanFor, planSchema, type InterviewPlan } from '../../lib/interviews/plan.ts';

/**
 * Interview plans (issue 32): a position's stages and focus attributes. Until someone edits it, a
 * position uses its department's default plan (so a new position starts with a sensible one);
 * saving stores the position's own. Scorecards keep the texts they were answered against, so a
 * change here never rewrites them.
 */

/** A position's interview plan: its own, or its department's default until someone edits it. */
export async function planOfPosition(db: Database, positionId: string): Promise<InterviewPlan> {
  return (await positionPlan(db, positionId)).plan;
}

const planRow = builtOnce((db: Database) =>
  db
    .select({ plan: positions.interviewPlan, department: departments.name })
    .from(positions)
    .leftJoin(departments, eq(departments.id, positions.departmentId))
    .where(eq(positions.id, sql.placeholder('positionId')))
    .prepare(''),
);

/** The plan and whether it is the department's default (the editor says so). */
export async function positionPlan(db: Database, positionId: string): Promise<{ plan: InterviewPlan; isDefault: boolean }> {
  const [row] = await planRow(db).execute({ positionId });
  return row?.plan ? { plan: row.plan, isDefault: false } : { plan: defaultPlanFor(row?.department), isDefault: true };
}

/** Saves a position's plan (checked again by the schema the editor uses), audited. */
export async function saveInterviewPlan(db: Database, actor: Actor, positionId: string, input: unknown): Promise<void> {
  const parsed = planSchema.safeParse(input);
  if (!parsed.success) throw new AdminRuleError(parsed.error.issues[0]?.message ?? 'The plan could not be read.');
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(positions)
      .set({ interviewPlan: parsed.data, updatedAt: new Date() })
      .where(eq(positions.id, positionId))
      .returning({ id: positions.id });
    if (!updated) throw new AdminRuleError('This position no longer exists.');
    await audit(tx, actor, 'position.interview_plan_updated', positionId, {
      stages: parsed.data.map((stage) => stage.name),
    });
  });
}
