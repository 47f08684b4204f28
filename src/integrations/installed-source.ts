import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * A dependency's file as installed, for the tests of the transforms that change it in the server
 * build (island-ids.ts, react-without-trial.ts, icons-rendered-once.ts): found beside the
 * package's package.json, as their exports do not name these files.
 */
export function installedFile(packageName: string, file: string): string {
  const require = createRequire(import.meta.url);
  return readFileSync(join(dirname(require.resolve(`${packageName}/package.json`)), file), 'utf8');
}

/** How Vite names Astro's component renderer in a build. */
export const RENDERER_ID = '/app/node_modules/astro/dist/runtime/server/render/component.js';

/** Astro's component renderer as installed. */
export const installedRenderer = (): string => installedFile('astro', 'dist/runtime/server/render/component.js');
