import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Astro's component renderer as installed, for the tests of the transforms that change it
 * (island-ids.ts, react-without-trial.ts): the package's own file, which its exports do not name,
 * found beside its package.json. `RENDERER_ID` is how Vite names it in a build.
 */
export const RENDERER_ID = '/app/node_modules/astro/dist/runtime/server/render/component.js';

export function installedRenderer(): string {
  const require = createRequire(import.meta.url);
  return readFileSync(join(dirname(require.resolve('astro/package.json')), 'dist/runtime/server/render/component.js'), 'utf8');
}
