import { z } from 'zod/mini';

/**
 * A position's interview plan (issue 32): its stages (a screening call, a technical interview,
 * ...), each with 2 to 8 focus attributes scored on four points, every point described in words so
 * a 3 means the same to every interviewer (Sourcegraph's rubric, Greenhouse's focus attributes).
 * A new position starts from its department's plan; recruiters and admins edit it. Scorecards keep
 * the texts they were answered against, so a later change of plan leaves them readable.
 */

/** The four points of the scale: no neutral middle. */
export const scores = [1, 2, 3, 4] as const;
export type Score = (typeof scores)[number];

export interface PlanAttribute {
  id: string;
  name: string;
  /** What a 1, 2, 3 and 4 mean, in words. */
  levels: [string, string, string, string];
}

export interface PlanStage {
  id: string;
  name: string;
  attributes: PlanAttribute[];
}

export type InterviewPlan = PlanStage[];

export const MAX_STAGES = 6;
export const MIN_ATTRIBUTES = 2;
export const MAX_ATTRIBUTES = 8;

const id = z.string().check(z.regex(/^[a-z0-9-]{1,40}$/, 'An id is lowercase letters, digits and dashes.'));
const words = (field: string, max: number) =>
  z.string().check(z.trim(), z.minLength(1, `${field}: write something.`), z.maxLength(max, `${field}: at most ${max} characters.`));

export const planSchema = z
  .array(
    z.object({
      id,
      name: words('Stage name', 80),
      attributes: z
        .array(
          z.object({
            id,
            name: words('Attribute name', 80),
            levels: z.tuple([
              words('What a 1 means', 300),
              words('What a 2 means', 300),
              words('What a 3 means', 300),
              words('What a 4 means', 300),
            ]),
          }),
        )
        .check(
          z.minLength(MIN_ATTRIBUTES, `Each stage needs at least ${MIN_ATTRIBUTES} attributes.`),
          z.maxLength(MAX_ATTRIBUTES, `A stage has at most ${MAX_ATTRIBUTES} attributes.`),
        ),
    }),
  )
  .check(
    z.minLength(1, 'The plan needs at least one stage.'),
    z.maxLength(MAX_STAGES, `A plan has at most ${MAX_STAGES} stages.`),
    z.refine((stages) => new Set(stages.map((stage) => stage.id)).size === stages.length, 'Two stages have the same id.'),
  );

/** Saving a position's plan: the editor's input, checked by the same schema on the server. */
export const interviewPlanInputSchema = z.object({ positionId: z.uuid(), plan: planSchema });

const attribute = (id: string, name: string, levels: PlanAttribute['levels']): PlanAttribute => ({ id, name, levels });

const communication = attribute('communication', 'Communication', [
  'Hard to follow; answers miss the question.',
  'Understandable, but needs prompting to be clear or concise.',
  'Clear and structured; adapts to the listener.',
  'Explains hard things simply; checks understanding without being asked.',
]);
const collaboration = attribute('collaboration', 'Collaboration', [
  'Describes work only in the first person; dismisses others’ ideas.',
  'Works with others when asked; little evidence of shared ownership.',
  'Gives credit, seeks input, resolves disagreement constructively.',
  'Makes the people around them better: mentoring, unblocking, raising the bar.',
]);
const motivation = attribute('motivation', 'Motivation for the role', [
  'No clear reason for applying; knows nothing of the role.',
  'Generic interest; the role is one option among many.',
  'Knows the role and the company; reasons fit what we offer.',
  'Specific, informed reasons; has thought about the impact they want to have here.',
]);
const problemSolving = attribute('problem-solving', 'Problem solving', [
  'Jumps to an answer without understanding the problem.',
  'Reaches a workable answer with significant help.',
  'Breaks the problem down, weighs options, explains trade-offs.',
  'Finds the simpler framing; anticipates failure modes unprompted.',
]);
const ownership = attribute('ownership', 'Ownership', [
  'Blames circumstances; outcomes were someone else’s.',
  'Did what was asked; little follow-through beyond the task.',
  'Owns results end to end, including the unglamorous parts.',
  'Raises and fixes problems nobody assigned; leaves things better than found.',
]);

/** One technical attribute per department: what "good" looks like in its own work. */
const technical: Record<string, PlanAttribute> = {
  'Cloud & Infrastructure': attribute('infrastructure', 'Cloud and infrastructure depth', [
    'Knows the names of services but not how they behave under load or failure.',
    'Has run workloads in the cloud with guidance; gaps in networking or security.',
    'Designs, automates (infrastructure as code) and operates systems that stay up.',
    'Shapes platforms others build on; reasons about cost, failure and scale together.',
  ]),
  'Data & AI': attribute('data', 'Data and modelling depth', [
    'Cannot explain how their data or model results were produced or checked.',
    'Builds pipelines or models with help; evaluation is shallow.',
    'Builds reliable pipelines and models, with sound evaluation and monitoring.',
    'Chooses the right method for the question; spots leakage, bias and drift early.',
  ]),
  Security: attribute('security', 'Security judgement', [
    'Treats security as a checklist; misses obvious threats.',
    'Knows common vulnerabilities; applies fixes when pointed to them.',
    'Models threats, prioritises by risk, and explains fixes to engineers.',
    'Anticipates attacker behaviour; builds defences that make the secure way the easy way.',
  ]),
  'Client Services': attribute('client-focus', 'Client focus', [
    'Talks about the work, not the client’s problem.',
    'Responsive to clients, but reactive; escalates what they could handle.',
    'Understands the client’s goals; sets expectations and keeps them.',
    'Becomes a trusted adviser: finds the client’s next problem before they do.',
  ]),
};
const engineering = attribute('engineering', 'Engineering craft', [
  'Code or designs are hard to follow and untested.',
  'Working solutions, with gaps in testing, structure or naming.',
  'Clean, tested, maintainable work; sensible design choices.',
  'Sets the standard: designs that stay simple as they grow; reviews that teach.',
]);

/** The plan a new position of this department starts with (an unknown or no department: the general one). */
export function defaultPlanFor(department: string | null | undefined): InterviewPlan {
  const depth = (department && technical[department]) || engineering;
  const clientFacing = department === 'Client Services';
  return [
    { id: 'screening', name: 'Screening call', attributes: [communication, motivation] },
    clientFacing
      ? { id: 'client-case', name: 'Client case', attributes: [depth, problemSolving, communication] }
      : { id: 'technical', name: 'Technical interview', attributes: [depth, problemSolving, ownership] },
    { id: 'team', name: 'Team interview', attributes: [collaboration, ownership, communication] },
    { id: 'final', name: 'Final interview', attributes: [motivation, collaboration] },
  ];
}

/** The four overall recommendations: no neutral middle either. */
export const recommendations = ['strong_no', 'no', 'yes', 'strong_yes'] as const;
export type Recommendation = (typeof recommendations)[number];
export const recommendationLabels: Record<Recommendation, string> = {
  strong_no: 'Strong no',
  no: 'No',
  yes: 'Yes',
  strong_yes: 'Strong yes',
};
