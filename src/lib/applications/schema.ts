import { z } from 'zod/mini';
import { honeypotField } from '../honeypot.ts';
import { applicationMessages as messages } from './texts.ts';

/**
 * The application form's rules (spec section 5), one schema for the browser form and the server.
 * Messages are the spec's, word for word, where the spec gives one.
 */

/** The spec's 19 country codes, in its order; +1 is the default. */
export const countryCodes = [
  { code: '+1', country: 'United States' },
  { code: '+44', country: 'United Kingdom' },
  { code: '+234', country: 'Nigeria' },
  { code: '+27', country: 'South Africa' },
  { code: '+254', country: 'Kenya' },
  { code: '+251', country: 'Ethiopia' },
  { code: '+233', country: 'Ghana' },
  { code: '+255', country: 'Tanzania' },
  { code: '+256', country: 'Uganda' },
  { code: '+225', country: 'Ivory Coast' },
  { code: '+61', country: 'Australia' },
  { code: '+86', country: 'China' },
  { code: '+91', country: 'India' },
  { code: '+81', country: 'Japan' },
  { code: '+82', country: 'South Korea' },
  { code: '+65', country: 'Singapore' },
  { code: '+971', country: 'UAE' },
  { code: '+33', country: 'France' },
  { code: '+49', country: 'Germany' },
] as const;

export const DEFAULT_COUNTRY_CODE = '+1';

export const genders = ['male', 'female', 'prefer-not-to-say'] as const;
export type Gender = (typeof genders)[number];
export const genderLabels: Record<Gender, string> = { male: 'Male', female: 'Female', 'prefer-not-to-say': 'Prefer not to say' };
export const genderOptions = genders.map((value) => ({ value, label: genderLabels[value] }));

const name = z.string().check(
  z.trim(),
  z.minLength(2, messages.nameLength),
  z.maxLength(100, messages.tooLong(100)),
  // "Letters" includes accented ones (José, Zoë): the rule is about symbols and digits.
  z.regex(/^[\p{L}\p{M}\s'’-]+$/u, messages.nameCharacters),
);

/** Spaces removed: optional +1-2 digit prefix, then 3+3+4 digits with optional parentheses and separators. */
export const phonePattern = /^(\+\d{1,2})?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;

const optionalUrl = (pattern: RegExp, message: string) =>
  z.string().check(
    z.trim(),
    z.maxLength(300, messages.tooLong(300)),
    z.refine((value) => value === '' || pattern.test(value), message),
  );

export const applicationFormSchema = z.object({
  first_name: name,
  last_name: name,
  email: z.string().check(z.trim(), z.maxLength(254, messages.tooLong(254)), z.regex(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,6}$/, messages.email)),
  country_code: z._default(z.enum(countryCodes.map((entry) => entry.code) as [string, ...string[]]), DEFAULT_COUNTRY_CODE),
  phone: z.string().check(
    z.maxLength(30, messages.tooLong(30)),
    z.refine((value) => phonePattern.test(value.replace(/\s/g, '')), messages.phone),
  ),
  address: z.string().check(z.trim(), z.minLength(10, messages.address), z.maxLength(500, messages.tooLong(500))),
  gender: z.enum(genders, { error: messages.gender }),
  // "An https address on a linkedin host with a 2-3 letter subdomain" (www., uk., ...).
  linkedin_profile: optionalUrl(/^https:\/\/[a-z]{2,3}\.linkedin\.com(\/\S*)?$/i, messages.linkedin),
  github_profile: optionalUrl(/^https:\/\/\S+\.\S+$/i, messages.url),
  vercel_profile: optionalUrl(/^https:\/\/\S+\.\S+$/i, messages.url),
  cover_letter: z.string().check(z.trim(), z.minLength(1, messages.coverLetter), z.maxLength(10_000, messages.tooLong(10_000))),
  /** The opaque id the resume upload returned. */
  resume_upload_id: z.uuid(messages.resume),
});

/** What the browser sends: the form, the position, and the honeypot field (empty for people). */
export const applicationSubmissionSchema = z.extend(applicationFormSchema, {
  position_id: z.uuid(),
  ...honeypotField,
});

export type ApplicationFieldErrors = Partial<Record<keyof z.input<typeof applicationSubmissionSchema> | 'form', string>>;

export type ApplicationFormInput = z.input<typeof applicationFormSchema>;
export type ApplicationForm = z.output<typeof applicationFormSchema>;

/** What is stored (spec section 3): full name joined, phone as country code + digits, empty optionals as null. */
export interface NormalizedApplication {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  gender: ApplicationForm['gender'];
  linkedinProfile: string | null;
  githubProfile: string | null;
  vercelProfile: string | null;
  coverLetter: string;
}

export function normalizeApplication(form: ApplicationForm): NormalizedApplication {
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    fullName: `${form.first_name} ${form.last_name}`.trim(),
    email: form.email.toLowerCase(),
    phone: `${form.country_code}${form.phone.replace(/\D/g, '')}`,
    address: form.address,
    gender: form.gender,
    linkedinProfile: orNull(form.linkedin_profile),
    githubProfile: orNull(form.github_profile),
    vercelProfile: orNull(form.vercel_profile),
    coverLetter: form.cover_letter,
  };
}
