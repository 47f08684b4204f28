import { zodResolver } from '@hookform/resolvers/zod';
import { actions } from 'astro:actions';
import { LoaderCircle } from 'lucide-react';
import { useRef, useState, type SubmitEvent } from 'react';
import { useForm, type FieldErrors, type FieldPath } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { FileUploadField, usePendingUpload, type FileUploadTexts } from '@/components/ui/file-upload-field';
import { Honeypot } from '@/components/ui/honeypot';
import { Input } from '@/components/ui/input';
import { FieldError } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { flashToast, showToast, toast } from '@/components/ui/toast';
import {
  applicationFormSchema,
  countryCodes,
  DEFAULT_COUNTRY_CODE,
  genderOptions,
  type ApplicationFieldErrors,
  type ApplicationFormInput,
} from '@/lib/applications/schema';
import { applicationMessages as messages, applicationToasts, resumeUploadedText } from '@/lib/applications/texts';
import { formToasts } from '@/lib/forms';
import { HONEYPOT_FIELD } from '@/lib/honeypot';
import { positionToasts } from '@/lib/positions/texts';
import { uploadHint } from '@/lib/uploads';
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
};

/**
 * The application form (spec sections 2-5). Errors appear once a field is touched and are checked
 * again on every change (react-hook-form's onTouched), with the schema the server uses too. A
 * failed submit keeps everything typed; a successful one runs the spec's toast sequence.
 */
export function ApplicationForm({ positionId }: { positionId: string }) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ApplicationFormInput>({ mode: 'onTouched', resolver: zodResolver(applicationFormSchema), defaultValues });
  // Registered here, in the order of the form, because that order decides which invalid field
  // gets the focus on submit (render props run after this component, radios inline would win).
  const fields = {
    first_name: register('first_name'),
    last_name: register('last_name'),
    email: register('email'),
    country_code: register('country_code'),
    phone: register('phone'),
    address: register('address'),
    gender: register('gender'),
    linkedin_profile: register('linkedin_profile'),
    github_profile: register('github_profile'),
    vercel_profile: register('vercel_profile'),
    cover_letter: register('cover_letter'),
  };
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
    showToast(fields.length === 1 && fields[0] === 'gender' ? applicationToasts.genderMissing : formToasts.validationError);
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
      const { data, error } = await actions.apply({ ...values, position_id: positionId, [HONEYPOT_FIELD]: honeypot.current?.value ?? '' });
      if (error || !data) throw error ?? new Error('No answer');
      switch (data.kind) {
        case 'submitted':
          submitted = true;
          setStatus('submitted');
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
          showToast(formToasts.validationError);
          break;
        case 'duplicate':
          setError('email', { type: 'server', message: messages.duplicate }, { shouldFocus: true });
          showToast(applicationToasts.duplicate);
          break;
        case 'rate-limited':
          showToast(applicationToasts.rateLimited);
          break;
        case 'position-not-found':
          flashToast(positionToasts.notFound);
          window.location.assign('/careers');
          break;
      }
    } catch {
      showToast(applicationToasts.submitFailed);
    } finally {
      if (!submitted) setStatus('idle');
    }
  }

  const busy = status !== 'idle';

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-describedby="application-form-note"
      className="flex flex-col gap-6"
    >
      <p id="application-form-note" className="text-sm text-muted-foreground">
        Fields marked{' '}
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>

      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id="first_name" label="First name" required error={errors.first_name?.message}>
          {(control) => <Input {...control} {...fields.first_name} autoComplete="given-name" maxLength={100} />}
        </FormField>
        <FormField id="last_name" label="Last name" required error={errors.last_name?.message}>
          {(control) => <Input {...control} {...fields.last_name} autoComplete="family-name" maxLength={100} />}
        </FormField>
      </div>

      <FormField id="email" label="Email" required error={errors.email?.message}>
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
        <FormField id="phone" label="Phone number" required error={errors.phone?.message} hint="For example (512) 555-0147">
          {(control) => <Input {...control} {...fields.phone} type="tel" autoComplete="tel-national" maxLength={30} />}
        </FormField>
      </div>

      <FormField id="address" label="Address" required error={errors.address?.message}>
        {(control) => <Input {...control} {...fields.address} autoComplete="street-address" maxLength={500} />}
      </FormField>

      <fieldset aria-describedby={errors.gender ? 'gender-error' : undefined} className="flex flex-col gap-2">
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
                {...fields.gender}
                required
                className="size-4 accent-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
              />
              {option.label}
            </label>
          ))}
        </div>
        <div aria-live="polite">{errors.gender && <FieldError id="gender-error">{errors.gender.message}</FieldError>}</div>
      </fieldset>

      <div className="grid gap-6 sm:grid-cols-3">
        <FormField id="linkedin_profile" label="LinkedIn profile" error={errors.linkedin_profile?.message} hint="Optional">
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
        <FormField id="github_profile" label="GitHub profile" error={errors.github_profile?.message} hint="Optional">
          {(control) => <Input {...control} {...fields.github_profile} type="url" placeholder="https://github.com/…" maxLength={300} />}
        </FormField>
        <FormField id="vercel_profile" label="Vercel profile" error={errors.vercel_profile?.message} hint="Optional">
          {(control) => <Input {...control} {...fields.vercel_profile} type="url" placeholder="https://vercel.com/…" maxLength={300} />}
        </FormField>
      </div>

      <FormField id="cover_letter" label="Cover letter" required error={errors.cover_letter?.message}>
        {(control) => <Textarea {...control} {...fields.cover_letter} rows={8} maxLength={10_000} />}
      </FormField>

      <FileUploadField
        control={control}
        name="resume_upload_id"
        purpose="resume"
        id="resume"
        required
        disabled={busy}
        texts={resumeTexts}
        onUploadStart={onUploadStart}
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
