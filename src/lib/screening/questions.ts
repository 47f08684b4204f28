/**
 * Screening questions a position asks after the spec's fields (issue 18). A position keeps its
 * questions as a list; an application keeps its answers together with the question's text at the
 * time (ScreeningAnswer), so editing or removing a question later never makes answers unreadable.
 * This module has no rules, only shapes: the answers' rules are in ./answers-schema.ts (loaded by
 * the apply form when a position asks questions), the questions' own in ./question-schema.ts.
 */

export const questionTypes = ['short_text', 'long_text', 'yes_no', 'single_choice', 'number'] as const;
export type QuestionType = (typeof questionTypes)[number];

export const questionTypeLabels: Record<QuestionType, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  yes_no: 'Yes / no',
  single_choice: 'Single choice',
  number: 'Number',
};

export const yesNoOptions = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

export const MAX_QUESTIONS = 20;
export const MAX_OPTIONS = 20;
export const SHORT_ANSWER_MAX = 300;
export const LONG_ANSWER_MAX = 5000;

export interface ScreeningQuestion {
  id: string;
  type: QuestionType;
  label: string;
  required: boolean;
  /** The choices of a single-choice question (empty for the other types). */
  options: string[];
  /** The answer that disqualifies (yes/no and single choice only): flagged, never rejected automatically. */
  knockout: string | null;
}

/** An answer as stored with the application: the question as it was asked, and the answer. */
export interface ScreeningAnswer {
  questionId: string;
  question: string;
  type: QuestionType;
  answer: string;
  knockedOut: boolean;
}

/** The answers a choice question offers (null for the text and number types). */
export const answersOf = (question: Pick<ScreeningQuestion, 'type' | 'options'>): string[] | null =>
  question.type === 'yes_no' ? yesNoOptions.map((option) => option.value) : question.type === 'single_choice' ? question.options : null;

export type ScreeningAnswersInput = Record<string, string>;

/** The answers as stored: every question asked, in order, with its text; a number in its plain form. */
export function toStoredAnswers(questions: readonly ScreeningQuestion[], answers: ScreeningAnswersInput): ScreeningAnswer[] {
  return questions.map((question) => {
    const raw = (answers[question.id] ?? '').trim();
    const answer = question.type === 'number' && raw !== '' ? String(Number(raw.replace(',', '.'))) : raw;
    return {
      questionId: question.id,
      question: question.label,
      type: question.type,
      answer,
      knockedOut: question.knockout !== null && answer === question.knockout,
    };
  });
}

/** How an answer reads on the application's page and in the CSV. */
export function answerText(answer: Pick<ScreeningAnswer, 'type' | 'answer'>): string {
  if (answer.answer === '') return 'Not answered';
  if (answer.type === 'yes_no') return answer.answer === 'yes' ? 'Yes' : 'No';
  return answer.answer;
}
