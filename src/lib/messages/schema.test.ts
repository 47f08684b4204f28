import { describe, expect, it } from 'vitest';
import { contactFormSchema, isPlausiblePhone } from './schema';
import { contactMessages } from './texts';

describe('contact form phone', () => {
  it('accepts real numbers from anywhere, written the usual ways', () => {
    for (const phone of [
      '(512) 555-0147',
      '+1 512 555 0147',
      '+234 803 123 4567',
      '+44 20 7946 0958',
      '020 7946 0958',
      '+971-4-555-0100',
      '512.555.0147',
    ]) {
      expect(isPlausiblePhone(phone), phone).toBe(true);
    }
  });

  it('refuses too few or too many digits and anything but separators', () => {
    for (const phone of ['123', '555-01', '+1 2345 6789 0123 4567', '512 555 0147 ext 2', 'call me', '++1 512 555 0147']) {
      expect(isPlausiblePhone(phone), phone).toBe(false);
    }
  });

  it('is optional, and a bad one is named with the spec message', () => {
    const base = {
      first_name: 'Jane',
      last_name: 'Doe',
      email: 'jane@mail.test',
      reason: 'Support',
      message: 'Hello',
      attachment_upload_id: '',
    };
    expect(contactFormSchema.safeParse({ ...base, phone: '' }).success).toBe(true);
    const bad = contactFormSchema.safeParse({ ...base, phone: 'call me' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['phone'], message: contactMessages.phone });
  });
});
