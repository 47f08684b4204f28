import { z } from 'zod/mini';
import { requiredEmailField, textField } from '../forms.ts';
import { honeypotField } from '../honeypot.ts';
import { countryField, phoneRule } from '../phone/fields.ts';
import { contactMessages } from './texts.ts';

/**
 * The contact form (spec section 5: first name, last name, email and message required; phone
 * optional, checked for its country as on the apply form; attachment .pdf, .doc, .docx, .txt), one
 * schema for the form and the server.
 */

/** The five reasons (spec section 3), stored lowercased; the database checks the stored values. */
export const contactReasons = ['consultation', 'job inquiry', 'partnership', 'support', 'general question'] as const;
export type ContactReason = (typeof contactReasons)[number];
const reasonLabels: Record<ContactReason, string> = {
  consultation: 'Consultation',
  'job inquiry': 'Job Inquiry',
  partnership: 'Partnership',
  support: 'Support',
  'general question': 'General Question',
};
export const contactReasonOptions = contactReasons.map((value) => ({ value, label: reasonLabels[value] }));

/** "Job Inquiry" for the stored "job inquiry"; an unknown value as it is. */
export function contactReasonLabel(reason: string): string {
  return reasonLabels[reason as ContactReason] ?? reason;
}

const text = (min: number, minMessage: string, max: number) =>
  textField(z.trim(), z.minLength(min, minMessage), z.maxLength(max, contactMessages.tooLong(max)));

const fields = {
  first_name: text(1, contactMessages.firstName, 100),
  last_name: text(1, contactMessages.lastName, 100),
  email: requiredEmailField(contactMessages.emailMissing),
  /** The phone number's country: every country, "US" by default, as on the apply form. */
  country_code: countryField,
  /** Optional; when given, a valid number of its country (checked with the country below). */
  phone: textField(z.trim(), z.maxLength(30, contactMessages.tooLong(30))),
  reason: z.pipe(
    z.string({ error: contactMessages.reason }).check(z.toLowerCase()),
    z.enum(contactReasons, { error: contactMessages.reason }),
  ),
  message: text(1, contactMessages.message, 5000),
  /** The opaque id the attachment upload returned, or empty. */
  attachment_upload_id: z.union([z.literal(''), z.uuid()]),
};

export const contactFormSchema = z.object(fields).check(phoneRule(contactMessages.phone));

/** The name of the attachment's file input, posted as a file when the form is sent without JavaScript. */
export const CONTACT_ATTACHMENT_INPUT = 'contact-attachment';

export const contactSubmissionSchema = z.object({ ...fields, ...honeypotField }).check(phoneRule(contactMessages.phone));

export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFieldErrors = Partial<Record<keyof ContactFormInput | 'form', string>>;
