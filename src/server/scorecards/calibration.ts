import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { applications, scorecards } from '../db/schema.ts';
import { applicationsInScope, type Who } from '../access/permissions.ts';
import type { InterviewPlan, Recommendation } from '../../lib/interviews/plan.ts';

/**
 * The calibration view of a position (issue 32): per stage, its candidates side by side, each
 * attribute's average score over the submitted scorecards, how many scored, and the
 * recommendations; best average first. Only applications within the person's reach of everyone's
 * feedback (`applications.notes`), only submitted cards.
 *
 * Each stage shows its best `shown` candidates (all with null) and counts the rest: a popular
 * position has a thousand candidates with a scorecard, and a table of all of them was 485 KB and
 * 185 ms (issue 52). Whoever wants them all asks for them.
 */
export const CALIBRATION_SHOWN = 50;

export async function calibration(
  db: Database,
  who: Who,
  positionId: string,
  plan: InterviewPlan,
  { shown = CALIBRATION_SHOWN as number | null } = {},
) {
  const rows = await db
    .select({
      applicationId: applications.id,
      fullName: applications.fullName,
      stageId: scorecards.stageId,
      stageName: scorecards.stageName,
      answers: scorecards.answers,
      recommendation: scorecards.recommendation,
    })
    .from(scorecards)
    .innerJoin(applications, eq(applications.id, scorecards.applicationId))
    .where(and(eq(applications.positionId, positionId), eq(scorecards.status, 'submitted'), applicationsInScope(who, 'applications.notes')))
    .orderBy(asc(applications.fullName));
  // The plan's stages first, in its order; then stages only old scorecards name.
  const stageIds = [...new Set([...plan.map((stage) => stage.id), ...rows.map((row) => row.stageId)])];
  return stageIds.flatMap((stageId) => {
    const cards = rows.filter((row) => row.stageId === stageId);
    if (cards.length === 0) return [];
    // Each candidate's cards, in one pass (a filter per candidate was quadratic).
    const byApplication = new Map<string, typeof cards>();
    for (const card of cards) {
      const theirs = byApplication.get(card.applicationId);
      if (theirs) theirs.push(card);
      else byApplication.set(card.applicationId, [card]);
    }
    const planned = plan.find((stage) => stage.id === stageId);
    const attributes = planned
      ? planned.attributes.map((attribute) => ({ id: attribute.id, name: attribute.name }))
      : [...new Map(cards.flatMap((card) => card.answers.map((answer) => [answer.attributeId, answer.name]))).entries()].map(
          ([id, name]) => ({ id, name }),
        );
    const candidates = [...byApplication].map(([applicationId, theirs]) => {
      const averages = attributes.map((attribute) => {
        const given = theirs.flatMap((card) =>
          card.answers.filter((answer) => answer.attributeId === attribute.id && answer.score !== null),
        );
        return given.length ? given.reduce((sum, answer) => sum + answer.score!, 0) / given.length : null;
      });
      const scored = averages.filter((value): value is number => value !== null);
      return {
        applicationId,
        fullName: theirs[0]!.fullName,
        scorecards: theirs.length,
        averages,
        overall: scored.length ? scored.reduce((sum, value) => sum + value, 0) / scored.length : null,
        recommendations: theirs.map((card) => card.recommendation).filter((value): value is Recommendation => value !== null),
      };
    });
    candidates.sort((a, b) => (b.overall ?? 0) - (a.overall ?? 0) || a.fullName.localeCompare(b.fullName));
    return [
      {
        stageId,
        stageName: planned?.name ?? cards[0]!.stageName,
        attributes,
        candidates: shown === null ? candidates : candidates.slice(0, shown),
        total: candidates.length,
      },
    ];
  });
}
