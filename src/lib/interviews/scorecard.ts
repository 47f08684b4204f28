import { z } from 'zod/mini';
import { recommendations, scores, type Recommendation, type Score } from './plan.ts';

/**
 * A scorecard (issue 32): one interviewer's structured feedback on one stage of one application.
 * Each attribute on the four-point scale with evidence (required for a 1 or a 4: the extremes need
 * a reason), key take-aways, and an overall recommendation. A draft may be partial; a submitted
 * card is complete. The form on the application's page and the server read this one schema.
 */

export const scorecardStatuses = ['draft', 'submitted'] as const;
export type ScorecardStatus = (typeof scorecardStatuses)[number];

export const EVIDENCE_MAX = 2000;
export const TAKEAWAYS_MAX = 5000;

export const scorecardFormSchema = z.object({
  applicationId: z.uuid(),
  stageId: z.string().check(z.regex(/^[a-z0-9-]{1,40}$/, 'Stage: choose one of the plan’s stages.')),
  answers: z
    .array(
      z.object({
        attributeId: z.string().check(z.regex(/^[a-z0-9-]{1,40}$/)),
        score: z.nullable(z.union(scores.map((score) => z.literal(score)) as [z.ZodMiniLiteral<1>, ...z.ZodMiniLiteral<Score>[]])),
        evidence: z.string().check(z.trim(), z.maxLength(EVIDENCE_MAX, `Evidence: at most ${EVIDENCE_MAX} characters.`)),
      }),
    )
    .check(z.maxLength(8)),
  takeaways: z.string().check(z.trim(), z.maxLength(TAKEAWAYS_MAX, `Key take-aways: at most ${TAKEAWAYS_MAX} characters.`)),
  recommendation: z.nullable(z.enum(recommendations)),
  /** Save a draft (only its author sees it), or submit (complete, and seen by the panel). */
  intent: z.enum(['draft', 'submit']),
});
export type ScorecardForm = z.infer<typeof scorecardFormSchema>;

/** One answered attribute as stored: with the texts it was answered against. */
export interface ScorecardAnswer {
  attributeId: string;
  name: string;
  levels: [string, string, string, string];
  score: Score | null;
  evidence: string;
}

export const scorecardTexts = {
  unscored: (name: string) => `${name}: choose a score from 1 to 4.`,
  evidence: (name: string) => `${name}: write the evidence for a 1 or a 4 (what the candidate said or did).`,
  recommendation: 'Overall recommendation: choose Strong no, No, Yes or Strong yes.',
  unknownStage: 'Stage: choose one of the plan’s stages.',
  saved: 'Draft saved. Only you see it until you submit.',
  submitted: 'Scorecard submitted. You now see the other interviewers’ scorecards.',
  amended: 'Scorecard amended. The timeline shows it was changed after submitting.',
} as const;

/**
 * What keeps a scorecard from being submitted, in the plan's order: every attribute scored,
 * evidence for each 1 and 4, and a recommendation. Empty when it can be submitted.
 */
export function submitProblems(answers: readonly ScorecardAnswer[], recommendation: Recommendation | null): string[] {
  const problems: string[] = [];
  for (const answer of answers) {
    if (answer.score === null) problems.push(scorecardTexts.unscored(answer.name));
    else if ((answer.score === 1 || answer.score === 4) && answer.evidence.trim() === '')
      problems.push(scorecardTexts.evidence(answer.name));
  }
  if (recommendation === null) problems.push(scorecardTexts.recommendation);
  return problems;
}
