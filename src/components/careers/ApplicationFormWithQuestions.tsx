import { useMemo } from 'react';
import { answerFieldName } from '@/lib/applications/schema';
import { applicationFormSchemaFor } from '@/lib/screening/answers-schema';
import type { ScreeningQuestion } from '@/lib/screening/questions';
import { ApplicationForm, type ApplicationFormProps, type Screening } from './ApplicationForm';
import { answerControlId, ScreeningFields } from './ScreeningFields';

/**
 * The apply form of a position that asks its own questions: the same form, with the questions'
 * fields (after the spec's) and the schema built from them. A separate island, so the page of a
 * position without questions (most of them) loads none of this.
 */
export function ApplicationFormWithQuestions({ questions, ...props }: ApplicationFormProps & { questions: ScreeningQuestion[] }) {
  const given = props.initialValues?.answers;
  const screening = useMemo<Screening>(() => {
    const initialAnswers = Object.fromEntries(questions.map((question) => [question.id, given?.[question.id] ?? '']));
    return {
      schema: applicationFormSchemaFor(questions),
      initialAnswers,
      fields: questions.map((question) => ({ questionId: question.id, id: answerControlId(question), label: question.label })),
      render: ({ register, errorOf }) => (
        <ScreeningFields
          questions={questions}
          register={(question) => register(answerFieldName(question.id))}
          initial={initialAnswers}
          errorOf={(question) => errorOf(question.id)}
        />
      ),
    };
  }, [questions, given]);
  return <ApplicationForm {...props} screening={screening} />;
}
