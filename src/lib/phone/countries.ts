import data from './metadata/countries.json' with { type: 'json' };
import { DEFAULT_COUNTRY, type CountryHint } from './fields.ts';

/**
 * Every country of the forms' country select (DECISIONS.md: people apply from anywhere): the spec's
 * 19, in its order and with its names, then every other country libphonenumber knows, by name,
 * each with its calling code and an example mobile number written nationally. Rendered on the
 * server only (CountrySelect.tsx): the list is in the page's HTML, never in its script.
 */

/** The spec's country codes, in its order (section 3), with the names it gives them. */
export const specCountries = [
  { region: 'US', name: 'United States' },
  { region: 'GB', name: 'United Kingdom' },
  { region: 'NG', name: 'Nigeria' },
  { region: 'ZA', name: 'South Africa' },
  { region: 'KE', name: 'Kenya' },
  { region: 'ET', name: 'Ethiopia' },
  { region: 'GH', name: 'Ghana' },
  { region: 'TZ', name: 'Tanzania' },
  { region: 'UG', name: 'Uganda' },
  { region: 'CI', name: 'Ivory Coast' },
  { region: 'AU', name: 'Australia' },
  { region: 'CN', name: 'China' },
  { region: 'IN', name: 'India' },
  { region: 'JP', name: 'Japan' },
  { region: 'KR', name: 'South Korea' },
  { region: 'SG', name: 'Singapore' },
  { region: 'AE', name: 'UAE' },
  { region: 'FR', name: 'France' },
  { region: 'DE', name: 'Germany' },
] as const;

/** Where the English names of the Unicode data read like a code, the names people use. */
const names: Record<string, string> = {
  CD: 'Democratic Republic of the Congo',
  CG: 'Republic of the Congo',
  HK: 'Hong Kong',
  MM: 'Myanmar',
  MO: 'Macao',
};

export interface Country extends CountryHint {
  /** "55" */
  callingCode: string;
  /** What the select shows: "Brazil (+55)". */
  label: string;
}

let list: Country[] | undefined;

export function countries(): Country[] {
  if (list) return list;
  const displayNames = new Intl.DisplayNames(['en'], { type: 'region' });
  const byRegion = data as unknown as Record<string, [callingCode: string, example: string]>;
  const country = (region: string, name = names[region] ?? displayNames.of(region) ?? region): Country => {
    const [callingCode, example] = byRegion[region]!;
    return { region, name, example, callingCode, label: `${name} (+${callingCode})` };
  };
  const first = specCountries.map(({ region, name }) => country(region, name));
  const inFirst = new Set<string>(specCountries.map(({ region }) => region));
  const others = Object.keys(byRegion)
    .filter((region) => !inFirst.has(region))
    .map((region) => country(region))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  list = [...first, ...others];
  return list;
}

/** The country a form's value stands for ("BR", or a calling code such as "+44": its main country); the default otherwise. */
export function countryOf(value: string | undefined): Country {
  const all = countries();
  const code = /^\+(\d{1,3})$/.exec(value ?? '')?.[1];
  // A calling code stands for its main country, listed first in countries.json (US for +1, GB for +44).
  const region = code ? Object.entries(data).find(([, [callingCode]]) => callingCode === code)?.[0] : value;
  return all.find((entry) => entry.region === region) ?? all.find((entry) => entry.region === DEFAULT_COUNTRY)!;
}

/** What a form's phone field needs of its country before the page's script has the list: the hint. */
export function countryHint(value: string | undefined): CountryHint {
  const { region, name, example } = countryOf(value);
  return { region, name, example };
}
