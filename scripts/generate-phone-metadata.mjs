// Writes src/lib/applications/phone-metadata.json: libphonenumber-js's precise ("max") metadata for
// only the 19 countries of the apply form, so browsers download a few KB instead of the whole
// world's. (The form's example numbers live in countries.ts.) Run after updating libphonenumber-js; a unit test fails when the
// file no longer matches the installed package (src/lib/applications/phone.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { countryCodes } from '../src/lib/applications/countries.ts';

const read = (name) => JSON.parse(readFileSync(new URL(`../node_modules/libphonenumber-js/${name}`, import.meta.url), 'utf8'));

export function phoneMetadata() {
  const max = read('metadata.max.json');
  const regions = new Set(countryCodes.map((entry) => entry.region));
  const callingCodes = Object.fromEntries(
    countryCodes.map(({ code, region }) => [code.slice(1), max.country_calling_codes[code.slice(1)].filter((r) => r === region)]),
  );
  const countries = Object.fromEntries([...regions].map((region) => [region, max.countries[region]]));
  return { metadata: { version: max.version, country_calling_codes: callingCodes, countries, nonGeographic: {} } };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = new URL('../src/lib/applications/phone-metadata.json', import.meta.url);
  writeFileSync(target, `${JSON.stringify(phoneMetadata())}\n`);
  console.log(`wrote ${target.pathname}`);
}
