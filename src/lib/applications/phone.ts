import {
  getExampleNumber,
  parsePhoneNumberFromString,
  type CountryCode as Region,
  type Examples,
  type MetadataJson,
} from 'libphonenumber-js/core';
import { countryCodes, DEFAULT_COUNTRY_CODE } from './countries.ts';
import generated from './phone-metadata.json' with { type: 'json' };

/**
 * Phone numbers of the apply form, checked for the chosen country with libphonenumber's precise
 * rules (DECISIONS.md: the spec's US pattern refused most of the world). The metadata covers only
 * the form's 19 countries (scripts/generate-phone-metadata.mjs).
 */

const metadata = generated.metadata as unknown as MetadataJson;
const examples = generated.examples as unknown as Examples;

function regionOf(countryCode: string): Region {
  return (countryCodes.find((entry) => entry.code === countryCode) ?? countryCodes[0]).region;
}

/**
 * The number in E.164 ("+61412345678") when it is a valid number of the chosen country, written
 * nationally ("0412 345 678") or internationally ("+61 412 345 678"); null otherwise.
 */
export function phoneE164(value: string, countryCode: string = DEFAULT_COUNTRY_CODE): string | null {
  const region = regionOf(countryCode);
  const phone = parsePhoneNumberFromString(value.trim(), region, metadata);
  if (!phone || phone.countryCallingCode !== countryCode.slice(1) || !phone.isValid()) return null;
  return phone.number;
}

/** "For example 0412 345 678": a real-looking mobile number of the chosen country, written as its people do. */
export function phoneExample(countryCode: string): string {
  const region = regionOf(countryCode);
  return getExampleNumber(region, examples, metadata)?.formatNational() ?? '';
}

/** "+61 412 345 678" for a stored E.164 number (admin area); the stored text when it does not parse. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164, metadata)?.formatInternational() ?? e164;
}
