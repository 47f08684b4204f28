// JavaScript shipped per page, gzipped, against the budget of issue 2: a content page whose only
// interactive part is the header ships at most 80 KB. Counts every script the HTML loads and
// everything those import statically; code loaded only on demand (dynamic import) is listed apart.
//   npm run build && npx node bench/js-budget.mjs [--json]
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { serveBuild } from './serve-build.mjs';

export const BUDGET_BYTES = 80 * 1024;
const clientDir = new URL('../dist/client/', import.meta.url).pathname;

/** Pages served on demand that the bench fetches in addition to the prerendered ones. */
const onDemandPaths = ['/no-such-page'];

const gzipSize = (path) => gzipSync(readFileSync(path)).length;

/** Script URLs an HTML page loads at start: script src, island components and renderers, module preloads. */
export function scriptsOfHtml(html) {
  const patterns = [
    /<script[^>]*\ssrc="([^"]+\.m?js)"/g,
    /\scomponent-url="([^"]+)"/g,
    /\srenderer-url="([^"]+)"/g,
    /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g,
  ];
  return [...new Set(patterns.flatMap((pattern) => [...html.matchAll(pattern)].map((match) => match[1])))];
}

/** Relative modules a chunk imports statically and dynamically. */
export function importsOfChunk(code) {
  const quoted = String.raw`["'\`](\.{1,2}/[^"'\`]+)["'\`]`;
  const fromStatic = [...code.matchAll(new RegExp(String.raw`(?:\bfrom|\bimport)\s*` + quoted, 'g'))].map((m) => m[1]);
  const fromDynamic = [...code.matchAll(new RegExp(String.raw`\bimport\(\s*` + quoted + String.raw`\s*\)`, 'g'))].map((m) => m[1]);
  return { fromStatic, fromDynamic };
}

function closure(entryUrls) {
  const staticFiles = new Set();
  const lazyFiles = new Set();
  const visit = (file, lazy) => {
    const target = lazy ? lazyFiles : staticFiles;
    if (staticFiles.has(file) || target.has(file)) return;
    target.add(file);
    const { fromStatic, fromDynamic } = importsOfChunk(readFileSync(file, 'utf8'));
    for (const spec of fromStatic) visit(join(file, '..', spec), lazy);
    for (const spec of fromDynamic) visit(join(file, '..', spec), true);
  };
  for (const url of entryUrls) visit(join(clientDir, new URL(url, 'http://x').pathname), false);
  for (const file of staticFiles) lazyFiles.delete(file);
  return { staticFiles: [...staticFiles], lazyFiles: [...lazyFiles] };
}

function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

export async function measure() {
  const pages = htmlFiles(clientDir).map((file) => ({
    path: `/${relative(clientDir, file).replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`,
    html: readFileSync(file, 'utf8'),
  }));
  const server = await serveBuild();
  try {
    for (const path of onDemandPaths) pages.push({ path, html: await (await fetch(server.url + path)).text() });
  } finally {
    server.stop();
  }
  return pages.map(({ path, html }) => {
    const { staticFiles, lazyFiles } = closure(scriptsOfHtml(html));
    const sum = (files) => files.reduce((total, file) => total + gzipSize(file), 0);
    return { path, jsGzip: sum(staticFiles), files: staticFiles.length, onDemandGzip: sum(lazyFiles) };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await measure();
  if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`JavaScript per page, gzipped (budget ${kb(BUDGET_BYTES)}):`);
  for (const r of results) {
    const flag = r.jsGzip > BUDGET_BYTES ? '  OVER BUDGET' : '';
    console.log(`  ${r.path.padEnd(40)} ${kb(r.jsGzip).padStart(9)} in ${r.files} files; on demand ${kb(r.onDemandGzip)}${flag}`);
  }
  const over = results.filter((r) => r.jsGzip > BUDGET_BYTES);
  process.exitCode = over.length > 0 ? 1 : 0;
}
