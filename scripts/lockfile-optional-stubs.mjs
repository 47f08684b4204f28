// The registry mirror on our build machines lacks some other-platform builds of native packages
// (Astro's compiler, Tailwind's oxide). `npm install` then leaves them out of package-lock.json and
// `npm ci` refuses the lock as out of sync. This adds the missing optional entries so `npm ci`
// works everywhere: on a platform that has its build, npm fetches it as usual; elsewhere the
// optional install is skipped. Run after `npm install` changes the lock (see docs/development.md, "Dependencies").
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;
let added = 0;

for (const [path, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    packages[hoisted] = { version, dev: meta.dev, optional: true };
    if (!meta.dev) delete packages[hoisted].dev;
    added += 1;
  }
}

const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile: ${added} optional platform entr${added === 1 ? 'y' : 'ies'} added`);
