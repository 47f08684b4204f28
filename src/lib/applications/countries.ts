/** The spec's 19 country codes, in its order (+1 is the default), with the country each stands for. */
export const countryCodes = [
  { code: '+1', country: 'United States', region: 'US' },
  { code: '+44', country: 'United Kingdom', region: 'GB' },
  { code: '+234', country: 'Nigeria', region: 'NG' },
  { code: '+27', country: 'South Africa', region: 'ZA' },
  { code: '+254', country: 'Kenya', region: 'KE' },
  { code: '+251', country: 'Ethiopia', region: 'ET' },
  { code: '+233', country: 'Ghana', region: 'GH' },
  { code: '+255', country: 'Tanzania', region: 'TZ' },
  { code: '+256', country: 'Uganda', region: 'UG' },
  { code: '+225', country: 'Ivory Coast', region: 'CI' },
  { code: '+61', country: 'Australia', region: 'AU' },
  { code: '+86', country: 'China', region: 'CN' },
  { code: '+91', country: 'India', region: 'IN' },
  { code: '+81', country: 'Japan', region: 'JP' },
  { code: '+82', country: 'South Korea', region: 'KR' },
  { code: '+65', country: 'Singapore', region: 'SG' },
  { code: '+971', country: 'UAE', region: 'AE' },
  { code: '+33', country: 'France', region: 'FR' },
  { code: '+49', country: 'Germany', region: 'DE' },
] as const;

export type CountryCode = (typeof countryCodes)[number]['code'];

export const DEFAULT_COUNTRY_CODE = '+1';
