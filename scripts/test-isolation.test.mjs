import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));

function testFiles(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return /\.test\.(ts|tsx|mjs)$/.test(entry.name) ? [path] : [];
  });
}

// The unit tests share workers and loaded modules from file to file (vitest.config.ts, decision
// 043); a file that mocks a module with vi.mock() must be listed to run in a fresh worker.
it('every test file that uses vi.mock() runs isolated (listed in vitest.config.ts)', () => {
  const config = readFileSync(join(root, 'vitest.config.ts'), 'utf8');
  const listed = /const mocking = \[([^\]]*)\]/.exec(config)?.[1] ?? '';
  const mocking = ['src', 'scripts', 'bench']
    .flatMap(testFiles)
    .filter(
      (file) => file !== relative(root, fileURLToPath(import.meta.url)) && readFileSync(join(root, file), 'utf8').includes('vi.mock('),
    );
  expect(mocking.length).toBeGreaterThan(0);
  expect(mocking.filter((file) => !listed.includes(`'${file}'`))).toEqual([]);
});
