import { describe, expect, it } from 'vitest';
import { phoneMetadata } from '../../../scripts/generate-phone-metadata.mjs';
import { getExampleNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import { formatPhone, phoneE164 } from './phone';
import generated from './phone-metadata.json';
import { countryCodes, phoneExample } from './countries';

describe('phone numbers for the chosen country', () => {
  // Numbers from the countries the form offers whose national number is not ten digits.
  it.each([
    ['+61', '+61 412 345 678', '+61412345678', '+1'],
    ['+86', '+86 138 0013 8000', '+8613800138000', '+91'],
    ['+33', '+33 6 12 34 56 78', '+33612345678', '+49'],
    ['+971', '+971 50 123 4567', '+971501234567', '+44'],
    ['+254', '+254 712 345 678', '+254712345678', '+234'],
    ['+65', '+65 8123 4567', '+6581234567', '+61'],
  ])('%s: %s is accepted and stored as %s, and refused with %s', (code, number, e164, otherCode) => {
    expect(phoneE164(number, code)).toBe(e164);
    expect(phoneE164(number, otherCode)).toBeNull();
  });

  it('takes the number written nationally too, with the usual separators', () => {
    expect(phoneE164('0412 345 678', '+61')).toBe('+61412345678');
    expect(phoneE164('(512) 555-0147', '+1')).toBe('+15125550147');
    expect(phoneE164('(512) 867-5309', '+1')).toBe('+15128675309');
    expect(phoneE164('07400 123456', '+44')).toBe('+447400123456');
  });

  it('refuses what is not a number of that country', () => {
    for (const bad of ['', '12', 'call me', '+61 412 345', '0412 345 678 999 999']) expect(phoneE164(bad, '+61')).toBeNull();
  });

  it("offers libphonenumber's example for every country of the form, and formats stored numbers for reading", () => {
    for (const { code, region } of countryCodes) {
      expect(phoneExample(code), code).toBe(getExampleNumber(region, examples)?.formatNational());
      expect(phoneE164(phoneExample(code), code), code).not.toBeNull();
    }
    expect(phoneExample('+61')).toBe('0412 345 678');
    expect(formatPhone('+61412345678')).toBe('+61 412 345 678');
    expect(formatPhone('+15128675309')).toBe('+1 512 867 5309');
    expect(formatPhone('not a number')).toBe('not a number');
  });

  it('ships metadata that matches the installed libphonenumber-js (run scripts/generate-phone-metadata.mjs)', () => {
    expect(generated).toEqual(phoneMetadata());
  });
});
