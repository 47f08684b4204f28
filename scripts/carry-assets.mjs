// npm run assets:carry -- <previous release directory>
// Copies the previous build's hashed assets (dist/client/_astro: scripts, styles, fonts, images,
// with their .br and .gz copies) that this build lacks into this build, and lists them in
// dist/client/_astro/.carried. During a rolling upgrade a page rendered by an instance of the
// previous release may ask for its scripts from an instance of the new one, and a page open in a
// browser since before the upgrade loads its remaining scripts when first used: both find them.
// Only the previous build's own assets are carried (not what it carried itself), so a build holds
// at most two builds' worth. Run it after `npm run build`, before the new release starts
// (docs/operations.md, "Upgrades"; decision 035).
import { copyFileSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CARRIED = '.carried';

/** Names listed in an _astro directory's .carried file. */
export function carriedNames(astroDir) {
  const file = join(astroDir, CARRIED);
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}

/** Copies what `fromClient`'s own _astro files has that `toClient`'s lacks; returns the names copied. */
export function carryAssets(fromClient, toClient) {
  const from = join(fromClient, '_astro');
  const to = join(toClient, '_astro');
  if (!existsSync(from)) throw new Error(`${from} does not exist: give the previous release's directory (the one with dist/client).`);
  if (!existsSync(to)) throw new Error(`${to} does not exist: run npm run build first.`);
  const ownOfPrevious = new Set(readdirSync(from).filter((name) => !name.startsWith('.')));
  for (const name of carriedNames(from)) ownOfPrevious.delete(name);
  const present = new Set(readdirSync(to));
  const copied = [];
  for (const name of ownOfPrevious) {
    if (present.has(name)) continue;
    copyFileSync(join(from, name), join(to, name));
    copied.push(name);
  }
  writeFileSync(join(to, CARRIED), copied.map((name) => `${name}\n`).join(''));
  return copied;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const previous = process.argv[2];
  if (!previous) {
    console.error('Usage: npm run assets:carry -- <previous release directory>   (the checkout the running instances serve)');
    process.exit(2);
  }
  const here = fileURLToPath(new URL('../dist/client', import.meta.url));
  try {
    const copied = carryAssets(join(resolve(previous), 'dist', 'client'), here);
    console.log(
      `${copied.filter((name) => !/\.(br|gz)$/.test(name)).length} assets of the previous build carried into dist/client/_astro (listed in ${CARRIED}).`,
    );
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
