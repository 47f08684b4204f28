import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod/mini';
import { LoaderCircle } from 'lucide-react';
import { useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { useForm, type FieldErrors, type FieldPath, type UseFormRegister } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CountrySelect } from '@/components/ui/country-select';
import { useTypedBeforeLoad } from '@/components/ui/deferred';
import { ErrorSummary, useErrorSummary, type ErrorSummaryItem } from '@/components/ui/error-summary';
import { FormField } from '@/components/ui/form-field';
import { FileUploadField, usePendingUpload, type FileUploadTexts } from '@/components/ui/file-upload-field';
import { Honeypot } from '@/components/ui/honeypot';
import { Input } from '@/components/ui/input';
import { RadioGroupField } from '@/components/ui/radio-group-field';
import { SelectField } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { usePhoneCountry } from '@/components/ui/use-phone-country';
import { flashToast, prepareToasts, showToast, toast } from '@/components/ui/toast';
import { rememberSentApplication } from '@/lib/applications/confirmation';
import { DEFAULT_COUNTRY, type CountryHint } from '@/lib/phone/fields';
import {
  answerFieldName,
  applicationFormSchema,
  genderOptions,
  RESUME_INPUT,
  type ApplicationFieldErrors,
  type ApplicationForm as ApplicationFormType,
  type ApplicationFormInput,
  type SourceFormFields,
} from '@/lib/applications/schema';
import { applicationMessages as messages, applicationToasts, resumeUploadedText } from '@/lib/applications/texts';
import { formToasts, maskEmail } from '@/lib/forms';
import { HONEYPOT_FIELD } from '@/lib/honeypot';
import { positionToasts } from '@/lib/positions/texts';
import { uploadHint } from '@/lib/uploads';
import { ConsentFields } from './ConsentFields';
import { runSuccessSequence } from './success-sequence';

const resumeTexts: FileUploadTexts = {
  label: 'Resume',
  hint: uploadHint('resume'),
  done: resumeUploadedText,
  successToast: applicationToasts.resumeUploaded,
  errorToast: applicationToasts.resumeUploadFailed,
};

const defaultValues: ApplicationFormInput = {
  first_name: '',
  last_name: '',
  email: '',
  country_code: DEFAULT_COUNTRY,
  phone: '',
  address: '',
  gender: undefined as unknown as ApplicationFormInput['gender'],
  linkedin_profile: '',
  github_profile: '',
  vercel_profile: '',
  cover_letter: '',
  resume_upload_id: '',
  privacy_acknowledged: false,
  talent_pool: false,
  heard_about: '',
};

/** Every toast of this form has this id: a later one replaces the form's earlier error toasts. */
const TOAST_ID = 'application-form';

/** The fields' labels, in the form's order: the fields themselves and the error summary name them. */
const labels = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  country_code: 'Country code',
  phone: 'Phone number',
  address: 'Address',
  gender: 'Gender',
  linkedin_profile: 'LinkedIn profile',
  github_profile: 'GitHub profile',
  vercel_profile: 'Vercel profile',
  cover_letter: 'Cover letter',
  resume_upload_id: resumeTexts.label,
  heard_about: 'How did you hear about us?',
  privacy_acknowledged: 'Privacy notice',
} as const;

type StandardField = keyof typeof labels;

/** The control an error summary's link goes to: the field's own id, but for the radios and the resume. */
const controlIds: Partial<Record<StandardField, string>> = { gender: 'gender-0', resume_upload_id: RESUME_INPUT };

/** What the form gives its questions' fields: to register them, and each answer's message. */
export interface ScreeningFormApi {
  register: UseFormRegister<ApplicationFormInput>;
  errorOf: (questionId: string) => string | undefined;
}

/** A position's questions: the form's schema with their answers, their first answers, their fields. */
export interface Screening {
  schema: z.ZodMiniType<ApplicationFormType, ApplicationFormInput>;
  initialAnswers: Record<string, string>;
  /** The questions in order, for the error summary: the question, the control to go to, its label. */
  fields: { questionId: string; id: string; label: string }[];
  render: (form: ScreeningFormApi) => ReactNode;
}

