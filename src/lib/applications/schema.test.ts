import { describe, expect, it } from 'vitest';
import { countryCodes } from './countries';
import { normalizeApplication } from './normalize';
import { applicationFormSchema, type ApplicationFormInput } from './schema';
import { applicationMessages as messages } from './texts';
import { PRIVACY_NOTICE_VERSION } from '../privacy/notice';

const valid: ApplicationFormInput = {
  first_name: 'Ada',
  last_name: "O'Neil-Lovelace",
  email: 'ada@example.dev',
  country_code: '+1',
  phone: '(512) 555-0142',
  address: '600 Congress Avenue, Austin, TX',
  gender: 'female',
  linkedin_profile: '',
  github_profile: '',
  vercel_profile: '',
  cover_letter: 'I build reliable cloud platforms.',
  resume_upload_id: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  privacy_acknowledged: true,
};

/** The message for one field after validating `valid` with `change` applied, or undefined. */
async function errorFor(field: keyof ApplicationFormInput, change: Partial<ApplicationFormInput>): Promise<string | undefined> {
  const result = await applicationFormSchema.safeParseAsync({ ...valid, ...change });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('application form rules (spec section 5)', () => {
  it('accepts a complete application', async () => {
    expect((await applicationFormSchema.safeParseAsync(valid)).success).toBe(true);
  });

  it.each([
    ['first_name', { first_name: 'A' }, messages.nameLength],
    ['last_name', { last_name: ' B ' }, messages.nameLength],
    ['first_name', { first_name: 'Ada2' }, messages.nameCharacters],
    ['last_name', { last_name: 'Love<script>' }, messages.nameCharacters],
    ['email', { email: 'ada@example' }, messages.email],
    ['email', { email: '<victim@target.example>a.co' }, messages.email],
    ['email', { email: 'ada lovelace@example.dev' }, messages.email],
    ['phone', { phone: '555-01' }, messages.phone],
    ['phone', { phone: '+123 512 555 0142' }, messages.phone],
    ['phone', { phone: '+44 7400 123456' }, messages.phone],
    ['phone', { phone: '' }, messages.phone],
    ['address', { address: 'Austin' }, messages.address],
    ['gender', { gender: '' as never }, messages.gender],
    ['linkedin_profile', { linkedin_profile: 'http://www.linkedin.com/in/ada' }, messages.linkedin],
    ['linkedin_profile', { linkedin_profile: 'https://linkedin.evil.com/in/ada' }, messages.linkedin],
    ['github_profile', { github_profile: 'github.com/ada' }, messages.url],
    ['cover_letter', { cover_letter: '   ' }, messages.coverLetter],
    ['resume_upload_id', { resume_upload_id: '' }, messages.resume],
    ['privacy_acknowledged', { privacy_acknowledged: false }, 'Please confirm that you have read the privacy notice'],
  ] as const)('%s: %o → "%s"', async (field, change, message) => {
    expect(await errorFor(field, change)).toBe(message);
  });

  it.each(['+1 (512) 555-0142', '512.555.0142', '5125550142', '(512) 555 0142'])('accepts the phone %s', async (phone) => {
    expect(await errorFor('phone', { phone })).toBeUndefined();
  });

  it('checks the phone number for the chosen country, even while other fields are wrong', async () => {
    expect(await errorFor('phone', { country_code: '+44', phone: '07400 123456' })).toBeUndefined();
    expect(await errorFor('phone', { country_code: '+61', phone: '+61 412 345 678' })).toBeUndefined();
    expect(await errorFor('phone', { country_code: '+61', phone: '(512) 555-0142' })).toBe(messages.phone);
    expect(await errorFor('phone', { country_code: '+61', phone: '(512) 555-0142', first_name: '' })).toBe(messages.phone);
  });

  it.each(['jordan@helix.engineering', 'ana@studio.photography', 'Ada.Lovelace+jobs@Example.dev'])(
    'accepts the e-mail %s',
    async (email) => {
      expect(await errorFor('email', { email })).toBeUndefined();
    },
  );

  it.each(['José', 'Zoë', "D'Angelo", 'Mary Ann', 'Smith-Jones'])('accepts the name %s', async (first_name) => {
    expect(await errorFor('first_name', { first_name })).toBeUndefined();
  });

  it('accepts LinkedIn addresses on a 2-3 letter subdomain', async () => {
    expect(await errorFor('linkedin_profile', { linkedin_profile: 'https://www.linkedin.com/in/ada' })).toBeUndefined();
    expect(await errorFor('linkedin_profile', { linkedin_profile: 'https://uk.linkedin.com/in/ada' })).toBeUndefined();
  });

  it('limits the size of every text field', async () => {
    expect(await errorFor('cover_letter', { cover_letter: 'x'.repeat(10_001) })).toBe(messages.tooLong(10_000));
    expect(await errorFor('address', { address: 'x'.repeat(501) })).toBe(messages.tooLong(500));
  });

  it('offers the spec 19 country codes with +1 first and by default', async () => {
    expect(countryCodes).toHaveLength(19);
    expect(countryCodes[0]).toMatchObject({ code: '+1', country: 'United States', region: 'US' });
    const { country_code: _omitted, ...withoutCode } = valid;
    expect((await applicationFormSchema.parseAsync(withoutCode)).country_code).toBe('+1');
    expect(await errorFor('country_code', { country_code: '+999' as never })).toBeDefined();
  });
});

describe('normalizeApplication (spec section 3)', () => {
  it('joins the name, stores the phone in E.164 and the e-mail lowercased, and empty optionals as null', async () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const stored = normalizeApplication(
      await applicationFormSchema.parseAsync({
        ...valid,
        email: 'Ada@Example.DEV',
        country_code: '+44',
        phone: '07400 123456',
        github_profile: ' https://github.com/ada ',
      }),
      { now, talentPoolMonths: 12 },
    );
    expect(stored).toEqual({
      fullName: "Ada O'Neil-Lovelace",
      email: 'ada@example.dev',
      phone: '+447400123456',
      address: '600 Congress Avenue, Austin, TX',
      gender: 'female',
      linkedinProfile: null,
      githubProfile: 'https://github.com/ada',
      vercelProfile: null,
      coverLetter: 'I build reliable cloud platforms.',
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      privacyAcknowledgedAt: now,
      talentPoolConsentAt: null,
      talentPoolUntil: null,
    });
  });

  it('keeps a talent-pool consent with its time and the end of its period', async () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const stored = normalizeApplication(await applicationFormSchema.parseAsync({ ...valid, talent_pool: true }), {
      now,
      talentPoolMonths: 18,
    });
    expect(stored).toMatchObject({ talentPoolConsentAt: now, talentPoolUntil: new Date('2028-05-23T10:00:00Z') });
  });
});
