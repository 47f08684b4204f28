import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { RadioGroupField } from '@/components/ui/radio-group-field';
import { SelectField } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { yesNoOptions, type ScreeningQuestion } from '@/lib/screening/questions';

/** More choices than this read better as a select than as a column of radio buttons. */
const MAX_RADIOS = 6;

export interface ScreeningFieldsProps {
  questions: readonly ScreeningQuestion[];
  register: (question: ScreeningQuestion) => UseFormRegisterReturn;
  initial: Record<string, string>;
  errorOf: (question: ScreeningQuestion) => string | undefined;
}

/** The control of a question's answer, as an error summary links to it: its input, or its first radio. */
export function answerControlId(question: ScreeningQuestion): string {
  return `answer-${question.id}${asRadios(question) ? '-0' : ''}`;
}

const fieldId = (question: ScreeningQuestion) => `answer-${question.id}`;

function choicesOf(question: ScreeningQuestion) {
  return question.type === 'yes_no'
    ? yesNoOptions.map((option) => ({ value: option.value as string, label: option.label as string }))
    : question.type === 'single_choice'
      ? question.options.map((option) => ({ value: option, label: option }))
      : null;
}

const asRadios = (question: ScreeningQuestion) => (choicesOf(question)?.length ?? Infinity) <= MAX_RADIOS;

/** The position's own questions, after the spec's fields: each by its type, required ones marked. */
export function ScreeningFields({ questions, register, initial, errorOf }: ScreeningFieldsProps) {
  if (questions.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-6 border-t border-border pt-6">
      <legend className="float-left mb-2 w-full text-lg font-semibold tracking-tight">Questions about this role</legend>
      {questions.map((question) => {
        const error = errorOf(question);
        const id = fieldId(question);
        const value = initial[question.id] ?? '';
        const choices = choicesOf(question);
        if (choices && asRadios(question)) {
          return (
            <RadioGroupField
              key={question.id}
              id={id}
              legend={question.label}
              options={choices}
              registration={register(question)}
              initialValue={value}
              required={question.required}
              error={error}
            />
          );
        }
        if (choices) {
          return (
            <SelectField
              key={question.id}
              id={id}
              label={question.label}
              required={question.required}
              error={error}
              {...register(question)}
              defaultValue={value}
              placeholder="Choose an answer"
              options={choices}
            />
          );
        }
        return (
          <FormField key={question.id} id={id} label={question.label} required={question.required} error={error}>
            {(control) =>
              question.type === 'long_text' ? (
                <Textarea {...control} {...register(question)} defaultValue={value} rows={5} maxLength={5000} />
              ) : (
                <Input
                  {...control}
                  {...register(question)}
                  defaultValue={value}
                  maxLength={question.type === 'number' ? 20 : 300}
                  {...(question.type === 'number' ? { inputMode: 'decimal' as const } : {})}
                />
              )
            }
          </FormField>
        );
      })}
    </fieldset>
  );
}
