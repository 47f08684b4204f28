import { describe, expect, it } from 'vitest';
import { cleanQuestion, newQuestionId, questionMessages as screeningMessages, screeningQuestionsSchema } from './question-schema';
import { answerText, type ScreeningQuestion } from './questions';

const question = (changes: Partial<ScreeningQuestion> = {}): ScreeningQuestion => ({
  id: 'question00000001',
  type: 'single_choice',
  label: 'When could you start?',
  required: true,
  options: ['Now', 'Later', ''],
  knockout: 'Later',
  ...changes,
});

const firstMessage = (questions: unknown) => {
  const parsed = screeningQuestionsSchema.safeParse(questions);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('a position’s screening questions', () => {
  it('accept a choice question whose blank lines are dropped when saved, with a knock-out among its answers', () => {
    expect(firstMessage([question()])).toBeNull();
    expect(cleanQuestion(question())).toEqual({ ...question(), options: ['Now', 'Later'] });
  });

  it('refuse a choice with fewer than two answers, repeated answers, or a knock-out that is not an answer', () => {
    expect(firstMessage([question({ options: ['Now'] })])).toBe(screeningMessages.options);
    expect(firstMessage([question({ options: ['Now', 'Now'] })])).toBe(screeningMessages.options);
    expect(firstMessage([question({ knockout: 'Never' })])).toBe(screeningMessages.knockout);
    expect(firstMessage([question({ type: 'yes_no', options: [], knockout: 'maybe' })])).toBe(screeningMessages.knockout);
    expect(firstMessage([question({ label: 'Hi' })])).toBe(screeningMessages.label);
  });

  it('refuse two questions with one id, and more than twenty', () => {
    expect(firstMessage([question(), question()])).toBe(screeningMessages.duplicateId);
    expect(firstMessage(Array.from({ length: 21 }, () => question({ id: newQuestionId() })))).toBe(screeningMessages.tooMany);
  });

  it('keep options and knock-outs only where they mean something', () => {
    expect(cleanQuestion(question({ type: 'number' }))).toMatchObject({ options: [], knockout: null });
    expect(cleanQuestion(question({ type: 'yes_no', knockout: 'no' }))).toMatchObject({ options: [], knockout: 'no' });
    expect(cleanQuestion(question({ knockout: '' }))).toMatchObject({ knockout: null });
  });

  it('make random ids the schema accepts', () => {
    const ids = new Set(Array.from({ length: 50 }, newQuestionId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{16}$/);
  });

  it('read answers for people', () => {
    expect(answerText({ type: 'yes_no', answer: 'no' })).toBe('No');
    expect(answerText({ type: 'short_text', answer: '' })).toBe('Not answered');
    expect(answerText({ type: 'number', answer: '2.5' })).toBe('2.5');
  });
});
