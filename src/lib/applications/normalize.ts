import type { ApplicationForm } from './schema.ts';
import { checkPhone } from '../phone/phone.ts';
import { PRIVACY_NOTICE_VERSION } from '../privacy/notice.ts';

/**
 * What is stored (spec section 3): full name joined, phone in E.164, e-mail lowercased, empty
 * optionals as null; and the consents, with the notice's version and when they were given.
 */
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
  privacyNoticeVersion: string;
  privacyAcknowledgedAt: Date;
  talentPoolConsentAt: Date | null;
  talentPoolUntil: Date | null;
}

export async function normalizeApplication(
  form: Omit<ApplicationForm, 'answers'>,
  { now = new Date(), talentPoolMonths }: { now?: Date; talentPoolMonths: number },
): Promise<NormalizedApplication> {
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    fullName: `${form.first_name} ${form.last_name}`.trim(),
    email: form.email.toLowerCase(),
    // E.164, the same as the spec's "country code followed by digits" for a valid number (the schema
    // admits no other); the digits as typed only if the rules changed between the check and here.
    phone: (await checkPhone(form.phone, form.country_code))?.e164 ?? `+${form.phone.replace(/\D/g, '')}`,
    address: form.address,
    gender: form.gender,
    linkedinProfile: orNull(form.linkedin_profile),
    githubProfile: orNull(form.github_profile),
    vercelProfile: orNull(form.vercel_profile),
    coverLetter: form.cover_letter,
    privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    privacyAcknowledgedAt: now,
    talentPoolConsentAt: form.talent_pool ? now : null,
    talentPoolUntil: form.talent_pool ? addMonths(now, talentPoolMonths) : null,
  };
}

/** The same time, `months` calendar months later (UTC): when a talent pool consent ends. */
export function addMonths(date: Date, months: number): Date {
  const until = new Date(date);
  until.setUTCMonth(until.getUTCMonth() + months);
  return until;
}