export interface ApplicationFormProps {
  positionId: string;
  /** Named in the confirmation the job board keeps after the application is sent. */
  positionTitle: string;
  /** The chosen country's name and example number (the select's options are in the HTML only). */
  country: CountryHint;
  /** What an applicant posted without JavaScript, given back by the server with why it was refused. */
  initialValues?: ApplicationFormInput;
  serverErrors?: ApplicationFieldErrors;
  /** How long the talent pool keeps an application (RETENTION_TALENT_POOL_MONTHS). */
  talentPoolMonths: number;
  /** The position's own questions (ApplicationFormWithQuestions.tsx): most positions have none, and their page loads none of it. */
  screening?: Screening;
  /**
   * "How did you hear about us?": its texts and answers (lib/insights/heard-about.ts), given by the
   * server so the form's script carries none of them; left out when there are no answers.
   */
  heardAbout?: { label: string; hint: string; placeholder: string; options: { value: string; label: string }[] } | undefined;
  /** Where the visit came from; sent with the form (the page's hidden fields when it posts itself). */
  source: SourceFormFields;
}

/**
 * The application form (spec sections 2-5). Errors appear once a field is touched and are checked
 * again on every change (react-hook-form's onTouched), with the schema the server uses too. A
 * refused submit keeps everything typed and says so once, in a summary that takes the focus; a
 * successful one runs the spec's toast sequence and leaves the confirmation for the job board.
 */
