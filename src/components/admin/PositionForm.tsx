import { zodResolver } from '@hookform/resolvers/zod';
import { actions } from 'astro:actions';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { flashToast, showToast } from '@/components/ui/toast';
import { errorToast, formToasts } from '@/lib/forms';
import { positionFormSchema, positionTypes, type PositionFormInput } from '@/lib/positions/schema';
import { positionToasts } from '@/lib/positions/texts';
import { QuestionsEditor } from './QuestionsEditor';

export interface PositionFormProps {
  departments: { id: string; name: string }[];
  initial: PositionFormInput;
  /** Set when editing an existing position. */
  positionId?: string;
}

/** Add or edit a position. New positions are active and default to type Remote (spec). */
export function PositionForm({ departments, initial, positionId }: PositionFormProps) {
  const { register, handleSubmit, formState, setValue } = useForm<PositionFormInput>({
    mode: 'onTouched',
    resolver: zodResolver(positionFormSchema),
    defaultValues: initial,
  });
  const [busy, setBusy] = useState(false);
  const { errors } = formState;

  async function onValid(form: PositionFormInput) {
    setBusy(true);
    try {
      const { error } = positionId ? await actions.admin.updatePosition({ positionId, form }) : await actions.admin.createPosition(form);
      if (error) {
        showToast(errorToast(error.message));
        setBusy(false);
        return;
      }
      flashToast(positionId ? positionToasts.updated : positionToasts.added);
      window.location.assign('/admin');
    } catch (error) {
      showToast(errorToast((error as Error).message));
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onValid, () => showToast(formToasts.validationError))(event)}
      className="flex flex-col gap-6"
    >
      <FormField id="position-title" label="Title" required error={errors.title?.message}>
        {(control) => <Input {...control} {...register('title')} maxLength={200} />}
      </FormField>
      <div className="grid gap-6 sm:grid-cols-3">
        <SelectField
          id="position-department"
          label="Department"
          error={errors.departmentId?.message}
          {...register('departmentId')}
          options={[{ value: '', label: 'General (none)' }, ...departments.map((d) => ({ value: d.id, label: d.name }))]}
        />
        <FormField id="position-location" label="Location" required error={errors.location?.message} hint="City, ST or Remote">
          {(control) => <Input {...control} {...register('location')} maxLength={100} />}
        </FormField>
        <SelectField
          id="position-type"
          label="Type"
          required
          error={errors.type?.message}
          {...register('type')}
          options={positionTypes.map((type) => ({ value: type, label: type }))}
        />
      </div>
      <FormField id="position-description" label="Description" required error={errors.description?.message}>
        {(control) => <Textarea {...control} {...register('description')} rows={5} maxLength={5000} />}
      </FormField>
      <div className="grid gap-6 lg:grid-cols-2">
        <FormField id="position-requirements" label="Requirements" error={errors.requirements?.message} hint="One per line">
          {(control) => <Textarea {...control} {...register('requirements')} rows={7} maxLength={5000} />}
        </FormField>
        <FormField id="position-responsibilities" label="Responsibilities" error={errors.responsibilities?.message} hint="One per line">
          {(control) => <Textarea {...control} {...register('responsibilities')} rows={7} maxLength={5000} />}
        </FormField>
      </div>
      <div className="grid gap-6 sm:grid-cols-3">
        <FormField id="position-salary-min" label="Salary from (USD a year)" error={errors.salaryMin?.message} hint="Optional">
          {(control) => <Input {...control} {...register('salaryMin')} inputMode="numeric" maxLength={12} />}
        </FormField>
        <FormField id="position-salary-max" label="Salary to (USD a year)" error={errors.salaryMax?.message} hint="Optional">
          {(control) => <Input {...control} {...register('salaryMax')} inputMode="numeric" maxLength={12} />}
        </FormField>
        <FormField
          id="position-closes"
          label="Applications close"
          error={errors.closesAt?.message}
          hint="Optional; open until the end of that day"
        >
          {(control) => <Input {...control} {...register('closesAt')} type="date" />}
        </FormField>
      </div>
      <QuestionsEditor
        initial={initial.screeningQuestions ?? []}
        onChange={(questions) => setValue('screeningQuestions', questions, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
        errors={errors}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {positionId ? 'Save changes' : 'Add position'}
        </Button>
        <a
          href="/admin"
          className="inline-flex h-11 items-center rounded-md px-4 text-sm font-semibold text-foreground hover:bg-muted focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Cancel
        </a>
      </div>
    </form>
  );
}
