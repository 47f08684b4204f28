import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, LoaderCircle, Send } from 'lucide-react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CountrySelect } from '@/components/ui/country-select';
import { useTypedBeforeLoad } from '@/components/ui/deferred';
import { ErrorSummary, useErrorSummary, type ErrorSummaryItem } from '@/components/ui/error-summary';
import { FileUploadField, usePendingUpload, type FileUploadTexts } from '@/components/ui/file-upload-field';
import { FormField } from '@/components/ui/form-field';
import { Honeypot } from '@/components/ui/honeypot';
import { Input } from '@/components/ui/input';
import { PrivacyNote } from '@/components/ui/privacy-note';
import { SelectField } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { prepareToasts, showToast } from '@/components/ui/toast';
import { usePhoneCountry } from '@/components/ui/use-phone-country';
import { formToasts, maskEmail } from '@/lib/forms';
import { HONEYPOT_FIELD } from '@/lib/honeypot';
import {
  CONTACT_ATTACHMENT_INPUT,
  contactFormSchema,
  contactReasonOptions,
  type ContactFieldErrors,
  type ContactFormInput,
} from '@/lib/messages/schema';
import { contactMessages, contactSentTexts, messageSentToast, messageToasts } from '@/lib/messages/texts';
import { DEFAULT_COUNTRY, type CountryHint } from '@/lib/phone/fields';
import { uploadHint } from '@/lib/uploads';
import { CONTACT_FORM_ID } from './ContactHeroActions';

const empty: ContactFormInput = {
  first_name: '',
  last_name: '',
  email: '',
  country_code: DEFAULT_COUNTRY,
  phone: '',
  reason: '',
  message: '',
  attachment_upload_id: '',
};

const attachmentTexts: FileUploadTexts = {
  label: 'Attachment',
  hint: `Optional. ${uploadHint('contact-attachment')}`,
  done: 'File attached',
  errorToast: messageToasts.attachmentUploadFailed,
};

/** Each field's control and label, in the form's order: the fields and the error summary name them. */
const controls = {
  first_name: { id: 'contact-first-name', label: 'First name' },
  last_name: { id: 'contact-last-name', label: 'Last name' },
  email: { id: 'contact-email', label: 'Email' },
  country_code: { id: 'contact-country', label: 'Country code' },
  phone: { id: 'contact-phone', label: 'Phone' },
  reason: { id: 'contact-reason', label: 'Reason for contact' },
  message: { id: 'contact-message', label: 'Message' },
  attachment_upload_id: { id: CONTACT_ATTACHMENT_INPUT, label: attachmentTexts.label },
} satisfies Record<keyof ContactFormInput, { id: string; label: string }>;

/** Every toast of this form has this id: the success replaces the form's earlier error toasts. */
const TOAST_ID = 'contact-form';

export interface ContactFormProps {
  /** What a visitor posted without JavaScript, given back by the server with why it was refused. */
  initialValues?: ContactFormInput;
  serverErrors?: ContactFieldErrors;
  /** The chosen country's name and example number (the select's options are in the HTML only). */
  country: CountryHint;
}

/**
 * The contact form: stored and e-mailed to the company (DECISIONS.md). Success shows the spec's
 * toast, and a confirmation takes the form's place until "Send another message" brings it back,
 * empty (issue 27); a failure keeps everything typed and says so once, in a summary that takes the
 * focus. Without JavaScript (or before the island hydrates) it is a plain multipart post to
 * /contact/send, which runs the same command.
 */
