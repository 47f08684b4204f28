import { z } from 'zod/mini';
import { requiredEmailField, textField } from '../forms.ts';
import type { HONEYPOT_FIELD } from '../honeypot.ts';
import { countryField, phoneRule } from '../phone/fields.ts';
import { consentFields } from '../privacy/notice.ts';
import { normalizeLinkedInUrl, normalizeProfileUrl } from '../profile-urls.ts';
import { applicationMessages as messages } from './texts.ts';

/**
 * The application form's rules (spec section 5), one schema for the browser form and the server.
 * Messages are the spec's, word for word, where the spec gives one.
 */

export const genders = ['male', 'female', 'prefer-not-to-say'] as const;
export type Gender = (typeof genders)[number];
export const genderLabels: Record<Gender, string> = { male: 'Male', female: 'Female', 'prefer-not-to-say': 'Prefer not to say' };
export const genderOptions = genders.map((value) => ({ value, label: genderLabels[value] }));

// An empty field says what to do: that message comes first (a field shows its first message, the
// server keeps the first per field); the length rule is the first once something is typed.
const name = (empty: string) =>
  textField(
    z.trim(),
    z.minLength(1, empty),
    z.minLength(2, messages.nameLength),
    z.maxLength(100, messages.tooLong(100)),
    // "Letters" includes accented ones (José, Zoë): the rule is about symbols and digits.
    z.regex(/^[\p{L}\p{M}\s'’-]+$/u, messages.nameCharacters),
  );

/** An optional profile address, accepted as people write it and kept in its normal form (../profile-urls.ts). */
const optionalProfile = (normalize: (value: string) => string | null, message: string) =>
  textField(
    z.trim(),
    z.maxLength(300, messages.tooLong(300)),
    z.overwrite((value) => (value === '' ? value : (normalize(value) ?? value))),
    z.refine((value) => value === '' || normalize(value) !== null, message),
  );

export const applicationFields = {
  first_name: name(messages.firstNameMissing),
  last_name: name(messages.lastNameMissing),
  email: requiredEmailField(messages.emailMissing),
  /** The country of the phone number: every country (DECISIONS.md), "US" by default (the spec's +1). */
  country_code: countryField,
  // Checked for the chosen country below: the rule needs both fields.
  phone: textField(z.trim(), z.minLength(1, messages.phoneMissing), z.maxLength(30, messages.tooLong(30))),
  address: textField(
    z.trim(),
    z.minLength(1, messages.addressMissing),
    z.minLength(10, messages.address),
    z.maxLength(500, messages.tooLong(500)),
  ),
  gender: z.enum(genders, { error: messages.gender }),
  // The spec's "https address on a linkedin host with a 2-3 letter subdomain", as people write it.
  linkedin_profile: optionalProfile(normalizeLinkedInUrl, messages.linkedin),
  github_profile: optionalProfile(normalizeProfileUrl, messages.url),
  vercel_profile: optionalProfile(normalizeProfileUrl, messages.url),
  cover_letter: textField(z.trim(), z.minLength(1, messages.coverLetter), z.maxLength(10_000, messages.tooLong(10_000))),
  /** The opaque id the resume upload returned. */
  resume_upload_id: z.uuid(messages.resume),
  // The privacy notice acknowledged (required), and the talent pool (optional).
  ...consentFields,
  /** "How did you hear about us?" (optional; one of the options an admin keeps, checked by the server). */
  heard_about: z._default(textField(z.maxLength(80, messages.tooLong(80))), ''),
};

/** The phone number of the chosen country (../phone/fields.ts), checked once both fields are there. */
export const phoneOfCountry = phoneRule(messages.phone);

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
