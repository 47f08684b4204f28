import { z } from 'zod/mini';
import { amountRangeMessage, amountsInOrder, textField, wholeAmount, wholeAmountField } from '../forms.ts';
import { positionFormMessages as messages } from './texts.ts';
import { cleanQuestion, screeningQuestionsSchema } from '../screening/question-schema.ts';

/** A position as the admin area edits it, shared by its form, its actions and the database schema. */

export const positionTypes = ['Full-time', 'Part-time', 'Contract', 'Internship', 'Remote'] as const;
export type PositionType = (typeof positionTypes)[number];
/** New positions default to Remote (spec section 9). */
export const DEFAULT_POSITION_TYPE: PositionType = 'Remote';

const MAX_LIST_TEXT = 5000;

/** "One per line" text areas become lists: lines trimmed, blank ones dropped. */
export function linesToList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*[-•*]\s*/, '').trim())
    .filter(Boolean);
}

const atMost = (max: number) => z.maxLength(max, messages.atMost(max));

export const positionFormSchema = z
  .object({
    title: textField(z.trim(), z.minLength(2, messages.title), atMost(200)),
    departmentId: z.union([z.uuid(), z.literal('')]),
    location: textField(z.trim(), z.minLength(2, messages.location), atMost(100)),
    type: z.enum(positionTypes, { error: messages.type }),
    description: textField(z.trim(), z.minLength(1, messages.description), atMost(MAX_LIST_TEXT)),
    requirements: textField(atMost(MAX_LIST_TEXT)),
    responsibilities: textField(atMost(MAX_LIST_TEXT)),
    salaryMin: wholeAmountField,
    salaryMax: wholeAmountField,
    closesAt: z.union([z.literal(''), z.iso.date(messages.date)]),
    /** The position's own screening questions, asked after the spec's fields (issue 18). */
    screeningQuestions: z._default(screeningQuestionsSchema, []),
  })
  .check(
    z.refine((form) => amountsInOrder(form.salaryMin, form.salaryMax), {
      message: amountRangeMessage,
      path: ['salaryMax'],
    }),
  );

export type PositionFormInput = z.input<typeof positionFormSchema>;
export type PositionForm = z.output<typeof positionFormSchema>;

/** The columns a position form sets. A closing date means "open until the end of that day (UTC)". */
export function positionValues(form: PositionForm) {
  return {
    title: form.title,
    departmentId: form.departmentId || null,
    location: form.location,
    type: form.type,
    description: form.description,
    requirements: linesToList(form.requirements),
    responsibilities: linesToList(form.responsibilities),
    salaryMin: wholeAmount(form.salaryMin),
    salaryMax: wholeAmount(form.salaryMax),
    closesAt: form.closesAt ? new Date(`${form.closesAt}T23:59:59.999Z`) : null,
    screeningQuestions: form.screeningQuestions.map(cleanQuestion),
  };
}

/** The reverse of positionValues(): a stored position as the form's initial values. */
export function positionFormValues(position: ReturnType<typeof positionValues>): PositionFormInput {
  return {
    title: position.title,
    departmentId: position.departmentId ?? '',
    location: position.location,
    type: position.type,
    description: position.description,
    requirements: position.requirements.join('\n'),
    responsibilities: position.responsibilities.join('\n'),
    salaryMin: position.salaryMin?.toString() ?? '',
    salaryMax: position.salaryMax?.toString() ?? '',
    closesAt: position.closesAt ? position.closesAt.toISOString().slice(0, 10) : '',
    screeningQuestions: position.screeningQuestions,
  };
}

export const emptyPositionForm: PositionFormInput = {
  title: '',
  departmentId: '',
  location: '',
  type: DEFAULT_POSITION_TYPE,
  description: '',
  requirements: '',
  responsibilities: '',
  salaryMin: '',
  salaryMax: '',
  closesAt: '',
  screeningQuestions: [],
};

export const positionActiveSchema = z.object({ positionId: z.uuid(), active: z.boolean() });
export const positionUpdateSchema = z.object({ positionId: z.uuid(), form: positionFormSchema });
