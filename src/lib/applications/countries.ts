/**
 * The spec's 19 country codes, in its order (+1 is the default), with the country each stands for
 * and the apply form's hint: libphonenumber's example mobile number, written nationally. The
 * examples are copied here so the form shows them without loading libphonenumber (phone.test.ts
 * checks them against it).
 */
export const countryCodes = [
  { code: '+1', country: 'United States', region: 'US', example: '(201) 555-0123' },
  { code: '+44', country: 'United Kingdom', region: 'GB', example: '07400 123456' },
  { code: '+234', country: 'Nigeria', region: 'NG', example: '0802 123 4567' },
  { code: '+27', country: 'South Africa', region: 'ZA', example: '071 123 4567' },
  { code: '+254', country: 'Kenya', region: 'KE', example: '0712 123456' },
  { code: '+251', country: 'Ethiopia', region: 'ET', example: '091 123 4567' },
  { code: '+233', country: 'Ghana', region: 'GH', example: '023 123 4567' },
  { code: '+255', country: 'Tanzania', region: 'TZ', example: '0621 234 567' },
  { code: '+256', country: 'Uganda', region: 'UG', example: '0712 345678' },
  { code: '+225', country: 'Ivory Coast', region: 'CI', example: '01 23 45 6789' },
  { code: '+61', country: 'Australia', region: 'AU', example: '0412 345 678' },
  { code: '+86', country: 'China', region: 'CN', example: '131 2345 6789' },
  { code: '+91', country: 'India', region: 'IN', example: '081234 56789' },
  { code: '+81', country: 'Japan', region: 'JP', example: '090-1234-5678' },
  { code: '+82', country: 'South Korea', region: 'KR', example: '010-2000-0000' },
  { code: '+65', country: 'Singapore', region: 'SG', example: '8123 4567' },
  { code: '+971', country: 'UAE', region: 'AE', example: '050 123 4567' },
  { code: '+33', country: 'France', region: 'FR', example: '06 12 34 56 78' },
  { code: '+49', country: 'Germany', region: 'DE', example: '01512 3456789' },
] as const;

export type CountryCode = (typeof countryCodes)[number]['code'];

export const DEFAULT_COUNTRY_CODE = '+1';

/** "0412 345 678": the example number shown under the phone field for the chosen country code. */
export function phoneExample(countryCode: string): string {
  return (countryCodes.find((entry) => entry.code === countryCode) ?? countryCodes[0]).example;
}
