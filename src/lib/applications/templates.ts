import { z } from 'zod/mini';
import { textField } from '../forms.ts';
import { firstNameOf } from '../text.ts';

/**
 * The e-mails admins send candidates from the admin area: a template per step, with placeholders
 * filled for each candidate. Admins edit the templates; these are the texts until they do.
 */

export const emailTemplateKeys = ['received', 'interview', 'rejection', 'offer'] as const;
export type EmailTemplateKey = (typeof emailTemplateKeys)[number];

export const templateLabels: Record<EmailTemplateKey, string> = {
  received: 'Application received',
  interview: 'Interview invitation',
  rejection: 'Rejection',
  offer: 'Offer',
};

export const placeholders = {
  first_name: "the candidate's first name",
  position_title: 'the position',
  company: 'the company',
  sender_name: 'your name',
} as const;
export type PlaceholderValues = Record<keyof typeof placeholders, string>;

export interface EmailTemplate {
  key: EmailTemplateKey;
  subject: string;
  body: string;
}

export const defaultTemplates: Record<EmailTemplateKey, Omit<EmailTemplate, 'key'>> = {
  received: {
    subject: 'Your application for {{position_title}}',
    body: 'Hello {{first_name}},\n\nThank you for applying for the {{position_title}} position at {{company}}. We have your application and will be in touch within two weeks.\n\nBest regards,\n{{sender_name}}\n{{company}}',
  },
  interview: {
    subject: 'Interview invitation: {{position_title}} at {{company}}',
    body: 'Hello {{first_name}},\n\nThank you for your application for the {{position_title}} position. We would like to meet you for a first conversation of about 45 minutes, by video call.\n\nPlease reply with two or three times that suit you over the next week, and we will send you an invitation.\n\nBest regards,\n{{sender_name}}\n{{company}}',
  },
  rejection: {
    subject: 'Your application for {{position_title}}',
    body: 'Hello {{first_name}},\n\nThank you for your interest in the {{position_title}} position at {{company}} and for the time you gave to your application. After careful review we have decided not to move forward with it.\n\nWe wish you every success, and hope you will apply again for a future opening.\n\nBest regards,\n{{sender_name}}\n{{company}}',
  },
  offer: {
    subject: 'An offer from {{company}}: {{position_title}}',
    body: 'Hello {{first_name}},\n\nWe are delighted to offer you the {{position_title}} position at {{company}}. The written offer with its details follows separately; in the meantime, reply to this e-mail with any question.\n\nWe look forward to working with you.\n\nBest regards,\n{{sender_name}}\n{{company}}',
  },
};

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** The placeholders a text uses that do not exist ("{{frist_name}}"). */
export function unknownPlaceholders(text: string, known: Readonly<Record<string, string>> = placeholders): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!).filter((name) => !Object.hasOwn(known, name));
}

/** The text with each placeholder replaced by its value, as plain text (escaping is the mail layout's job). */
/** What the placeholders stand for, for one candidate and the person sending (the server's e-mail and every preview). */
export function placeholderValuesFor(
  candidate: { fullName: string; positionTitle: string },
  senderName: string,
  company: string,
): PlaceholderValues {
  return {
    first_name: firstNameOf(candidate.fullName) || candidate.fullName,
    position_title: candidate.positionTitle,
    company,
    sender_name: senderName,
  };
}

export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}

export const templateMessages = {
  unknown: (names: string[]) => `Unknown placeholder${names.length > 1 ? 's' : ''}: ${names.map((name) => `{{${name}}}`).join(', ')}`,
  subject: 'Write a subject (at most 200 characters)',
  body: 'Write the e-mail (at most 10,000 characters)',
} as const;

/** A subject or text of at most `max` characters using only the `known` placeholders (the candidate e-mails' by default). */
export const withKnownPlaceholders = (max: number, message: string, known: Readonly<Record<string, string>> = placeholders) =>
  textField(
    z.trim(),
    z.minLength(1, message),
    z.maxLength(max, message),
    z.superRefine((text, context) => {
      const unknown = unknownPlaceholders(text, known);
      if (unknown.length) context.issues.push({ code: 'custom', message: templateMessages.unknown(unknown), input: text });
    }),
  );

export const templateSchema = z.object({
  key: z.enum(emailTemplateKeys),
  subject: withKnownPlaceholders(200, templateMessages.subject),
  body: withKnownPlaceholders(10_000, templateMessages.body),
});

/**
 * When an e-mail to a candidate goes (issue 32): at once, or later, with a way to cancel it until
 * then (a rejection decided in the heat of a debrief can still be taken back). Minutes.
 */
export const sendDelays = [0, 60, 240, 1440] as const;
export type SendDelay = (typeof sendDelays)[number];
export const sendDelayLabels: Record<SendDelay, string> = {
  0: 'Now',
  60: 'In 1 hour',
  240: 'In 4 hours',
  1440: 'Tomorrow, in 24 hours',
};

/** An e-mail to a candidate as the admin sends it (the template's text, possibly edited for this one person). */
export const candidateEmailSchema = z.object({
  applicationId: z.uuid(),
  templateKey: z.nullable(z.enum(emailTemplateKeys)),
  subject: withKnownPlaceholders(200, templateMessages.subject),
  body: withKnownPlaceholders(10_000, templateMessages.body),
  delayMinutes: z._default(z.literal(sendDelays), 0),
});

export const cancelEmailSchema = z.object({ applicationId: z.uuid(), emailId: z.uuid() });
