import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { FieldError } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
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

const fieldId = (question: ScreeningQuestion) => `answer-${question.id}`;

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
        const choices =
          question.type === 'yes_no'
            ? yesNoOptions.map((option) => ({ value: option.value as string, label: option.label as string }))
            : question.type === 'single_choice'
              ? question.options.map((option) => ({ value: option, label: option }))
              : null;
        if (choices && choices.length <= MAX_RADIOS) {
          return (
            <fieldset key={question.id} aria-describedby={error ? `${id}-error` : undefined} className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-medium text-foreground">
                {question.label}
                {question.required && (
                  <span aria-hidden="true" className="ml-0.5 text-destructive">
                    *
                  </span>
                )}
              </legend>
              <div className="flex flex-wrap gap-x-6 gap-y-3">
                {choices.map((choice) => (
                  <label key={choice.value} className="inline-flex cursor-pointer items-center gap-2 text-sm">
                    <input
                      type="radio"
                      value={choice.value}
                      defaultChecked={value === choice.value}
                      {...register(question)}
                      required={question.required}
                      className="size-4 accent-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
                    />
                    {choice.label}
                  </label>
                ))}
              </div>
              <div aria-live="polite">{error && <FieldError id={`${id}-error`}>{error}</FieldError>}</div>
            </fieldset>
          );
        }
        return (
          <FormField key={question.id} id={id} label={question.label} required={question.required} error={error}>
            {(control) =>
              choices ? (
                <Select {...control} {...register(question)} defaultValue={value}>
                  <option value="">Choose an answer</option>
                  {choices.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </Select>
              ) : question.type === 'long_text' ? (
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
