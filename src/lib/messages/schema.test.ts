import { describe, expect, it } from 'vitest';
import { contactFormSchema } from './schema';
import { contactMessages } from './texts';

const base = {
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane@mail.test',
  reason: 'Support',
  message: 'Hello',
  attachment_upload_id: '',
};

const phoneError = async (phone: string, country_code?: string) =>
  (await contactFormSchema.safeParseAsync({ ...base, phone, ...(country_code ? { country_code } : {}) })).error?.issues.find(
    (issue) => issue.path[0] === 'phone',
  )?.message;

describe('contact form phone', () => {
  it('is optional', async () => {
    expect(await phoneError('')).toBeUndefined();
    expect(await phoneError('   ')).toBeUndefined();
  });

  it('is a real number of its country, as on the apply form, or of the country its calling code names', async () => {
    for (const [phone, country] of [
      ['(512) 555-0147', undefined],
      ['512.555.0147', 'US'],
      ['020 7946 0958', 'GB'],
      ['(11) 96123-4567', 'BR'],
      ['+234 803 123 4567', undefined],
      ['+971-4-555-0100', 'US'],
    ] as const) {
      expect(await phoneError(phone, country), phone).toBeUndefined();
    }
  });

  it('refuses anything else with the spec message', async () => {
    for (const [phone, country] of [
      ['123', undefined],
      ['call me', undefined],
      ['(11) 96123-4567', 'US'],
      ['+1 512 555 014', undefined],
    ] as const) {
      expect(await phoneError(phone, country), phone).toBe(contactMessages.phone);
    }
  });

  it('says what to do about an empty address', async () => {
    const result = await contactFormSchema.safeParseAsync({ ...base, phone: '', email: '' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['email'], message: contactMessages.emailMissing });
  });
});
