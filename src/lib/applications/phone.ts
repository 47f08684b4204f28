import { parsePhoneNumberFromString, type CountryCode as Region, type MetadataJson } from 'libphonenumber-js/core';
import { countryCodes } from './countries.ts';
import generated from './phone-metadata.json' with { type: 'json' };

/**
 * Phone numbers of the apply form, checked for the chosen country with libphonenumber's precise
 * rules (DECISIONS.md: the spec's US pattern refused most of the world). The metadata covers only
 * the form's 19 countries (scripts/generate-phone-metadata.mjs). The browser loads this module when
 * it first checks a number (schema.ts), not with the apply page: 18 KB it would otherwise wait for.
 */

const metadata = generated.metadata as unknown as MetadataJson;

function regionOf(countryCode: string): Region {
  return (countryCodes.find((entry) => entry.code === countryCode) ?? countryCodes[0]).region;
}

/**
 * The number in E.164 ("+61412345678") when it is a valid number of the chosen country, written
 * nationally ("0412 345 678") or internationally ("+61 412 345 678"); null otherwise.
 */
export function phoneE164(value: string, countryCode: string): string | null {
  const region = regionOf(countryCode);
  const phone = parsePhoneNumberFromString(value.trim(), region, metadata);
  if (!phone || phone.countryCallingCode !== countryCode.slice(1) || !phone.isValid()) return null;
  return phone.number;
}

/** "+61 412 345 678" for a stored E.164 number (admin area); the stored text when it does not parse. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164, metadata)?.formatInternational() ?? e164;
}
