import { z } from 'zod/mini';
import { textField } from '../forms.ts';
import { answersOf, MAX_OPTIONS, MAX_QUESTIONS, questionTypes, type ScreeningQuestion } from './questions.ts';

export const questionMessages = {
  label: 'Please write the question (3 to 300 characters).',
  options: 'A single-choice question needs 2 to 20 different options of up to 100 characters.',
  knockout: 'The knock-out answer must be one of the question’s answers.',
  tooMany: `A position can ask up to ${MAX_QUESTIONS} questions.`,
  duplicateId: 'Two questions have the same id.',
} as const;

/**
 * A position's questions as the admin area edits them (the position form and its action): kept
 * apart from ./questions.ts so the apply form, which only answers them, does not carry these rules.
 */

/** One question as the position form sends it and the database keeps it. */
export const screeningQuestionSchema = z
  .object({
    id: z.string().check(z.regex(/^[a-z0-9]{8,32}$/)),
    type: z.enum(questionTypes),
    label: textField(z.trim(), z.minLength(3, questionMessages.label), z.maxLength(300, questionMessages.label)),
    required: z.boolean(),
    // Blank lines of the editor's "one per line" box are dropped when saved (cleanQuestion).
    options: z.array(textField(z.trim(), z.maxLength(100, questionMessages.options))),
    knockout: z.nullable(textField()),
  })
  .check(
    z.refine(
      (question) => {
        if (question.type !== 'single_choice') return true;
        const options = filledOptions(question.options);
        return options.length >= 2 && options.length <= MAX_OPTIONS && new Set(options).size === options.length;
      },
      { message: questionMessages.options, path: ['options'] },
    ),
    z.refine(
      (question) =>
        !question.knockout || (answersOf({ ...question, options: filledOptions(question.options) })?.includes(question.knockout) ?? false),
      {
        message: questionMessages.knockout,
        path: ['knockout'],
      },
    ),
  );

export const screeningQuestionsSchema = z.array(screeningQuestionSchema).check(
  z.maxLength(MAX_QUESTIONS, questionMessages.tooMany),
  z.refine((questions) => new Set(questions.map((question) => question.id)).size === questions.length, questionMessages.duplicateId),
);

const filledOptions = (options: readonly string[]) => options.map((option) => option.trim()).filter(Boolean);

/** Only single-choice questions keep options; only the two choice types keep a knock-out. */
export function cleanQuestion(question: ScreeningQuestion): ScreeningQuestion {
  const options = question.type === 'single_choice' ? filledOptions(question.options) : [];
  const knockout = answersOf({ type: question.type, options }) ? question.knockout || null : null;
  return { ...question, label: question.label.trim(), options, knockout };
}

/** A question's id: random, so answers stay tied to it whatever is edited (getRandomValues works on plain http too). */
export function newQuestionId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
