import { parsePhoneNumberFromString, type CountryCode, type MetadataJson } from 'libphonenumber-js/core';
import callingCodes from './metadata/calling-codes.json' with { type: 'json' };

/**
 * Phone numbers of every country, checked with libphonenumber's precise rules (DECISIONS.md: the
 * spec's US pattern refused most of the world). The forms load this module when they first check
 * a number, not with the page; it carries every country's calling code, and each world numbering
 * zone's rules (zone 5 is Latin America, zone 4 most of Europe...) load when a number of that zone
 * is first checked, a few KB each (scripts/generate-phone-metadata.mjs, decision 032).
 *
 * A country is given as its ISO code ("BR"), or as a calling code ("+44", what the forms posted
 * before they offered every country: its main country).
 */

type Countries = MetadataJson['countries'];

const codes: Record<string, string[]> = callingCodes.codes;

const zones: Record<string, () => Promise<{ default: Countries }>> = {
  '1': () => import('./metadata/zone-1.json'),
  '2': () => import('./metadata/zone-2.json'),
  '3': () => import('./metadata/zone-3.json'),
  '4': () => import('./metadata/zone-4.json'),
  '5': () => import('./metadata/zone-5.json'),
  '6': () => import('./metadata/zone-6.json'),
  '7': () => import('./metadata/zone-7.json'),
  '8': () => import('./metadata/zone-8.json'),
  '9': () => import('./metadata/zone-9.json'),
};

const loadedZones = new Map<string, Promise<Countries>>();

function loadZone(zone: string): Promise<Countries> {
  let loading = loadedZones.get(zone);
  if (!loading) {
    loading = zones[zone]!().then((module) => module.default);
    // Offline, or a new deploy replaced the file: the next check tries again.
    loading.catch(() => loadedZones.delete(zone));
    loadedZones.set(zone, loading);
  }
  return loading;
}

/** The rules of every country sharing the given calling codes (each code's zone is its first digit). */
async function metadataFor(callingCodesNeeded: string[]): Promise<MetadataJson> {
  const loaded = await Promise.all([...new Set(callingCodesNeeded.map((code) => code[0]!))].map(loadZone));
  return {
    version: callingCodes.version,
    country_calling_codes: codes as MetadataJson['country_calling_codes'],
    countries: Object.assign({}, ...loaded) as Countries,
    nonGeographic: {},
  };
}

let codeOfRegion: Map<string, string> | undefined;

/** The calling code of a country ("BR" → "55"). */
function callingCodeOf(region: string): string | undefined {
  codeOfRegion ??= new Map(Object.entries(codes).flatMap(([code, regions]) => regions.map((r) => [r, code] as const)));
  return codeOfRegion.get(region);
}

/** "BR" for "BR"; a calling code's main country for "+55"; null for anything else. */
export function regionOf(country: string): string | null {
  if (/^[A-Z]{2}$/.test(country)) return callingCodeOf(country) ? country : null;
  const code = /^\+(\d{1,3})$/.exec(country)?.[1];
  return (code && codes[code]?.[0]) || null;
}

/**
 * The digits of a number written internationally ("+55 11 96123-4567", or "0055 …" as dialled from
 * most of the world), with its calling code; null for a number written nationally.
 */
function international(value: string): { digits: string; code: string | null } | null {
  const text = value.trim();
  const digits = text.startsWith('+') ? text.replace(/\D/g, '') : text.startsWith('00') ? text.replace(/\D/g, '').slice(2) : null;
  if (digits === null) return null;
  // Calling codes are a prefix code: at most one of the first one, two or three digits is one.
  const code = [1, 2, 3].map((length) => digits.slice(0, length)).find((prefix) => prefix in codes) ?? null;
  return { digits, code };
}

export interface CheckedPhone {
  /** "+5511961234567" */
  e164: string;
  /** The chosen country; for a number written with its calling code, the country the number belongs to. */
  region: string;
}

/**
 * The number when it is a valid phone number: written nationally, of the chosen country;
 * written with its calling code ("+55 11 …"), of the country that code names, whichever country
 * is chosen (the forms then choose it). Null otherwise.
 */
export async function checkPhone(value: string, country: string): Promise<CheckedPhone | null> {
  const region = regionOf(country);
  if (!region || value.length > 40) return null;
  const written = international(value);
  if (written && !written.code) return null;
  const metadata = await metadataFor([callingCodeOf(region)!, ...(written?.code ? [written.code] : [])]);
  const phone = parsePhoneNumberFromString(written ? `+${written.digits}` : value, region as CountryCode, metadata);
  if (!phone?.isValid()) return null;
  // Written nationally, it is the chosen country's (Åland's numbers are Finland's too).
  return { e164: phone.number, region: written ? (phone.country ?? region) : region };
}

/**
 * The country a number written with its calling code belongs to, as far as it is typed: "+1 416 …"
 * is Canada, "+44 …" the chosen country when it shares +44, else the code's main country. Null
 * for a number written nationally or an unknown code.
 */
export async function countryOfNumber(value: string, chosen: string): Promise<string | null> {
  const written = international(value);
  if (!written?.code) return null;
  const phone = parsePhoneNumberFromString(`+${written.digits}`, await metadataFor([written.code]));
  if (phone?.country) return phone.country;
  const regions = codes[written.code]!;
  const current = regionOf(chosen);
  return current && regions.includes(current) ? current : regions[0]!;
}

/**
 * Numbers already written for display, the oldest dropped past the limit: a list of 50 applications
 * parsed each number on every page (about 4 ms of a page's time), and the same ones come back.
 */
const formatted = new Map<string, string>();
const FORMATTED_KEPT = 2_000;
/** How many are kept (for the test of the limit). */
export const formattedPhonesKept = () => formatted.size;

/** "+55 11 96123-4567" for a stored E.164 number (admin area); the stored text when it does not parse. */
export async function formatPhone(e164: string): Promise<string> {
  const known = formatted.get(e164);
  if (known !== undefined) return known;
  const code = international(e164)?.code;
  if (!code) return e164;
  const written = parsePhoneNumberFromString(e164, await metadataFor([code]))?.formatInternational() ?? e164;
  if (formatted.size >= FORMATTED_KEPT) formatted.delete(formatted.keys().next().value!);
  formatted.set(e164, written);
  return written;
}
