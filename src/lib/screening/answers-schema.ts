import { z } from 'zod/mini';
import { textField } from '../forms.ts';
import { applicationFields, phoneOfCountry, type ApplicationForm, type ApplicationFormInput } from '../applications/schema.ts';
import { answersOf, LONG_ANSWER_MAX, SHORT_ANSWER_MAX, type ScreeningQuestion } from './questions.ts';

/**
 * The rules of the answers to a position's screening questions, one schema built from the
 * questions for the apply form and the server. The apply form loads this module only for a
 * position that asks questions (most ask none, and the apply page has a byte budget).
 */

export const answerMessages = {
  required: 'Please answer this question.',
  choose: 'Please choose one of the answers.',
  number: 'Please enter a number, like 3 or 2.5.',
  tooLong: (max: number) => `Please keep this under ${max.toLocaleString('en-US')} characters.`,
  unknownQuestion: 'The form asked a question this position does not have. Please reload the page.',
} as const;

const NUMBER = /^-?\d{1,12}(\.\d{1,4})?$/;

function answerRule(question: ScreeningQuestion) {
  const empty = (value: string) => value.trim() === '';
  const requiredCheck = z.refine<string>((value) => !question.required || !empty(value), answerMessages.required);
  const choices = answersOf(question);
  if (choices) {
    return textField(
      requiredCheck,
      z.refine((value) => empty(value) || choices.includes(value), answerMessages.choose),
    );
  }
  if (question.type === 'number') {
    return textField(
      z.trim(),
      requiredCheck,
      z.refine((value) => empty(value) || NUMBER.test(value.replace(',', '.')), answerMessages.number),
    );
  }
  const max = question.type === 'long_text' ? LONG_ANSWER_MAX : SHORT_ANSWER_MAX;
  return textField(z.trim(), requiredCheck, z.maxLength(max, answerMessages.tooLong(max)));
}

/**
 * The answers' schema for one position's questions: an object keyed by question id, each answer
 * checked by its type. Answers to questions the position does not have are refused; an optional
 * question left out is an empty answer.
 */
export function screeningAnswersSchema(questions: readonly ScreeningQuestion[]) {
  const shape = Object.fromEntries(questions.map((question) => [question.id, z._default(answerRule(question), '')]));
  return z.strictObject(shape, { error: answerMessages.unknownQuestion });
}

/**
 * The form of one position: the spec's fields, then that position's own questions (answers by
 * question id). Its values are the form's type with `answers`.
 */
export function applicationFormSchemaFor(questions: readonly ScreeningQuestion[]) {
  return z.object({ ...applicationFields, answers: screeningAnswersSchema(questions) }).check(phoneOfCountry) as unknown as z.ZodMiniType<
    ApplicationForm,
    ApplicationFormInput
  >;
}
