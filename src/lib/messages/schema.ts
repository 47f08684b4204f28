import { z } from 'zod/mini';
import { emailField, textField } from '../forms.ts';
import { honeypotField } from '../honeypot.ts';
import { contactMessages } from './texts.ts';

/**
 * The contact form (spec section 5: first name, last name, email and message required; phone
 * optional; attachment .pdf, .doc, .docx, .txt), one schema for the form and the server.
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

/**
 * Any real number, from anywhere: 7 to 15 digits (E.164's longest), an optional leading +, and the
 * usual separators. The apply form's stricter North American shape would refuse "+234 803 123 4567".
 */
export function isPlausiblePhone(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/** "Job Inquiry" for the stored "job inquiry"; an unknown value as it is. */
export function contactReasonLabel(reason: string): string {
  return reasonLabels[reason as ContactReason] ?? reason;
}

const text = (min: number, minMessage: string, max: number) =>
  textField(z.trim(), z.minLength(min, minMessage), z.maxLength(max, contactMessages.tooLong(max)));

export const contactFormSchema = z.object({
  first_name: text(1, contactMessages.firstName, 100),
  last_name: text(1, contactMessages.lastName, 100),
  email: emailField,
  phone: textField(
    z.trim(),
    z.maxLength(30, contactMessages.tooLong(30)),
    z.refine((value) => value === '' || isPlausiblePhone(value), contactMessages.phone),
  ),
  reason: z.pipe(
    z.string({ error: contactMessages.reason }).check(z.toLowerCase()),
    z.enum(contactReasons, { error: contactMessages.reason }),
  ),
  message: text(1, contactMessages.message, 5000),
  /** The opaque id the attachment upload returned, or empty. */
  attachment_upload_id: z.union([z.literal(''), z.uuid()]),
});

/** The name of the attachment's file input, posted as a file when the form is sent without JavaScript. */
export const CONTACT_ATTACHMENT_INPUT = 'contact-attachment';

export const contactSubmissionSchema = z.extend(contactFormSchema, honeypotField);

export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFieldErrors = Partial<Record<keyof ContactFormInput | 'form', string>>;
