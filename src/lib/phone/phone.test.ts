import { readdirSync, readFileSync } from 'node:fs';
import { getCountries, getCountryCallingCode, getExampleNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import { phoneMetadataFiles } from '../../../scripts/generate-phone-metadata.mjs';
import { countries, countryHint, countryOf, specCountries } from './countries';
import { phoneMessageFor } from './fields';
import { checkPhone, countryOfNumber, formatPhone, formattedPhonesKept, regionOf } from './phone';

describe('every country of libphonenumber', () => {
  const byRegion = new Map(countries().map((country) => [country.region, country]));

  it('has a label with its calling code and an example number that the phone check accepts', async () => {
    const regions = getCountries();
    expect(regions.length).toBeGreaterThan(240);
    for (const region of regions) {
      const country = byRegion.get(region);
      expect(country, region).toBeDefined();
      expect(country!.name, region).toMatch(/^\p{Lu}[\p{L}\p{M} .,'’&()-]+$/u);
      expect(country!.name, region).not.toBe(region);
      expect(country!.label).toBe(`${country!.name} (+${getCountryCallingCode(region)})`);
      expect(country!.example, region).toBe(getExampleNumber(region, examples)!.formatNational());
      expect(await checkPhone(country!.example, region), region).toMatchObject({ region });
    }
    expect(countries()).toHaveLength(regions.length);
  });

  it("offers the spec's 19 first, in its order and with its names, then all the others by name", () => {
    const list = countries();
    expect(list.slice(0, 19).map(({ region, name }) => ({ region, name }))).toEqual(specCountries);
    expect(list[0]).toMatchObject({ label: 'United States (+1)', example: '(201) 555-0123' });
    expect(list.find((country) => country.region === 'CI')?.label).toBe('Ivory Coast (+225)');
    const rest = list.slice(19).map((country) => country.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(rest[0]).toBe('Afghanistan');
    expect(byRegion.get('BR')).toMatchObject({ label: 'Brazil (+55)', example: '(11) 96123-4567' });
    expect(byRegion.get('CD')?.name).toBe('Democratic Republic of the Congo');
    expect(new Set(list.map((country) => country.region)).size).toBe(list.length);
  });

  it('reads a form value as its country: an ISO code, a calling code (its main country), else the default', () => {
    expect(countryOf('BR').region).toBe('BR');
    expect(countryOf('+44').region).toBe('GB');
    expect(countryOf('+1').region).toBe('US');
    expect(countryOf('ZZ').region).toBe('US');
    expect(countryOf(undefined).region).toBe('US');
    expect(countryHint('+55')).toEqual({ region: 'BR', name: 'Brazil', example: '(11) 96123-4567' });
    expect(regionOf('+7')).toBe('RU');
    expect(regionOf('+999')).toBeNull();
    expect(regionOf('XX')).toBeNull();
  });

  it('names the chosen country after the spec message', () => {
    expect(phoneMessageFor('Please enter a valid phone number', countryHint('BR'))).toBe(
      'Please enter a valid phone number for Brazil, like (11) 96123-4567',
    );
  });
});

describe('phone numbers', () => {
  it.each([
    ['BR', '(11) 96123-4567', '+5511961234567'],
    ['BR', '11 96123 4567', '+5511961234567'],
    ['AU', '0412 345 678', '+61412345678'],
    ['US', '(512) 555-0147', '+15125550147'],
    ['US', '512.555.0147', '+15125550147'],
    ['GB', '07400 123456', '+447400123456'],
    ['+44', '07400 123456', '+447400123456'],
    ['+1', '(512) 867-5309', '+15128675309'],
    ['CN', '138 0013 8000', '+8613800138000'],
  ])('%s: %s is accepted and stored as %s', async (country, number, e164) => {
    expect((await checkPhone(number, country))?.e164).toBe(e164);
  });

  it('takes a number written with its calling code as that country, whichever is chosen', async () => {
    expect(await checkPhone('+55 11 96123-4567', 'US')).toEqual({ e164: '+5511961234567', region: 'BR' });
    expect(await checkPhone('0055 11 96123 4567', 'DE')).toEqual({ e164: '+5511961234567', region: 'BR' });
    expect(await checkPhone('+1 416 555 0123', 'GB')).toEqual({ e164: '+14165550123', region: 'CA' });
    expect(await checkPhone('+61 412 345 678', '+1')).toEqual({ e164: '+61412345678', region: 'AU' });
  });

  it('refuses what is not a valid number of its country', async () => {
    for (const [value, country] of [
      ['', 'US'],
      ['12', 'AU'],
      ['call me', 'AU'],
      ['+61 412 345', 'US'],
      ['0412 345 678 999 999', 'AU'],
      ['(512) 555-0142', 'AU'],
      ['(11) 96123-4567', 'US'],
      ['+999 123 456 789', 'US'],
      ['+800 1234 5678', 'US'],
      ['07400 123456', 'ZZ'],
      ['07400 123456', '+999'],
    ]) {
      expect(await checkPhone(value!, country!), `${value} (${country})`).toBeNull();
    }
  });

  it('picks the country of a number typed with its calling code, as soon as the code is known', async () => {
    expect(await countryOfNumber('+55 11 96123-4567', 'US')).toBe('BR');
    expect(await countryOfNumber('+55', 'US')).toBe('BR');
    expect(await countryOfNumber('+5', 'US')).toBeNull();
    expect(await countryOfNumber('+1 416 555 0123', 'US')).toBe('CA');
    expect(await countryOfNumber('+1', 'JM')).toBe('JM');
    expect(await countryOfNumber('+44 7', 'JE')).toBe('JE');
    expect(await countryOfNumber('+44 7', 'FR')).toBe('GB');
    expect(await countryOfNumber('(11) 96123-4567', 'US')).toBeNull();
  });

  it('formats stored numbers for reading', async () => {
    expect(await formatPhone('+5511961234567')).toBe('+55 11 96123 4567');
    expect(await formatPhone('+61412345678')).toBe('+61 412 345 678');
    expect(await formatPhone('+15128675309')).toBe('+1 512 867 5309');
    expect(await formatPhone('not a number')).toBe('not a number');
  });

  it('keeps the numbers it wrote, up to a limit, and writes them alike the second time', async () => {
    for (let n = 0; n < 2_500; n += 1) await formatPhone(`+1512555${String(n).padStart(4, '0')}`);
    expect(formattedPhonesKept()).toBe(2_000);
    expect(await formatPhone('+15125550001')).toBe('+1 512 555 0001');
    expect(await formatPhone('+15125552499')).toBe('+1 512 555 2499');
    expect(formattedPhonesKept()).toBe(2_000);
  });
});

describe('the metadata files', () => {
  it('match the installed libphonenumber-js (run npx node scripts/generate-phone-metadata.mjs)', () => {
    const directory = new URL('./metadata/', import.meta.url);
    const expected = phoneMetadataFiles();
    expect(readdirSync(directory).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, content] of Object.entries(expected)) {
      expect(JSON.parse(readFileSync(new URL(name, directory), 'utf8')), name).toEqual(content);
    }
  });
});
