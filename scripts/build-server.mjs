// The server's own wiring (scripts/lib/server-main.mjs and the src/server modules it imports)
// bundled into one JavaScript file, dist/serve/server-main.mjs, which scripts/serve.mjs starts.
// Run by `npm run build` after Astro's build. Decision 060: Node strips the types of .ts files
// with a WebAssembly compiler loaded into the process at the first .ts import (18 MB of resident
// memory in a bare process, 10 MB in the server) for the process's whole life, to read code that
// changes only with a build.
//
// Packages stay imports (resolved from node_modules as before, the same instances as the Astro
// build's). Each module's `import.meta.url` is its own file's address, as when Node read it
// there: the migrations folder, the helper processes' scripts and the seed files are found
// beside the sources, not beside the bundle.
import { mkdirSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const outfile = fileURLToPath(new URL('../dist/serve/server-main.mjs', import.meta.url));

/** `import.meta.url` of a module inside the repository: its own file, found from the bundle's. */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.(ts|mjs|js)$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = relative(dirname(outfile), args.path).split('\\').join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: args.path.endsWith('.ts') ? 'ts' : 'js',
      };
    });
  },
};

mkdirSync(dirname(outfile), { recursive: true });
const result = await build({
  entryPoints: [fileURLToPath(new URL('./lib/server-main.mjs', import.meta.url))],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  plugins: [ownUrl],
  // Not minified: stack traces and profiles name the functions as the sources do.
  minify: false,
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  absWorkingDir: root,
});
const inputs = Object.keys(result.metafile.inputs).length;
console.log(`server wiring bundled: ${relative(root, outfile)} (${inputs} modules)`);
