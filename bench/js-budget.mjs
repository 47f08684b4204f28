// JavaScript and CSS shipped per public page, gzipped, against the JavaScript budget: at most
// 80 KB on pages whose only interactive parts are the header (with the toast area) and on blog
// posts. Counts every script the HTML loads and everything those import statically; code loaded
// only on demand (dynamic import) is listed apart. Pages come from the sitemap, plus the 404 page.
//   npm run build && npx node bench/js-budget.mjs [--json]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { serveBuild } from './serve-build.mjs';

export const BUDGET_BYTES = 80 * 1024;
/** Islands that do not take a page out of the budget. */
const BUDGETED_ISLANDS = new Set(['SiteHeader', 'toaster', 'ShareButton']);
const clientDir = new URL('../dist/client/', import.meta.url).pathname;

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

/** Names of the islands on a page, from their component chunks ("/_astro/SiteHeader.abc.js" → "SiteHeader"). */
export function islandsOfHtml(html) {
  return [...new Set([...html.matchAll(/\scomponent-url="\/_astro\/([^."]+)\.[^"]*"/g)].map((match) => match[1]))];
}

export function stylesheetsOfHtml(html) {
  return [...new Set([...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1]))];
}

/** Relative modules a chunk imports statically and dynamically. */
export function importsOfChunk(code) {
  const quoted = String.raw`["'\`](\.{1,2}/[^"'\`]+)["'\`]`;
  const fromStatic = [...code.matchAll(new RegExp(String.raw`(?:\bfrom|\bimport)\s*` + quoted, 'g'))].map((m) => m[1]);
  const fromDynamic = [...code.matchAll(new RegExp(String.raw`\bimport\(\s*` + quoted + String.raw`\s*\)`, 'g'))].map((m) => m[1]);
  return { fromStatic, fromDynamic };
}

const fileOf = (url) => join(clientDir, new URL(url, 'http://x').pathname);

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
  for (const url of entryUrls) visit(fileOf(url), false);
  for (const file of staticFiles) lazyFiles.delete(file);
  return { staticFiles: [...staticFiles], lazyFiles: [...lazyFiles] };
}

/** Paths of every public page: the sitemap's, and a not-found page. */
export async function publicPaths(baseUrl) {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  return [...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname), '/no-such-page'];
}

export function measureHtml(path, html) {
  const { staticFiles, lazyFiles } = closure(scriptsOfHtml(html));
  const sum = (files) => files.reduce((total, file) => total + gzipSize(file), 0);
  const islands = islandsOfHtml(html);
  const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((total, m) => total + gzipSync(m[1]).length, 0);
  return {
    path,
    jsGzip: sum(staticFiles),
    files: staticFiles.length,
    onDemandGzip: sum(lazyFiles),
    cssGzip: sum(stylesheetsOfHtml(html).map(fileOf)) + inlineCss,
    islands,
    budgeted: islands.every((name) => BUDGETED_ISLANDS.has(name)),
  };
}

export async function measure(baseUrl) {
  const results = [];
  for (const path of await publicPaths(baseUrl)) {
    results.push(measureHtml(path, await (await fetch(baseUrl + path)).text()));
  }
  return results;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await serveBuild();
  let results;
  try {
    results = await measure(server.url);
  } finally {
    await server.stop();
  }
  if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
  console.log(`JavaScript and CSS per page, gzipped (JS budget ${kb(BUDGET_BYTES)} where marked *):`);
  for (const r of results) {
    const over = r.budgeted && r.jsGzip > BUDGET_BYTES ? '  OVER BUDGET' : '';
    console.log(
      `  ${(r.budgeted ? '* ' : '  ') + r.path.padEnd(36)} JS ${kb(r.jsGzip).padStart(8)} (${r.files} files, +${kb(r.onDemandGzip)} on demand)  CSS ${kb(r.cssGzip).padStart(7)}${over}`,
    );
  }
  process.exitCode = results.some((r) => r.budgeted && r.jsGzip > BUDGET_BYTES) ? 1 : 0;
}
