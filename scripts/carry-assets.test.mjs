import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { carryAssets, carriedNames } from './carry-assets.mjs';

const dirs = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A dist/client with these _astro files (and a .carried list when given). */
function client(files, carried) {
  const dir = mkdtempSync(join(tmpdir(), 'carry-'));
  dirs.push(dir);
  mkdirSync(join(dir, '_astro'));
  for (const name of files) writeFileSync(join(dir, '_astro', name), `content of ${name}`);
  if (carried) writeFileSync(join(dir, '_astro', '.carried'), carried.map((name) => `${name}\n`).join(''));
  return dir;
}

describe('carrying the previous build’s assets', () => {
  it('copies the previous build’s own assets this build lacks, with their compressed copies, and lists them', () => {
    const previous = client(
      ['client.OLD1.js', 'client.OLD1.js.br', 'client.OLD1.js.gz', 'font.SAME.woff2', 'older.GONE.js'],
      ['older.GONE.js'],
    );
    const next = client(['client.NEW2.js', 'font.SAME.woff2']);
    const copied = carryAssets(previous, next);
    expect(copied.sort()).toEqual(['client.OLD1.js', 'client.OLD1.js.br', 'client.OLD1.js.gz']);
    expect(readFileSync(join(next, '_astro', 'client.OLD1.js'), 'utf8')).toBe('content of client.OLD1.js');
    // What the previous build carried itself is not carried again: at most two builds' worth.
    expect(readdirSync(join(next, '_astro'))).not.toContain('older.GONE.js');
    expect(carriedNames(join(next, '_astro')).sort()).toEqual(copied.sort());
  });

  it('names the directory it needs when one is missing', () => {
    const next = client([]);
    expect(() => carryAssets(join(next, 'nowhere'), next)).toThrow(/previous release's directory/);
  });
});
