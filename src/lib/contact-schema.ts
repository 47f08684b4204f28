import { z } from 'zod/mini';

/**
 * The contact form (spec section 5: first name, last name, email and message required; phone
 * optional; attachment .pdf, .doc, .docx, .txt), one schema for the form and the server.
 */

/** The five reasons, as shown; stored lowercased (the database checks the stored values). */
export const contactReasonOptions = [
  { value: 'consultation', label: 'Consultation' },
  { value: 'job inquiry', label: 'Job Inquiry' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'support', label: 'Support' },
  { value: 'general question', label: 'General Question' },
] as const;

export const contactMessages = {
  firstName: 'Please enter your first name',
  lastName: 'Please enter your last name',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  reason: 'Please choose a reason',
  message: 'Please write a message',
  tooLong: (max: number) => `Must be at most ${max} characters long`,
  sent: "Message sent successfully! We'll get back to you within 24 hours.",
  attached: (fileName: string) => `${fileName} has been attached to the message.`,
  rateLimited: 'Several messages were sent from your network in a short time. Please try again in an hour.',
  attachmentMissing: 'Your attachment could not be found. Please attach it again.',
} as const;

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
  return contactReasonOptions.find((option) => option.value === reason)?.label ?? reason;
}

const reasonValues = contactReasonOptions.map((option) => option.value) as [string, ...string[]];

const text = (min: number, minMessage: string, max: number) =>
  z.string().check(z.trim(), z.minLength(min, minMessage), z.maxLength(max, contactMessages.tooLong(max)));

export const contactFormSchema = z.object({
  first_name: text(1, contactMessages.firstName, 100),
  last_name: text(1, contactMessages.lastName, 100),
  email: z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, contactMessages.email), z.email(contactMessages.email)),
  phone: z.string().check(
    z.trim(),
    z.maxLength(30, contactMessages.tooLong(30)),
    z.refine((value) => value === '' || isPlausiblePhone(value), contactMessages.phone),
  ),
  reason: z.pipe(
    z.string({ error: contactMessages.reason }).check(z.toLowerCase()),
    z.enum(reasonValues, { error: contactMessages.reason }),
  ),
  message: text(1, contactMessages.message, 5000),
  /** The opaque id the attachment upload returned, or empty. */
  attachment_upload_id: z.union([z.literal(''), z.uuid()]),
});

export const contactSubmissionSchema = z.extend(contactFormSchema, { company_website: z.optional(z.string().check(z.maxLength(300))) });

export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFieldErrors = Partial<Record<keyof ContactFormInput | 'form', string>>;
