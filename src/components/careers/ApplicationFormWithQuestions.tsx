import { useMemo } from 'react';
import { answerFieldName } from '@/lib/applications/schema';
import { applicationFormSchemaFor } from '@/lib/screening/answers-schema';
import type { ScreeningQuestion } from '@/lib/screening/questions';
import { ApplicationForm, type ApplicationFormProps, type Screening } from './ApplicationForm';
import { ScreeningFields } from './ScreeningFields';

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
      render: ({ register, errors, dirtyFields, serverErrors }) => (
        <ScreeningFields
          questions={questions}
          register={(question) => register(answerFieldName(question.id))}
          initial={initialAnswers}
          errorOf={(question) =>
            errors.answers?.[question.id]?.message ??
            ((dirtyFields.answers as Record<string, unknown> | undefined)?.[question.id]
              ? undefined
              : serverErrors[answerFieldName(question.id)])
          }
        />
      ),
    };
  }, [questions, given]);
  return <ApplicationForm {...props} screening={screening} />;
}
