import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdminRuleError } from '../admin-command';
import {
  applicationInterviewers,
  applications,
  auditLog,
  departments,
  hiringTeamMembers,
  positions,
  scorecards,
  users,
} from '../db/schema';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addApplication, addPosition, addUser } from '../testing/fixtures';
import { applicationTimeline } from '../applications/timeline';
import { defaultPlanFor } from '../../lib/interviews/plan';
import type { ScorecardForm } from '../../lib/interviews/scorecard';
import { saveScorecard, scorecardsFor, seesOthersFeedback } from './scorecards';
import { planOfPosition, saveInterviewPlan } from './plans';
import { calibration } from './calibration';

/* Scorecards against a real PostgreSQL: blind until submitted, complete to submit, amendments audited. */

let database: TestDatabase;

beforeAll(async () => {
  database = await startTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

beforeEach(async () => {
  const db = database.db;
  await db.delete(applications);
  await db.delete(positions);
  await db.delete(departments);
  await db.delete(auditLog);
  await db.delete(users);
});

/** A Security position with a hiring manager on its team, two interviewers assigned, a recruiter. */
async function setUp() {
  const db = database.db;
  const [security] = await db.insert(departments).values({ name: 'Security' }).returning();
  const positionId = await addPosition(db, { title: 'Security Engineer', departmentId: security!.id });
  const applicationId = await addApplication(db, positionId, { fullName: 'Sam Candidate', email: 'sam@mail.test' });
  const people = {
    ivan: await addUser(db, 'ivan', 'interviewer'),
    iris: await addUser(db, 'iris', 'interviewer'),
    otto: await addUser(db, 'otto', 'interviewer'),
    hana: await addUser(db, 'hana', 'hiring_manager'),
    rita: await addUser(db, 'rita', 'recruiter'),
  };
  await db.insert(hiringTeamMembers).values({ positionId, userId: 'hana', addedByEmail: 'rita@helixpoint.test' });
  await db.insert(applicationInterviewers).values([
    { applicationId, userId: 'ivan', assignedByEmail: 'rita@helixpoint.test' },
    { applicationId, userId: 'iris', assignedByEmail: 'rita@helixpoint.test' },
  ]);
  return { db, positionId, applicationId, people };
}

/** A complete technical-stage card: every attribute scored, evidence where a 1 or a 4 needs it. */
function card(applicationId: string, values: Partial<ScorecardForm> = {}): ScorecardForm {
  const technical = defaultPlanFor('Security').find((stage) => stage.id === 'technical')!;
  return {
    applicationId,
    stageId: 'technical',
    answers: technical.attributes.map((attribute, index) => ({
      attributeId: attribute.id,
      score: index === 0 ? 4 : 3,
      evidence: index === 0 ? 'Walked through a threat model of our login flow unprompted.' : '',
    })),
    takeaways: 'Strong on threat modelling.',
    recommendation: 'yes',
    intent: 'submit',
    ...values,
  };
}

describe('scorecards', () => {
  it('a new Security position starts from its department plan, with the security attribute', async () => {
    const { db, positionId, people } = await setUp();
    const plan = await planOfPosition(db, positionId);
    expect(plan.map((stage) => stage.name)).toEqual(['Screening call', 'Technical interview', 'Team interview', 'Final interview']);
    expect(plan[1]!.attributes.map((attribute) => attribute.name)).toEqual(['Security judgement', 'Problem solving', 'Ownership']);
    for (const stage of plan) expect(stage.attributes.length).toBeGreaterThanOrEqual(2);
    // Edited: the position's own, audited; a bad plan is refused with the rule.
    await saveInterviewPlan(db, people.rita, positionId, [{ ...plan[0]!, name: 'Intro call' }, plan[1]!]);
    expect((await planOfPosition(db, positionId)).map((stage) => stage.name)).toEqual(['Intro call', 'Technical interview']);
    await expect(
      saveInterviewPlan(db, people.rita, positionId, [{ ...plan[0]!, attributes: plan[0]!.attributes.slice(0, 1) }]),
    ).rejects.toThrow('Each stage needs at least 2 attributes.');
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'position.interview_plan_updated'));
    expect(entry!.details).toEqual({ stages: ['Intro call', 'Technical interview'] });
  });

  it('are blind until submitted: an interviewer sees the others only after submitting; a hiring manager and a recruiter see every submitted one', async () => {
    const { db, applicationId, people } = await setUp();
    expect(await saveScorecard(db, people.iris, card(applicationId))).toMatchObject({ kind: 'submitted' });
    // Ivan's draft: only his; Iris's submitted card is hidden from him.
    expect(await saveScorecard(db, people.ivan, card(applicationId, { intent: 'draft', recommendation: null }))).toMatchObject({
      kind: 'saved',
    });
    let ivan = await scorecardsFor(db, people.ivan, applicationId);
    expect(ivan).toMatchObject({ others: [], hidden: 1, seesPanel: false });
    expect(ivan.mine.map((row) => row.status)).toEqual(['draft']);
    expect(await seesOthersFeedback(db, people.ivan, applicationId)).toBe(false);
    // Iris, having submitted, sees Ivan's... only once he submits (drafts are never shown).
    expect((await scorecardsFor(db, people.iris, applicationId)).others).toEqual([]);

    expect(await saveScorecard(db, people.ivan, card(applicationId, { recommendation: 'strong_yes' }))).toMatchObject({
      kind: 'submitted',
    });
    ivan = await scorecardsFor(db, people.ivan, applicationId);
    expect(ivan).toMatchObject({ hidden: 0, seesPanel: true });
    expect(ivan.others.map((row) => row.authorName)).toEqual(['iris Test']);
    expect((await scorecardsFor(db, people.iris, applicationId)).others.map((row) => row.authorName)).toEqual(['ivan Test']);

    for (const reader of [people.hana, people.rita]) {
      const seen = await scorecardsFor(db, reader, applicationId);
      expect(seen.seesPanel).toBe(true);
      expect(seen.others.map((row) => row.authorName).sort()).toEqual(['iris Test', 'ivan Test']);
    }
  });

  it('refuses to submit an incomplete card, naming each missing part; a draft may be partial', async () => {
    const { db, applicationId, people } = await setUp();
    const incomplete = card(applicationId, {
      answers: [
        { attributeId: 'security', score: 1, evidence: '' },
        { attributeId: 'problem-solving', score: null, evidence: '' },
      ],
      recommendation: null,
    });
    expect(await saveScorecard(db, people.ivan, incomplete)).toEqual({
      kind: 'incomplete',
      problems: [
        'Security judgement: write the evidence for a 1 or a 4 (what the candidate said or did).',
        'Problem solving: choose a score from 1 to 4.',
        'Ownership: choose a score from 1 to 4.',
        'Overall recommendation: choose Strong no, No, Yes or Strong yes.',
      ],
    });
    expect(await db.select().from(scorecards)).toHaveLength(0);
    expect(await saveScorecard(db, people.ivan, { ...incomplete, intent: 'draft' })).toMatchObject({ kind: 'saved' });
    await expect(saveScorecard(db, people.ivan, card(applicationId, { stageId: 'no-such-stage' }))).rejects.toThrow(AdminRuleError);
  });

  it('an amended card stays submitted, keeps the texts it was answered against after the plan changes, and the timeline says so', async () => {
    const { db, applicationId, positionId, people } = await setUp();
    await saveScorecard(db, people.ivan, card(applicationId));
    // The plan changes: the technical stage renamed, its attributes replaced.
    const plan = defaultPlanFor('Security');
    plan[1] = { ...plan[1]!, name: 'Deep dive', attributes: plan[0]!.attributes };
    await db.update(positions).set({ interviewPlan: plan }).where(eq(positions.id, positionId));
    const amended = await saveScorecard(db, people.ivan, card(applicationId, { recommendation: 'strong_yes' }));
    expect(amended).toMatchObject({ kind: 'amended' });
    const [row] = await db.select().from(scorecards);
    expect(row).toMatchObject({ status: 'submitted', stageName: 'Technical interview', recommendation: 'strong_yes' });
    expect(row!.answers.map((answer) => answer.name)).toEqual(['Security judgement', 'Problem solving', 'Ownership']);
    expect(row!.amendedAt).not.toBeNull();
    // An amendment must stay complete: a draft of a submitted card is refused the same way.
    expect(await saveScorecard(db, people.ivan, card(applicationId, { intent: 'draft', recommendation: null }))).toMatchObject({
      kind: 'incomplete',
    });
    const timeline = await applicationTimeline(db, applicationId);
    expect(
      timeline.flatMap((item) => (item.kind === 'audit' && item.action.startsWith('application.scorecard') ? [item.action] : [])),
    ).toEqual(['application.scorecard_submitted', 'application.scorecard_amended']);
  });

  it('calibration compares a position’s candidates attribute by attribute, best average first, within the reader’s reach', async () => {
    const { db, applicationId, positionId, people } = await setUp();
    const second = await addApplication(db, positionId, { fullName: 'Ria Second', email: 'ria@mail.test' });
    await db.insert(applicationInterviewers).values({ applicationId: second, userId: 'ivan', assignedByEmail: 'rita@helixpoint.test' });
    await saveScorecard(db, people.ivan, card(applicationId));
    await saveScorecard(db, people.iris, card(applicationId, { recommendation: 'strong_yes' }));
    const strong = card(second, { recommendation: 'strong_yes' });
    await saveScorecard(db, people.ivan, {
      ...strong,
      answers: strong.answers.map((answer) => ({ ...answer, score: 4, evidence: 'Designed our audit logging on the whiteboard.' })),
    });
    // A draft never counts.
    await saveScorecard(db, people.rita, card(second, { intent: 'draft', answers: [], recommendation: null }));
    const plan = await planOfPosition(db, positionId);
    const [technical] = await calibration(db, people.hana, positionId, plan);
    expect(technical!.stageName).toBe('Technical interview');
    expect(technical!.attributes.map((attribute) => attribute.name)).toEqual(['Security judgement', 'Problem solving', 'Ownership']);
    expect(technical!.candidates.map((row) => [row.fullName, row.scorecards, row.averages, row.recommendations])).toEqual([
      ['Ria Second', 1, [4, 4, 4], ['strong_yes']],
      ['Sam Candidate', 2, [4, 3, 3], ['yes', 'strong_yes']],
    ]);
    expect(technical!.total).toBe(2);
    // Only the best when fewer are asked for, counted all the same.
    const [best] = await calibration(db, people.hana, positionId, plan, { shown: 1 });
    expect([best!.candidates.map((row) => row.fullName), best!.total]).toEqual([['Ria Second'], 2]);
    // An interviewer does not read everyone's feedback: nothing.
    expect(await calibration(db, people.ivan, positionId, plan)).toEqual([]);
  });
});
