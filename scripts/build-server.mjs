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
import { mkdirSync, rmSync } from 'node:fs';
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

// The last build's chunks go: their names change with their contents.
rmSync(dirname(outfile), { recursive: true, force: true });
mkdirSync(dirname(outfile), { recursive: true });
const result = await build({
  entryPoints: { 'server-main': fileURLToPath(new URL('./lib/server-main.mjs', import.meta.url)) },
  outdir: dirname(outfile),
  // What the code imports only when it is used (the replies' SMTP receiver and IMAP poller, the S3
  // driver) stays a chunk of its own, loaded then: in one file, esbuild hoists every package such a
  // module imports to the bundle's top, and the server loaded imapflow, smtp-server and the AWS SDK
  // at every start whatever its configuration (some 10 MB of heap, issue 52). Chunks sit beside the
  // bundle, so the addresses ownUrl writes hold for them too.
  splitting: true,
  chunkNames: '[name]-[hash]',
  outExtension: { '.js': '.mjs' },
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
// The packages a module imports only when it is used must stay out of what the server loads at its
// start: the bundle and the chunks it imports statically (a static import of such a module, or a
// change of esbuild's splitting, would load them at every start again).
const LAZY_PACKAGES = ['imapflow', 'smtp-server', '@aws-sdk/', 'mailparser', 'sharp', 'pdfjs-dist', 'mammoth', 'word-extractor'];
const main = relative(root, outfile).split('\\').join('/');
if (!result.metafile.outputs[main]) throw new Error(`build-server: ${main} is not among esbuild's outputs`);
const loadedAtStart = new Set();
const packagesAtStart = new Set();
const visit = (output) => {
  if (loadedAtStart.has(output)) return;
  loadedAtStart.add(output);
  for (const imported of result.metafile.outputs[output].imports) {
    if (imported.kind !== 'import-statement') continue;
    if (imported.external) packagesAtStart.add(imported.path);
    else visit(imported.path);
  }
};
visit(main);
const eager = [...packagesAtStart].filter((name) => LAZY_PACKAGES.some((lazy) => name === lazy || name.startsWith(lazy)));
if (eager.length > 0) {
  throw new Error(`build-server: the server would load ${eager.join(', ')} at its start (imported statically by the bundle)`);
}
const inputs = Object.keys(result.metafile.inputs).length;
console.log(
  `server wiring bundled: ${relative(root, outfile)} (${inputs} modules; ${loadedAtStart.size} of ${Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.mjs')).length} files and ${packagesAtStart.size} packages loaded at start)`,
);
