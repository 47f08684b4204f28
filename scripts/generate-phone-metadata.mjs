// Writes src/lib/phone/metadata/: libphonenumber-js's precise ("max") metadata cut by world
// numbering zone (the first digit of the calling code: zone-1.json is North America and the
// Caribbean, zone-5.json Latin America...), so a browser loads only the zone of the number being
// checked; the calling codes of every country (calling-codes.json, loaded with the phone check);
// and each country's example mobile number, written nationally (examples.json, server only: the
// forms get it in their HTML). Non-geographic codes (+800, +882...) are left out: they are not a
// person's phone. Run after updating libphonenumber-js; a unit test fails when the files no longer
// match the installed package (src/lib/phone/phone.test.ts). Decision 032.
//   npx node scripts/generate-phone-metadata.mjs
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { getExampleNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';

const read = (name) => JSON.parse(readFileSync(new URL(`../node_modules/libphonenumber-js/${name}`, import.meta.url), 'utf8'));

/** File name → content of every file of src/lib/phone/metadata/. */
export function phoneMetadataFiles() {
  const max = read('metadata.max.json');
  const codes = Object.fromEntries(
    Object.entries(max.country_calling_codes)
      .map(([code, regions]) => [code, regions.filter((region) => region in max.countries)])
      .filter(([, regions]) => regions.length > 0),
  );
  const files = { 'calling-codes.json': { version: max.version, codes } };
  for (const [code, regions] of Object.entries(codes)) {
    const zone = (files[`zone-${code[0]}.json`] ??= {});
    for (const region of regions) zone[region] = max.countries[region];
  }
  // By calling code, each code's main country first (the one a bare "+44" stands for), as libphonenumber lists them.
  files['countries.json'] = Object.fromEntries(
    Object.entries(codes).flatMap(([code, regions]) =>
      regions.map((region) => [region, [code, getExampleNumber(region, examples).formatNational()]]),
    ),
  );
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const directory = new URL('../src/lib/phone/metadata/', import.meta.url);
  mkdirSync(directory, { recursive: true });
  for (const [name, content] of Object.entries(phoneMetadataFiles()))
    writeFileSync(new URL(name, directory), `${JSON.stringify(content)}\n`);
  console.log(`wrote ${directory.pathname}`);
}
