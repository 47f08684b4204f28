import { pickFields, readFormPost } from '../public-form.ts';
import type { Runtime } from '../runtime.ts';
import { receivePostedFile, uploadDeps } from '../uploads/receive.ts';
import { HONEYPOT_FIELD } from '../../lib/honeypot.ts';
import { CONTACT_ATTACHMENT_INPUT, type ContactFieldErrors, type ContactFormInput } from '../../lib/messages/schema.ts';
import { contactMessages } from '../../lib/messages/texts.ts';
import { contactDeps, submitContactMessage } from './submit.ts';

/**
 * The contact form posted without JavaScript (or before its island hydrated): the same command as
 * the island's, with the attachment received from the post. Nothing typed is lost: a refusal comes
 * back with the values and a message per field.
 */

export type ContactPostOutcome =
  /** With the sender's address (as typed), for the confirmation. */
  | { kind: 'sent'; attachmentName: string | null; email: string }
  | { kind: 'refused'; values: ContactFormInput; fieldErrors: ContactFieldErrors };

const fieldNames = ['first_name', 'last_name', 'email', 'country_code', 'phone', 'reason', 'message'] as const;

export async function sendContactFormPost(runtime: Runtime, request: Request, clientKey: string): Promise<ContactPostOutcome> {
  const post = await readFormPost(request);
  const values: ContactFormInput = { ...pickFields(post ?? { fields: {}, files: {} }, fieldNames), attachment_upload_id: '' };
  if (!post) return { kind: 'refused', values, fieldErrors: { form: contactMessages.notAForm } };

  const file = post.files[CONTACT_ATTACHMENT_INPUT];
  if (file) {
    const upload = await receivePostedFile(uploadDeps(runtime), file, 'contact-attachment', clientKey);
    if ('error' in upload) return { kind: 'refused', values, fieldErrors: { attachment_upload_id: upload.error } };
    values.attachment_upload_id = upload.id;
  }
  const result = await submitContactMessage(contactDeps(runtime), { ...values, [HONEYPOT_FIELD]: post.fields[HONEYPOT_FIELD] }, clientKey);
  // The stored attachment cannot be posted back into a file input: it must be chosen again.
  const retry = { ...values, attachment_upload_id: '' };
  switch (result.kind) {
    case 'sent':
      return { kind: 'sent', attachmentName: result.attachmentName, email: values.email.trim() };
    case 'invalid':
      return {
        kind: 'refused',
        values: retry,
        fieldErrors: values.attachment_upload_id
          ? { ...result.fieldErrors, attachment_upload_id: contactMessages.attachAgain }
          : result.fieldErrors,
      };
    case 'rate-limited':
      return { kind: 'refused', values: retry, fieldErrors: { form: contactMessages.rateLimited } };
  }
}
