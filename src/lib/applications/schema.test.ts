import { describe, expect, it } from 'vitest';
import { normalizeApplication } from './normalize';
import { applicationFormSchema, type ApplicationFormInput } from './schema';
import { applicationMessages as messages } from './texts';
import { PRIVACY_NOTICE_VERSION } from '../privacy/notice';

/** The first message of each field: the one the form shows and the server answers. */
function fieldErrorsOf(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const first: Record<string, string> = {};
  for (const issue of issues) first[String(issue.path[0])] ??= issue.message;
  return first;
}

const valid: ApplicationFormInput = {
  first_name: 'Ada',
  last_name: "O'Neil-Lovelace",
  email: 'ada@example.dev',
  country_code: 'US',
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
    ['first_name', { first_name: '' }, messages.firstNameMissing],
    ['last_name', { last_name: '   ' }, messages.lastNameMissing],
    ['email', { email: '' }, messages.emailMissing],
    ['phone', { phone: ' ' }, messages.phoneMissing],
    ['address', { address: '' }, messages.addressMissing],
    ['first_name', { first_name: 'A' }, messages.nameLength],
    ['last_name', { last_name: ' B ' }, messages.nameLength],
    ['first_name', { first_name: 'Ada2' }, messages.nameCharacters],
    ['last_name', { last_name: 'Love<script>' }, messages.nameCharacters],
    ['email', { email: 'ada@example' }, messages.email],
    ['email', { email: '<victim@target.example>a.co' }, messages.email],
    ['email', { email: 'ada lovelace@example.dev' }, messages.email],
    ['phone', { phone: '555-01' }, messages.phone],
    ['phone', { phone: '+123 512 555 0142' }, messages.phone],
    ['phone', { phone: '+44 7400 12345' }, messages.phone],
    ['phone', { country_code: 'ZZ', phone: '(512) 555-0142' }, messages.phone],
    ['phone', { country_code: '+999', phone: '(512) 555-0142' }, messages.phone],
    ['address', { address: 'Austin' }, messages.address],
    ['gender', { gender: '' as never }, messages.gender],
    ['linkedin_profile', { linkedin_profile: 'https://www.linkedin.com' }, messages.linkedin],
    ['linkedin_profile', { linkedin_profile: 'https://linkedin.evil.com/in/ada' }, messages.linkedin],
    ['github_profile', { github_profile: 'javascript:alert(1)' }, messages.url],
    ['vercel_profile', { vercel_profile: 'my portfolio' }, messages.url],
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
    expect(await errorFor('phone', { country_code: 'GB', phone: '07400 123456' })).toBeUndefined();
    expect(await errorFor('phone', { country_code: 'BR', phone: '(11) 96123-4567' })).toBeUndefined();
    expect(await errorFor('phone', { country_code: 'AU', phone: '(512) 555-0142' })).toBe(messages.phone);
    expect(await errorFor('phone', { country_code: 'AU', phone: '(512) 555-0142', first_name: '' })).toBe(messages.phone);
    // The country codes the form posted before it offered every country still work.
    expect(await errorFor('phone', { country_code: '+44', phone: '07400 123456' })).toBeUndefined();
  });

  it('takes a number written with its calling code as that country, whatever the select says', async () => {
    expect(await errorFor('phone', { country_code: 'US', phone: '+55 11 96123-4567' })).toBeUndefined();
    expect(await errorFor('phone', { country_code: 'AU', phone: '+44 7400 123456' })).toBeUndefined();
  });

  it('says what to do when a required field is empty, and speaks of lengths only once something is typed', async () => {
    const result = await applicationFormSchema.safeParseAsync({ ...valid, first_name: '', last_name: '', address: '', phone: '' });
    expect(fieldErrorsOf(result.error?.issues ?? [])).toEqual({
      first_name: messages.firstNameMissing,
      last_name: messages.lastNameMissing,
      phone: messages.phoneMissing,
      address: messages.addressMissing,
    });
    expect(fieldErrorsOf((await applicationFormSchema.safeParseAsync({ ...valid, first_name: 'A' })).error?.issues ?? [])).toEqual({
      first_name: messages.nameLength,
    });
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

  it('accepts profile addresses as people write them, and keeps them in one form', async () => {
    for (const linkedin_profile of [
      'https://www.linkedin.com/in/ada',
      'https://linkedin.com/in/name'.replace('name', 'ada'),
      'linkedin.com/in/ada/',
      'https://br.linkedin.com/in/ada',
      'http://uk.linkedin.com/in/ada?trk=public_profile',
    ]) {
      const parsed = await applicationFormSchema.parseAsync({ ...valid, linkedin_profile });
      expect(parsed.linkedin_profile, linkedin_profile).toBe('https://www.linkedin.com/in/ada');
    }
    const parsed = await applicationFormSchema.parseAsync({
      ...valid,
      github_profile: 'www.github.com/ada/',
      vercel_profile: 'ada.vercel.app',
    });
    expect(parsed).toMatchObject({ github_profile: 'https://github.com/ada', vercel_profile: 'https://ada.vercel.app' });
  });

  it('limits the size of every text field', async () => {
    expect(await errorFor('cover_letter', { cover_letter: 'x'.repeat(10_001) })).toBe(messages.tooLong(10_000));
    expect(await errorFor('address', { address: 'x'.repeat(501) })).toBe(messages.tooLong(500));
  });

  it('takes the United States (+1) by default, and refuses a country value that is not a code', async () => {
    const { country_code: _omitted, ...withoutCode } = valid;
    expect((await applicationFormSchema.parseAsync(withoutCode)).country_code).toBe('US');
    expect(await errorFor('country_code', { country_code: 'Brazil' })).toBeDefined();
    expect(await errorFor('country_code', { country_code: '<script>' })).toBeDefined();
  });
});

describe('normalizeApplication (spec section 3)', () => {
  it('joins the name, stores the phone in E.164 and the e-mail lowercased, and empty optionals as null', async () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const stored = await normalizeApplication(
      await applicationFormSchema.parseAsync({
        ...valid,
        email: 'Ada@Example.DEV',
        country_code: 'GB',
        phone: '07400 123456',
        github_profile: ' https://github.com/ada/ ',
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
    const stored = await normalizeApplication(await applicationFormSchema.parseAsync({ ...valid, talent_pool: true }), {
      now,
      talentPoolMonths: 18,
    });
    expect(stored).toMatchObject({ talentPoolConsentAt: now, talentPoolUntil: new Date('2028-05-23T10:00:00Z') });
  });
});
