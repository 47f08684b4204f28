import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { PositionFormInput } from '@/lib/positions/schema';
import { newQuestionId } from '@/lib/screening/question-schema';
import { MAX_QUESTIONS, questionTypeLabels, questionTypes, yesNoOptions, type ScreeningQuestion } from '@/lib/screening/questions';

export interface QuestionsEditorProps {
  initial: ScreeningQuestion[];
  /** Every change, for the position form to save with the rest. */
  onChange: (questions: ScreeningQuestion[]) => void;
  errors: FieldErrors<PositionFormInput>;
}

const blankQuestion = (): ScreeningQuestion => ({
  id: newQuestionId(),
  type: 'short_text',
  label: '',
  required: true,
  options: [],
  knockout: null,
});

/**
 * The position's screening questions: added, edited, reordered and removed in the position form
 * and saved with it. Each keeps its id, so answers already given stay tied to their question.
 * Plain React state handed to the form (react-hook-form's field arrays would grow the forms file
 * every public form page loads).
 */
export function QuestionsEditor({ initial, onChange, errors }: QuestionsEditorProps) {
  const [questions, setQuestions] = useState(initial);
  const change = (next: ScreeningQuestion[]) => {
    setQuestions(next);
    onChange(next);
  };
  const update = (index: number, changes: Partial<ScreeningQuestion>) =>
    change(questions.map((question, at) => (at === index ? { ...question, ...changes } : question)));
  const remove = (index: number) => change(questions.filter((_, at) => at !== index));
  const move = (from: number, to: number) => {
    const next = [...questions];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    change(next);
  };
  const listError = errors.screeningQuestions?.root?.message ?? errors.screeningQuestions?.message;

  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-border p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold tracking-tight">Screening questions</legend>
      <p className="text-sm text-muted-foreground">
        Asked on the apply form after the standard fields. A knock-out answer flags the application for a person to look at; nobody is
        rejected automatically.
      </p>
      {questions.length === 0 && <p className="text-sm text-muted-foreground">This position asks no questions of its own.</p>}
      <ol className="flex flex-col gap-4">
        {questions.map((question, index) => {
          const field = { key: question.id };
          const error = errors.screeningQuestions?.[index];
          const number = index + 1;
          const choices =
            question.type === 'yes_no'
              ? yesNoOptions.map((option) => ({ value: option.value as string, label: option.label as string }))
              : question.type === 'single_choice'
                ? question.options.filter((option) => option.trim()).map((option) => ({ value: option.trim(), label: option.trim() }))
                : null;
          return (
            <li key={field.key} className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-sm font-semibold">Question {number}</h3>
                <div className="flex gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label={`Move question ${number} up`}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    disabled={index === questions.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={`Move question ${number} down`}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    onClick={() => remove(index)}
                    aria-label={`Remove question ${number}`}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </div>
              <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
                <FormField id={`question-${field.key}-label`} label={`Question ${number}`} required error={error?.label?.message}>
                  {(controlProps) => (
                    <Input
                      {...controlProps}
                      value={question.label}
                      onChange={(event) => update(index, { label: event.target.value })}
                      maxLength={300}
                    />
                  )}
                </FormField>
                <SelectField
                  id={`question-${field.key}-type`}
                  label={`Answer type of question ${number}`}
                  value={question.type}
                  onChange={(event) => update(index, { type: event.target.value as ScreeningQuestion['type'], knockout: null })}
                  options={questionTypes.map((type) => ({ value: type, label: questionTypeLabels[type] }))}
                />
              </div>
              {question.type === 'single_choice' && (
                <FormField
                  id={`question-${field.key}-options`}
                  label={`Answers to question ${number}`}
                  required
                  hint="One per line, 2 to 20"
                  error={error?.options?.message ?? error?.options?.root?.message}
                >
                  {(controlProps) => (
                    <Textarea
                      {...controlProps}
                      value={question.options.join('\n')}
                      onChange={(event) => update(index, { options: event.target.value.split('\n') })}
                      rows={4}
                    />
                  )}
                </FormField>
              )}
              <div className="flex flex-wrap items-end gap-x-8 gap-y-4">
                <label className="inline-flex items-center gap-2 text-sm font-medium">
                  <input
                    type="checkbox"
                    checked={question.required}
                    onChange={(event) => update(index, { required: event.target.checked })}
                    className="size-4 accent-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  />
                  Required
                </label>
                {choices && (
                  <SelectField
                    id={`question-${field.key}-knockout`}
                    label={`Knock-out answer of question ${number}`}
                    error={error?.knockout?.message}
                    className="min-w-56"
                    value={question.knockout ?? ''}
                    onChange={(event) => update(index, { knockout: event.target.value || null })}
                    options={[{ value: '', label: 'None' }, ...choices]}
                  />
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {listError && (
        <p role="alert" className="text-sm text-destructive">
          {listError}
        </p>
      )}
      <div>
        <Button
          type="button"
          variant="outline"
          onClick={() => change([...questions, blankQuestion()])}
          disabled={questions.length >= MAX_QUESTIONS}
        >
          <Plus aria-hidden="true" />
          Add a question
        </Button>
      </div>
    </fieldset>
  );
}