export function ApplicationForm({
  positionId,
  positionTitle,
  country: initialCountry,
  initialValues: given,
  serverErrors = {},
  talentPoolMonths,
  screening,
  heardAbout,
  source,
}: ApplicationFormProps) {
  // A page given back to a plain post has the answers the applicant posted; what was typed before
  // the form's code loaded (components/ui/deferred.tsx) stays typed.
  const { answers: typedAnswers, ...typed } = useTypedBeforeLoad() as Partial<ApplicationFormInput>;
  const initialValues: ApplicationFormInput = { ...(given ?? defaultValues), ...typed };
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    trigger,
    getFieldState,
    formState: { errors, dirtyFields },
  } = useForm<ApplicationFormInput>({
    mode: 'onTouched',
    // The error summary takes the focus instead, with a link to each field.
    shouldFocusError: false,
    resolver: zodResolver(screening?.schema ?? applicationFormSchema),
    defaultValues: screening ? { ...initialValues, answers: { ...screening.initialAnswers, ...typedAnswers } } : initialValues,
  });
  // The server's message for a field stays until the field is changed or checked again here.
  const errorOf = (field: Exclude<keyof ApplicationFormInput, 'answers'>) =>
    errors[field]?.message ?? (dirtyFields[field] ? undefined : serverErrors[field]);
  const answerErrorOf = (questionId: string) =>
    errors.answers?.[questionId]?.message ??
    ((dirtyFields.answers as Record<string, unknown> | undefined)?.[questionId] ? undefined : serverErrors[answerFieldName(questionId)]);
  const phoneCountry = usePhoneCountry({
    selectId: 'country_code',
    initial: initialCountry,
    phone: () => getValues('phone'),
    choose: (region) => setValue('country_code', region),
    recheck: () => getFieldState('phone').isTouched && void trigger('phone'),
  });
  // Registered here, in the order of the form (the order react-hook-form keeps its errors in).
  // defaultValue: the values are in the server-rendered HTML too, for a page given back to a plain post.
  const field = (
    name: Exclude<
      keyof ApplicationFormInput,
      'gender' | 'resume_upload_id' | 'country_code' | 'privacy_acknowledged' | 'talent_pool' | 'answers'
    >,
  ) => ({
    ...register(name),
    defaultValue: initialValues[name],
  });
  const fields = {
    first_name: field('first_name'),
    last_name: field('last_name'),
    email: field('email'),
    // The phone rule depends on the country: a touched phone number is checked again when it changes.
    country_code: { ...register('country_code', { onChange: phoneCountry.followSelect }), defaultValue: initialValues.country_code },
    phone: {
      ...register('phone', { onChange: (event: { target: HTMLInputElement }) => void phoneCountry.followPhone(event.target.value) }),
      defaultValue: initialValues.phone,
    },
    address: field('address'),
    gender: register('gender'),
    linkedin_profile: field('linkedin_profile'),
    github_profile: field('github_profile'),
    vercel_profile: field('vercel_profile'),
    cover_letter: field('cover_letter'),
    heard_about: field('heard_about'),
    privacy_acknowledged: register('privacy_acknowledged'),
    talent_pool: register('talent_pool'),
  };
  const [status, setStatus] = useState<'idle' | 'submitting' | 'submitted'>('idle');
  const honeypot = useRef<HTMLInputElement>(null);
  const { onUploadStart, waitForUpload } = usePendingUpload();

  // The error summary: shown by a refused submit (or a page given back with the server's errors),
  // listing the fields still wrong; each refused submit moves the focus to it.
  const { ref: summaryRef, shown: summaryShown, refused: summaryRefused } = useErrorSummary(Object.keys(serverErrors).length > 0);
  const messageOf = (name: StandardField) => (name === 'phone' ? phoneCountry.messageOf(errorOf(name), messages.phone) : errorOf(name));
  const summaryItems: ErrorSummaryItem[] = summaryShown
    ? [
        ...(Object.keys(labels) as StandardField[]).map((name) => ({
          id: controlIds[name] ?? name,
          label: name === 'heard_about' && heardAbout ? heardAbout.label : labels[name],
          message: messageOf(name),
        })),
        ...(screening?.fields ?? []).map(({ questionId, id, label }) => ({ id, label, message: answerErrorOf(questionId) })),
      ].filter((item): item is ErrorSummaryItem => Boolean(item.message))
    : [];

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // Submitted while the resume is still uploading: wait for it rather than call it missing.
    setStatus('submitting');
    const uploaded = await waitForUpload();
    setStatus('idle');
    if (uploaded) await handleSubmit(onValid, onInvalid)();
  }

  function onInvalid(invalid: FieldErrors<ApplicationFormInput>) {
    const fields = Object.keys(invalid);
    summaryRefused();
    showToast(fields.length === 1 && fields[0] === 'gender' ? applicationToasts.genderMissing : formToasts.validationError, {
      id: TOAST_ID,
    });
  }

  function showServerErrors(fieldErrors: ApplicationFieldErrors) {
    for (const [field, message] of Object.entries(fieldErrors)) {
      if (field === 'form' || field === 'position_id' || field === HONEYPOT_FIELD) continue;
      setError(field as FieldPath<ApplicationFormInput>, { type: 'server', message });
    }
    summaryRefused();
  }

  async function onValid(values: ApplicationFormInput) {
    setStatus('submitting');
    let submitted = false;
    try {
      // The actions' client loads when the form is sent, not with the page (its byte budget).
      const { actions } = await import('@/lib/actions-client');
      const { data, error } = await actions.apply({
        ...values,
        ...source,
        position_id: positionId,
        [HONEYPOT_FIELD]: honeypot.current?.value ?? '',
      });
      if (error || !data) throw error ?? new Error('No answer');
      switch (data.kind) {
        case 'submitted':
          submitted = true;
          setStatus('submitted');
          // The job board keeps the confirmation, after the spec's toasts and move (issue 27).
          rememberSentApplication({ position: positionTitle, email: maskEmail(values.email) });
          // The success replaces the form's earlier error toasts rather than sitting under them.
          toast.dismiss(TOAST_ID);
          runSuccessSequence({
            show: showToast,
            navigate: (toastsLeft) => {
              flashToast(...toastsLeft);
              toast.dismiss();
              window.location.assign('/careers');
            },
            now: () => Date.now(),
            setTimeout: (callback, ms) => window.setTimeout(callback, ms),
          });
          break;
        case 'invalid':
          showServerErrors(data.fieldErrors);
          showToast(formToasts.validationError, { id: TOAST_ID });
          break;
        case 'rate-limited':
          showToast(applicationToasts.rateLimited, { id: TOAST_ID });
          break;
        case 'position-not-found':
          flashToast(positionToasts.notFound);
          window.location.assign('/careers');
          break;
      }
    } catch {
      showToast(applicationToasts.submitFailed, { id: TOAST_ID });
    } finally {
      if (!submitted) setStatus('idle');
    }
  }

  const busy = status !== 'idle';

  return (
    <form
      // Before hydration, or without JavaScript, the form posts itself (with the resume) to its page,
      // which runs the same command; never a GET, so nothing typed lands in a URL.
      id="application-form"
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onFocus={prepareToasts}
      aria-describedby="application-form-note"
      className="flex flex-col gap-6"
    >
      <ErrorSummary items={summaryItems} ref={summaryRef} />
      {serverErrors.form && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {serverErrors.form}
        </p>
      )}
      <p id="application-form-note" className="text-sm text-muted-foreground">
        Fields marked{' '}
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>

      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id="first_name" label={labels.first_name} required error={errorOf('first_name')}>
          {(control) => <Input {...control} {...fields.first_name} autoComplete="given-name" maxLength={100} />}
        </FormField>
        <FormField id="last_name" label={labels.last_name} required error={errorOf('last_name')}>
          {(control) => <Input {...control} {...fields.last_name} autoComplete="family-name" maxLength={100} />}
        </FormField>
      </div>

      <FormField id="email" label={labels.email} required error={errorOf('email')}>
        {(control) => <Input {...control} {...fields.email} type="email" autoComplete="email" inputMode="email" maxLength={254} />}
      </FormField>

      <div className="grid gap-6 sm:grid-cols-[13rem_1fr]">
        <CountrySelect id="country_code" label={labels.country_code} required {...fields.country_code} autoComplete="country" />
        <FormField id="phone" label={labels.phone} required error={messageOf('phone')} hint={`For example ${phoneCountry.country.example}`}>
          {(control) => <Input {...control} {...fields.phone} type="tel" autoComplete="tel" maxLength={30} />}
        </FormField>
        <p role="status" className="sr-only">
          {phoneCountry.news}
        </p>
      </div>

      <FormField id="address" label={labels.address} required error={errorOf('address')}>
        {(control) => <Input {...control} {...fields.address} autoComplete="street-address" maxLength={500} />}
      </FormField>

      <RadioGroupField
        id="gender"
        legend={labels.gender}
        options={genderOptions}
        registration={fields.gender}
        initialValue={initialValues.gender}
        required
        error={errorOf('gender')}
      />

      <div className="grid gap-6 sm:grid-cols-3">
        <FormField id="linkedin_profile" label={labels.linkedin_profile} error={errorOf('linkedin_profile')} hint="Optional">
          {(control) => (
            <Input
              {...control}
              {...fields.linkedin_profile}
              type="url"
              autoComplete="url"
              placeholder="https://www.linkedin.com/in/…"
              maxLength={300}
            />
          )}
        </FormField>
        <FormField id="github_profile" label={labels.github_profile} error={errorOf('github_profile')} hint="Optional">
          {(control) => <Input {...control} {...fields.github_profile} type="url" placeholder="https://github.com/…" maxLength={300} />}
        </FormField>
        <FormField id="vercel_profile" label={labels.vercel_profile} error={errorOf('vercel_profile')} hint="Optional">
          {(control) => <Input {...control} {...fields.vercel_profile} type="url" placeholder="https://vercel.com/…" maxLength={300} />}
        </FormField>
      </div>

      <FormField id="cover_letter" label={labels.cover_letter} required error={errorOf('cover_letter')}>
        {(control) => <Textarea {...control} {...fields.cover_letter} rows={8} maxLength={10_000} />}
      </FormField>

      <FileUploadField
        control={control}
        name="resume_upload_id"
        purpose="resume"
        id={RESUME_INPUT}
        required
        disabled={busy}
        texts={resumeTexts}
        serverError={serverErrors.resume_upload_id}
        toastId={TOAST_ID}
        onUploadStart={onUploadStart}
      />

      {screening?.render({ register, errorOf: answerErrorOf })}

      {heardAbout && (
        <SelectField
          id="heard_about"
          label={heardAbout.label}
          hint={heardAbout.hint}
          {...fields.heard_about}
          placeholder={heardAbout.placeholder}
          options={heardAbout.options}
        />
      )}
      <ConsentFields
        acknowledgement={fields.privacy_acknowledged}
        talentPool={fields.talent_pool}
        initial={initialValues}
        error={errorOf('privacy_acknowledged')}
        talentPoolMonths={talentPoolMonths}
      />

      <Honeypot inputRef={honeypot} />

      <div>
        <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
          {status === 'submitting' ? (
            <>
              <LoaderCircle aria-hidden="true" className="animate-spin" />
              Submitting...
            </>
          ) : status === 'submitted' ? (
            'Application Submitted'
          ) : (
            'Submit Application'
          )}
        </Button>
      </div>
    </form>
  );
}
