import { zodResolver } from '@hookform/resolvers/zod';
import { actions } from 'astro:actions';
import { LoaderCircle, Send } from 'lucide-react';
import { useRef, useState, type SubmitEvent } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FileUploadField, usePendingUpload, type FileUploadTexts } from '@/components/ui/file-upload-field';
import { FormField } from '@/components/ui/form-field';
import { Honeypot } from '@/components/ui/honeypot';
import { Input } from '@/components/ui/input';
import { PrivacyNote } from '@/components/ui/privacy-note';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { showToast } from '@/components/ui/toast';
import { formToasts } from '@/lib/forms';
import {
  CONTACT_ATTACHMENT_INPUT,
  contactFormSchema,
  contactReasonOptions,
  type ContactFieldErrors,
  type ContactFormInput,
} from '@/lib/messages/schema';
import { messageSentToast, messageToasts } from '@/lib/messages/texts';
import { uploadHint } from '@/lib/uploads';
import { HONEYPOT_FIELD } from '@/lib/honeypot';
import { CONTACT_FORM_ID } from './ContactHeroActions';

const empty: ContactFormInput = { first_name: '', last_name: '', email: '', phone: '', reason: '', message: '', attachment_upload_id: '' };

const attachmentTexts: FileUploadTexts = {
  label: 'Attachment',
  hint: `Optional. ${uploadHint('contact-attachment')}`,
  done: 'File attached',
  errorToast: messageToasts.attachmentUploadFailed,
};

/** Every toast of this form has this id: the success replaces the form's earlier error toasts. */
const TOAST_ID = 'contact-form';

export interface ContactFormProps {
  /** What a visitor posted without JavaScript, given back by the server with why it was refused. */
  initialValues?: ContactFormInput;
  serverErrors?: ContactFieldErrors;
}

/**
 * The contact form: stored and e-mailed to the company (DECISIONS.md). Success shows the spec's
 * toast and empties the form; a failure keeps everything typed. Without JavaScript (or before the
 * island hydrates) it is a plain multipart post to /contact/send, which runs the same command.
 */
export function ContactForm({ initialValues = empty, serverErrors = {} }: ContactFormProps) {
  const { register, control, handleSubmit, reset, setError, formState } = useForm<ContactFormInput>({
    mode: 'onTouched',
    resolver: zodResolver(contactFormSchema),
    defaultValues: initialValues,
  });
  // defaultValue: the values are in the server-rendered HTML too, for a page given back to a plain post.
  const field = (name: Exclude<keyof ContactFormInput, 'attachment_upload_id'>) => ({
    ...register(name),
    defaultValue: initialValues[name],
  });
  const fields = {
    first_name: field('first_name'),
    last_name: field('last_name'),
    email: field('email'),
    phone: field('phone'),
    reason: field('reason'),
    message: field('message'),
  };
  const { errors, dirtyFields } = formState;
  // The server's message for a field stays until the field is changed or checked again here.
  const errorOf = (field: keyof ContactFormInput) => errors[field]?.message ?? (dirtyFields[field] ? undefined : serverErrors[field]);
  const [busy, setBusy] = useState(false);
  // Remounting the upload field clears its file input and status after a successful send.
  const [formKey, setFormKey] = useState(0);
  const honeypot = useRef<HTMLInputElement>(null);
  const { onUploadStart, waitForUpload } = usePendingUpload();
  const showInvalid = () => showToast(formToasts.validationError, { id: TOAST_ID });

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // Sent while the attachment is still uploading: wait for it, and send nothing if it failed
    // (the field says why; the visitor decides whether to send without it).
    setBusy(true);
    const uploaded = await waitForUpload();
    setBusy(false);
    if (uploaded) await handleSubmit(onValid, showInvalid)();
  }

  async function onValid(values: ContactFormInput) {
    setBusy(true);
    try {
      const { data, error } = await actions.contact({ ...values, [HONEYPOT_FIELD]: honeypot.current?.value ?? '' });
      if (error || !data) throw error ?? new Error('No answer');
      if (data.kind === 'sent') {
        showToast(messageSentToast(data.attachmentName), { id: TOAST_ID });
        reset(empty);
        setFormKey((key) => key + 1);
      } else if (data.kind === 'invalid') {
        let first = true;
        for (const [field, message] of Object.entries(data.fieldErrors)) {
          if (field === 'form' || field === HONEYPOT_FIELD) continue;
          setError(field as FieldPath<ContactFormInput>, { type: 'server', message }, { shouldFocus: first });
          first = false;
        }
        showInvalid();
      } else {
        showToast(messageToasts.rateLimited, { id: TOAST_ID });
      }
    } catch {
      showToast(messageToasts.sendFailed, { id: TOAST_ID });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      id={CONTACT_FORM_ID}
      // Before hydration, or without JavaScript, the form posts itself (with its file) to a page
      // that runs the same command; never a GET, so nothing typed lands in a URL.
      method="post"
      action="/contact/send"
      encType="multipart/form-data"
      noValidate
      aria-labelledby="contact-form-heading"
      onSubmit={(event) => void onSubmit(event)}
      className="flex scroll-mt-24 flex-col gap-6"
    >
      {serverErrors.form && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {serverErrors.form}
        </p>
      )}
      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id="contact-first-name" label="First name" required error={errorOf('first_name')}>
          {(c) => <Input {...c} {...fields.first_name} autoComplete="given-name" maxLength={100} />}
        </FormField>
        <FormField id="contact-last-name" label="Last name" required error={errorOf('last_name')}>
          {(c) => <Input {...c} {...fields.last_name} autoComplete="family-name" maxLength={100} />}
        </FormField>
      </div>
      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id="contact-email" label="Email" required error={errorOf('email')}>
          {(c) => <Input {...c} {...fields.email} type="email" autoComplete="email" inputMode="email" maxLength={254} />}
        </FormField>
        <FormField id="contact-phone" label="Phone" error={errorOf('phone')} hint="Optional">
          {(c) => <Input {...c} {...fields.phone} type="tel" autoComplete="tel" maxLength={30} />}
        </FormField>
      </div>
      <FormField id="contact-reason" label="Reason for contact" required error={errorOf('reason')}>
        {(c) => <Select {...c} {...fields.reason} placeholder="Select a reason" options={contactReasonOptions} />}
      </FormField>
      <FormField id="contact-message" label="Message" required error={errorOf('message')}>
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
  );
}
