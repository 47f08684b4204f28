import { z } from 'zod/mini';
import { emailField, textField } from '../forms.ts';
import type { HONEYPOT_FIELD } from '../honeypot.ts';
import { countryCodes, DEFAULT_COUNTRY_CODE, type CountryCode } from './countries.ts';
import { consentFields } from '../privacy/notice.ts';
import { applicationMessages as messages } from './texts.ts';

/**
 * The application form's rules (spec section 5), one schema for the browser form and the server.
 * Messages are the spec's, word for word, where the spec gives one.
 */

export const genders = ['male', 'female', 'prefer-not-to-say'] as const;
export type Gender = (typeof genders)[number];
export const genderLabels: Record<Gender, string> = { male: 'Male', female: 'Female', 'prefer-not-to-say': 'Prefer not to say' };
export const genderOptions = genders.map((value) => ({ value, label: genderLabels[value] }));

const name = textField(
  z.trim(),
  z.minLength(2, messages.nameLength),
  z.maxLength(100, messages.tooLong(100)),
  // "Letters" includes accented ones (José, Zoë): the rule is about symbols and digits.
  z.regex(/^[\p{L}\p{M}\s'’-]+$/u, messages.nameCharacters),
);

const optionalUrl = (pattern: RegExp, message: string) =>
  textField(
    z.trim(),
    z.maxLength(300, messages.tooLong(300)),
    z.refine((value) => value === '' || pattern.test(value), message),
  );

export const applicationFields = {
  first_name: name,
  last_name: name,
  email: emailField,
  country_code: z._default(z.enum(countryCodes.map((entry) => entry.code) as [CountryCode, ...CountryCode[]]), DEFAULT_COUNTRY_CODE),
  // Checked for the chosen country below: the rule needs both fields.
  phone: textField(z.maxLength(30, messages.tooLong(30))),
  address: textField(z.trim(), z.minLength(10, messages.address), z.maxLength(500, messages.tooLong(500))),
  gender: z.enum(genders, { error: messages.gender }),
  // "An https address on a linkedin host with a 2-3 letter subdomain" (www., uk., ...).
  linkedin_profile: optionalUrl(/^https:\/\/[a-z]{2,3}\.linkedin\.com(\/\S*)?$/i, messages.linkedin),
  github_profile: optionalUrl(/^https:\/\/\S+\.\S+$/i, messages.url),
  vercel_profile: optionalUrl(/^https:\/\/\S+\.\S+$/i, messages.url),
  cover_letter: textField(z.trim(), z.minLength(1, messages.coverLetter), z.maxLength(10_000, messages.tooLong(10_000))),
  /** The opaque id the resume upload returned. */
  resume_upload_id: z.uuid(messages.resume),
  // The privacy notice acknowledged (required), and the talent pool (optional).
  ...consentFields,
  /** "How did you hear about us?" (optional; one of the options an admin keeps, checked by the server). */
  heard_about: z._default(textField(z.maxLength(80, messages.tooLong(80))), ''),
};

/**
 * The phone number must be a valid number of the chosen country (libphonenumber, see ./phone.ts).
 * Loaded when a number is first checked: in the browser that keeps libphonenumber and its metadata
 * (about 18 KB compressed) out of the apply page's first load. The check is asynchronous, so these
 * schemas are parsed with parseAsync / safeParseAsync (react-hook-form's resolver and Astro's
 * actions do).
 */
export const phoneOfCountry = z.refine(
  async (form: unknown) => {
    const { phone, country_code } = form as { phone: string; country_code: string };
    const { phoneE164 } = await import('./phone.ts');
    return phoneE164(phone, country_code) !== null;
  },
  {
    message: messages.phone,
    path: ['phone'],
    // Checked even while other fields are wrong, so the message shows as soon as the field is touched.
    when: ({ value }) => typeof (value as { phone?: unknown })?.phone === 'string',
  },
);

export const applicationFormSchema = z.object(applicationFields).check(phoneOfCountry);

/** The form of one position: the spec's fields, then that position's own questions. */
/** The form field of a screening question's answer: nested under `answers`, so react-hook-form and a plain post agree. */
export const answerFieldName = (questionId: string) => `answers.${questionId}` as const;

/** The name of the resume's file input, posted as a file when the form is sent without JavaScript. */
export const RESUME_INPUT = 'resume';

/** A message per field; a screening question's answer is `answers.<question id>`. */
export type ApplicationFieldErrors = Partial<
  Record<keyof typeof applicationFields | 'position_id' | typeof HONEYPOT_FIELD | 'form' | `answers.${string}`, string>
>;

/** Where the visit came from, sent beside the form (see ./source.ts); the server checks them. */
export interface SourceFormFields {
  source?: string;
  source_medium?: string;
  source_campaign?: string;
}

/** Answers to the position's screening questions, by question id. */
type Answers = { answers?: Record<string, string> };
export type ApplicationFormInput = z.input<typeof applicationFormSchema> & Answers;
export type ApplicationForm = z.output<typeof applicationFormSchema> & Answers;