export function ContactForm({ initialValues: given = empty, serverErrors = {}, country: initialCountry }: ContactFormProps) {
  // What was typed before the form's code loaded (components/ui/deferred.tsx) stays typed.
  const initialValues: ContactFormInput = { ...given, ...(useTypedBeforeLoad() as Partial<ContactFormInput>) };
  const { register, control, handleSubmit, reset, setError, setValue, getValues, getFieldState, trigger, formState } =
    useForm<ContactFormInput>({
      mode: 'onTouched',
      // The error summary takes the focus instead, with a link to each field.
      shouldFocusError: false,
      resolver: zodResolver(contactFormSchema),
      defaultValues: initialValues,
    });
  const phoneCountry = usePhoneCountry({
    selectId: controls.country_code.id,
    initial: initialCountry,
    phone: () => getValues('phone'),
    choose: (region) => setValue('country_code', region),
    recheck: () => getFieldState('phone').isTouched && void trigger('phone'),
  });
  // defaultValue: the values are in the server-rendered HTML too, for a page given back to a plain post.
  const field = (name: Exclude<keyof ContactFormInput, 'attachment_upload_id' | 'country_code' | 'phone'>) => ({
    ...register(name),
    defaultValue: initialValues[name],
  });
  const fields = {
    first_name: field('first_name'),
    last_name: field('last_name'),
    email: field('email'),
    country_code: { ...register('country_code', { onChange: phoneCountry.followSelect }), defaultValue: initialValues.country_code },
    phone: {
      ...register('phone', { onChange: (event: { target: HTMLInputElement }) => void phoneCountry.followPhone(event.target.value) }),
      defaultValue: initialValues.phone,
    },
    reason: field('reason'),
    message: field('message'),
  };
  const { errors, dirtyFields } = formState;
  // The server's message for a field stays until the field is changed or checked again here.
  const errorOf = (name: keyof ContactFormInput) => {
    const error = errors[name]?.message ?? (dirtyFields[name] ? undefined : serverErrors[name]);
    return name === 'phone' ? phoneCountry.messageOf(error, contactMessages.phone) : error;
  };
  const [busy, setBusy] = useState(false);
  // Remounting the upload field clears its file input and status after a successful send.
  const [formKey, setFormKey] = useState(0);
  const honeypot = useRef<HTMLInputElement>(null);
  const { onUploadStart, waitForUpload } = usePendingUpload();

  // The error summary: shown by a refused send (or a page given back with the server's errors); each
  // refused send moves the focus to it.
  const { ref: summaryRef, shown: summaryShown, refused: summaryRefused } = useErrorSummary(Object.keys(serverErrors).length > 0);
  const summaryItems: ErrorSummaryItem[] = summaryShown
    ? (Object.keys(controls) as (keyof ContactFormInput)[]).flatMap((name) => {
        const message = errorOf(name);
        return message ? [{ ...controls[name], message }] : [];
      })
    : [];
  const refused = () => {
    summaryRefused();
    showToast(formToasts.validationError, { id: TOAST_ID });
  };

  // Sent: the confirmation stands in the form's place. The form stays mounted (hidden): its country
  // options are the server's, and a form rendered anew in the browser would have none.
  const [sent, setSent] = useState<{ attachmentName: string | null; email: string } | null>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const firstField = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // Sent while the attachment is still uploading: wait for it, and send nothing if it failed
    // (the field says why; the visitor decides whether to send without it).
    setBusy(true);
    const uploaded = await waitForUpload();
    setBusy(false);
    if (uploaded) await handleSubmit(onValid, refused)();
  }

  async function onValid(values: ContactFormInput) {
    setBusy(true);
    try {
      // The actions' client loads when the form is sent, not with the page.
      const { actions } = await import('@/lib/actions-client');
      const { data, error } = await actions.contact({ ...values, [HONEYPOT_FIELD]: honeypot.current?.value ?? '' });
      if (error || !data) throw error ?? new Error('No answer');
      if (data.kind === 'sent') {
        showToast(messageSentToast(data.attachmentName), { id: TOAST_ID });
        setSent({ attachmentName: data.attachmentName, email: maskEmail(values.email) });
        reset(empty);
        setFormKey((key) => key + 1);
      } else if (data.kind === 'invalid') {
        for (const [name, text] of Object.entries(data.fieldErrors)) {
          if (name === 'form' || name === HONEYPOT_FIELD) continue;
          setError(name as FieldPath<ContactFormInput>, { type: 'server', message: text });
        }
        refused();
      } else {
        showToast(messageToasts.rateLimited, { id: TOAST_ID });
      }
    } catch {
      showToast(messageToasts.sendFailed, { id: TOAST_ID });
    } finally {
      setBusy(false);
    }
  }

  function sendAnother() {
    setSent(null);
    // Once the form is shown again.
    window.setTimeout(() => firstField.current?.focus());
  }

  const sentToast = sent && messageSentToast(sent.attachmentName);

  return (
    <div id={CONTACT_FORM_ID} className="scroll-mt-24">
      {sent && sentToast && (
        <section aria-labelledby="contact-sent-heading" className="flex flex-col items-start gap-4">
          <CheckCircle2 aria-hidden="true" className="size-8 text-success" />
          <h3 id="contact-sent-heading" ref={sentHeading} tabIndex={-1} className="text-xl font-bold tracking-tight">
            {contactSentTexts.heading}
          </h3>
          <p>{sentToast.title}</p>
          {sentToast.description && <p className="text-muted-foreground">{sentToast.description}</p>}
          <p className="text-muted-foreground">{contactSentTexts.acknowledged(sent.email)}</p>
          <Button variant="outline" onClick={sendAnother}>
            {contactSentTexts.again}
          </Button>
        </section>
      )}
      <form
        // Before hydration, or without JavaScript, the form posts itself (with its file) to a page
        // that runs the same command; never a GET, so nothing typed lands in a URL.
        method="post"
        action="/contact/send"
        encType="multipart/form-data"
        noValidate
        hidden={Boolean(sent)}
        aria-labelledby="contact-form-heading"
        onSubmit={(event) => void onSubmit(event)}
        onFocus={prepareToasts}
        className="flex flex-col gap-6"
      >
        <ErrorSummary items={summaryItems} ref={summaryRef} />
        {serverErrors.form && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
            {serverErrors.form}
          </p>
        )}
        <div className="grid gap-6 sm:grid-cols-2">
          <FormField id={controls.first_name.id} label={controls.first_name.label} required error={errorOf('first_name')}>
            {(c) => (
              <Input
                {...c}
                {...fields.first_name}
                ref={(element) => {
                  fields.first_name.ref(element);
                  firstField.current = element;
                }}
                autoComplete="given-name"
                maxLength={100}
              />
            )}
          </FormField>
          <FormField id={controls.last_name.id} label={controls.last_name.label} required error={errorOf('last_name')}>
            {(c) => <Input {...c} {...fields.last_name} autoComplete="family-name" maxLength={100} />}
          </FormField>
        </div>
        <FormField id={controls.email.id} label={controls.email.label} required error={errorOf('email')}>
          {(c) => <Input {...c} {...fields.email} type="email" autoComplete="email" inputMode="email" maxLength={254} />}
        </FormField>
        <div className="grid gap-6 sm:grid-cols-[13rem_1fr]">
          <CountrySelect
            id={controls.country_code.id}
            label={controls.country_code.label}
            {...fields.country_code}
            autoComplete="country"
          />
          <FormField
            id={controls.phone.id}
            label={controls.phone.label}
            error={errorOf('phone')}
            hint={`Optional. For example ${phoneCountry.country.example}`}
          >
            {(c) => <Input {...c} {...fields.phone} type="tel" autoComplete="tel" maxLength={30} />}
          </FormField>
          <p role="status" className="sr-only">
            {phoneCountry.news}
          </p>
        </div>
        <SelectField
          id={controls.reason.id}
          label={controls.reason.label}
          required
          error={errorOf('reason')}
          {...fields.reason}
          placeholder="Select a reason"
          options={contactReasonOptions}
        />
        <FormField id={controls.message.id} label={controls.message.label} required error={errorOf('message')}>
          {(c) => <Textarea {...c} {...fields.message} rows={6} maxLength={5000} />}
        </FormField>
        <FileUploadField
          key={formKey}
          control={control}
          name="attachment_upload_id"
          purpose="contact-attachment"
          id={CONTACT_ATTACHMENT_INPUT}
          disabled={busy}
          texts={attachmentTexts}
          onUploadStart={onUploadStart}
          serverError={serverErrors.attachment_upload_id}
          toastId={TOAST_ID}
        />
        <Honeypot inputRef={honeypot} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
            {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
            {busy ? 'Sending...' : 'Send Message'}
          </Button>
          <PrivacyNote />
        </div>
      </form>
    </div>
  );
}
