import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod/mini';
import { actions } from 'astro:actions';
import { LoaderCircle } from 'lucide-react';
import { useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { useForm, useWatch, type FieldErrors, type FieldPath, type UseFormRegister } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { FileUploadField, usePendingUpload, type FileUploadTexts } from '@/components/ui/file-upload-field';
import { Honeypot } from '@/components/ui/honeypot';
import { Input } from '@/components/ui/input';
import { FieldError } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { flashToast, showToast, toast } from '@/components/ui/toast';
import { countryCodes, DEFAULT_COUNTRY_CODE, phoneExample } from '@/lib/applications/countries';
import {
  applicationFormSchema,
  genderOptions,
  RESUME_INPUT,
  type ApplicationFieldErrors,
  type ApplicationForm as ApplicationFormType,
  type ApplicationFormInput,
  type SourceFormFields,
} from '@/lib/applications/schema';
import { applicationToasts, resumeUploadedText } from '@/lib/applications/texts';
import { formToasts } from '@/lib/forms';
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
  country_code: DEFAULT_COUNTRY_CODE,
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

/** What the form needs of its questions' fields: to register them, and their messages. */
export interface ScreeningFormApi {
  register: UseFormRegister<ApplicationFormInput>;
  errors: FieldErrors<ApplicationFormInput>;
  dirtyFields: Partial<Record<string, unknown>>;
  serverErrors: ApplicationFieldErrors;
}

/** A position's questions: the form's schema with their answers, their first answers, their fields. */
export interface Screening {
  schema: z.ZodMiniType<ApplicationFormType, ApplicationFormInput>;
  initialAnswers: Record<string, string>;
  render: (form: ScreeningFormApi) => ReactNode;
}

export interface ApplicationFormProps {
  positionId: string;
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
 * failed submit keeps everything typed; a successful one runs the spec's toast sequence.
 */
export function ApplicationForm({
  positionId,
  initialValues: given,
  serverErrors = {},
  talentPoolMonths,
  screening,
  heardAbout,
  source,
}: ApplicationFormProps) {
  // A page given back to a plain post has the answers the applicant posted.
  const initialValues = given ?? defaultValues;
  const {
    register,
    control,
    handleSubmit,
    setError,
    trigger,
    getFieldState,
    formState: { errors, dirtyFields },
  } = useForm<ApplicationFormInput>({
    mode: 'onTouched',
    resolver: zodResolver(screening?.schema ?? applicationFormSchema),
    defaultValues: screening ? { ...initialValues, answers: screening.initialAnswers } : initialValues,
  });
  // The server's message for a field stays until the field is changed or checked again here.
  const errorOf = (field: Exclude<keyof ApplicationFormInput, 'answers'>) =>
    errors[field]?.message ?? (dirtyFields[field] ? undefined : serverErrors[field]);
  // Registered here, in the order of the form, because that order decides which invalid field
  // gets the focus on submit (render props run after this component, radios inline would win).
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
    country_code: {
      ...register('country_code', { onChange: () => getFieldState('phone').isTouched && void trigger('phone') }),
      defaultValue: initialValues.country_code,
    },
    phone: field('phone'),
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
  const countryCode = useWatch({ control, name: 'country_code' }) ?? DEFAULT_COUNTRY_CODE;
  const [status, setStatus] = useState<'idle' | 'submitting' | 'submitted'>('idle');
  const honeypot = useRef<HTMLInputElement>(null);
  const { onUploadStart, waitForUpload } = usePendingUpload();

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
    showToast(fields.length === 1 && fields[0] === 'gender' ? applicationToasts.genderMissing : formToasts.validationError, {
      id: TOAST_ID,
    });
  }

  function showServerErrors(fieldErrors: ApplicationFieldErrors) {
    let first = true;
    for (const [field, message] of Object.entries(fieldErrors)) {
      if (field === 'form' || field === 'position_id' || field === HONEYPOT_FIELD) continue;
      setError(field as FieldPath<ApplicationFormInput>, { type: 'server', message }, { shouldFocus: first });
      first = false;
    }
  }

  async function onValid(values: ApplicationFormInput) {
    setStatus('submitting');
    let submitted = false;
    try {
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
      aria-describedby="application-form-note"
      className="flex flex-col gap-6"
    >
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
        <FormField id="first_name" label="First name" required error={errorOf('first_name')}>
          {(control) => <Input {...control} {...fields.first_name} autoComplete="given-name" maxLength={100} />}
        </FormField>
        <FormField id="last_name" label="Last name" required error={errorOf('last_name')}>
          {(control) => <Input {...control} {...fields.last_name} autoComplete="family-name" maxLength={100} />}
        </FormField>
      </div>

      <FormField id="email" label="Email" required error={errorOf('email')}>
        {(control) => <Input {...control} {...fields.email} type="email" autoComplete="email" inputMode="email" maxLength={254} />}
      </FormField>

      <div className="grid gap-6 sm:grid-cols-[13rem_1fr]">
        <FormField id="country_code" label="Country code" required>
          {(control) => (
            <Select {...control} {...fields.country_code} autoComplete="tel-country-code">
              {countryCodes.map(({ code, country }) => (
                <option key={code} value={code}>
                  {code} {country}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="phone" label="Phone number" required error={errorOf('phone')} hint={`For example ${phoneExample(countryCode)}`}>
          {(control) => <Input {...control} {...fields.phone} type="tel" autoComplete="tel-national" maxLength={30} />}
        </FormField>
      </div>

      <FormField id="address" label="Address" required error={errorOf('address')}>
        {(control) => <Input {...control} {...fields.address} autoComplete="street-address" maxLength={500} />}
      </FormField>

      <fieldset aria-describedby={errorOf('gender') ? 'gender-error' : undefined} className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-foreground">
          Gender
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        </legend>
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          {genderOptions.map((option) => (
            <label key={option.value} className="inline-flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                value={option.value}
                defaultChecked={initialValues.gender === option.value}
                {...fields.gender}
                required
                className="size-4 accent-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
              />
              {option.label}
            </label>
          ))}
        </div>
        <div aria-live="polite">{errorOf('gender') && <FieldError id="gender-error">{errorOf('gender')}</FieldError>}</div>
      </fieldset>

      <div className="grid gap-6 sm:grid-cols-3">
        <FormField id="linkedin_profile" label="LinkedIn profile" error={errorOf('linkedin_profile')} hint="Optional">
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
        <FormField id="github_profile" label="GitHub profile" error={errorOf('github_profile')} hint="Optional">
          {(control) => <Input {...control} {...fields.github_profile} type="url" placeholder="https://github.com/…" maxLength={300} />}
        </FormField>
        <FormField id="vercel_profile" label="Vercel profile" error={errorOf('vercel_profile')} hint="Optional">
          {(control) => <Input {...control} {...fields.vercel_profile} type="url" placeholder="https://vercel.com/…" maxLength={300} />}
        </FormField>
      </div>

      <FormField id="cover_letter" label="Cover letter" required error={errorOf('cover_letter')}>
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

      {screening?.render({ register, errors, dirtyFields, serverErrors })}

      {heardAbout && (
        <FormField id="heard_about" label={heardAbout.label} hint={heardAbout.hint}>
          {(control) => <Select {...control} {...fields.heard_about} placeholder={heardAbout.placeholder} options={heardAbout.options} />}
        </FormField>
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
