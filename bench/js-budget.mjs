// JavaScript and CSS shipped per public page, gzipped, against the budgets of issue 20:
// - a page whose only interactive part is the site shell (header, menus, auth controls, toasts)
//   hydrates no React and ships at most 15 KB of JavaScript;
// - every page with React islands (widget pages: /careers, /contact, /auth, /docs...) and the apply
//   page /careers/apply/{id} ship at most 90 KB, React included (issue 36): a form's code loads when
//   the form is first used (components/ui/deferred.tsx, decision 051), its phone check when a number
//   is first checked (decision 016);
// - no page loads more than 8 script files before interaction;
// - no public page loads the admin area's code (the `admin` group of src/integrations/client-chunks.ts).
// Everything a page may load without being asked counts: its scripts (inline ones included), all
// its islands and everything they import statically. The file limit holds even for the islands
// that wait to be scrolled into view (client:visible), which the report shows apart from what
// loads at once; code imported only on demand (dynamic import: the toast area, say) is listed
// apart. Pages come from the sitemap, plus /auth, Book a Meeting and the 404 page. Exits non-zero when a budget
// is broken.
//   npm run build && npx node bench/js-budget.mjs [--json]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { serveBuild } from './serve-build.mjs';

export const SHELL_BUDGET_BYTES = 15 * 1024;
export const APPLY_BUDGET_BYTES = 90 * 1024;
export const WIDGET_BUDGET_BYTES = 90 * 1024;
export const MAX_SCRIPT_FILES = 8;

/**
 * Pages with real widgets, which may hydrate React islands. Every other page is a shell page: a
 * React island there breaks the budget instead of quietly moving the page out of it.
 */
const WIDGET_PAGES = [/^\/docs$/, /^\/careers(\/|$)/, /^\/contact$/, /^\/auth(\/|$)/];
const APPLY_PAGE = /^\/careers\/apply\//;
/** Public pages outside the sitemap (kept out of search results) that are measured too. */
const EXTRA_PATHS = ['/auth', '/contact/book', '/no-such-page'];

const clientDir = new URL('../dist/client/', import.meta.url).pathname;

const gzipSize = (path) => gzipSync(readFileSync(path)).length;

/** The admin group's file (client-chunks.ts names the group's chunk after it). */
export const isAdminChunk = (file) => /(^|\/)admin\.[\w-]+\.js$/.test(file);

/**
 * Script URLs an HTML page loads: script src, module preloads, imports of inline modules, island
 * components and renderers. `{ atStart: true }` leaves out the islands that wait to be scrolled
 * into view (client:visible).
 */
export function scriptsOfHtml(html, { atStart = false } = {}) {
  const patterns = [/<script[^>]*\ssrc="([^"]+\.m?js)"/g, /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g];
  const fromInline = inlineScriptsOfHtml(html).flatMap((code) =>
    [...code.matchAll(/(?:\bfrom|\bimport)\s*["'`](\/[^"'`]+)["'`]/g)].map((match) => match[1]),
  );
  const fromIslands = [...html.matchAll(/<astro-island\s[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => !(atStart && /\sclient="visible"/.test(tag)))
    .flatMap((tag) => [...tag.matchAll(/\s(?:component|renderer)-url="([^"]+)"/g)].map((match) => match[1]));
  return [
    ...new Set([...patterns.flatMap((pattern) => [...html.matchAll(pattern)].map((match) => match[1])), ...fromInline, ...fromIslands]),
  ];
}

/** The code of the page's inline scripts (not data blocks such as JSON-LD). */
export function inlineScriptsOfHtml(html) {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\ssrc=/.test(attributes) && !/type="(?!module")[^"]*"/.test(attributes))
    .map((match) => match[2])
    .filter((code) => code.trim() !== '');
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

/** Paths of the sitemap's pages. */
export async function sitemapPaths(baseUrl) {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

/** Paths of every public page: the sitemap's, and the extra ones. */
export async function publicPaths(baseUrl) {
  return [...(await sitemapPaths(baseUrl)), ...EXTRA_PATHS];
}

/** The budgets that hold for `path`: every page has the file limit, and one byte budget or none. */
export function budgetOf(path) {
  if (APPLY_PAGE.test(path)) return { kind: 'apply', jsBytes: APPLY_BUDGET_BYTES, reactAllowed: true };
  if (WIDGET_PAGES.some((pattern) => pattern.test(path))) return { kind: 'widgets', jsBytes: WIDGET_BUDGET_BYTES, reactAllowed: true };
  return { kind: 'shell', jsBytes: SHELL_BUDGET_BYTES, reactAllowed: false };
}

export function measureHtml(path, html) {
  const { staticFiles, lazyFiles } = closure(scriptsOfHtml(html));
  const atStart = closure(scriptsOfHtml(html, { atStart: true })).staticFiles;
  const sum = (files) => files.reduce((total, file) => total + gzipSize(file), 0);
  const islands = islandsOfHtml(html);
  const adminFiles = staticFiles.filter(isAdminChunk);
  const inlineJsGzip = inlineScriptsOfHtml(html).reduce((total, code) => total + gzipSync(code).length, 0);
  const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((total, m) => total + gzipSync(m[1]).length, 0);
  const fileJsGzip = sum(staticFiles);
  const result = {
    path,
    /** Files and inline scripts together: what the budgets are checked against. */
    jsGzip: fileJsGzip + inlineJsGzip,
    fileJsGzip,
    inlineJsGzip,
    /** Script files before interaction, with the islands waiting to be scrolled into view. */
    files: staticFiles.length,
    /** Of those, the files loaded at once (the rest when an island scrolls into view). */
    filesAtStart: atStart.length,
    onDemandGzip: sum(lazyFiles),
    cssGzip: sum(stylesheetsOfHtml(html).map(fileOf)) + inlineCss,
    islands,
    /** Size of the admin area's code the page loads: none on a public page. */
    adminGzip: sum(adminFiles),
    budget: budgetOf(path),
  };
  return { ...result, problems: problemsOf(result) };
}

/** What breaks a budget on this page, in words; empty when it keeps them all. */
export function problemsOf({ jsGzip, files, islands, adminGzip = 0, budget }) {
  const problems = [];
  if (adminGzip > 0) problems.push(`loads the admin area's code (${kb(adminGzip)})`);
  if (files > MAX_SCRIPT_FILES) problems.push(`${files} script files (at most ${MAX_SCRIPT_FILES})`);
  if (!budget.reactAllowed && islands.length > 0) problems.push(`hydrates React (${islands.join(', ')}) on a shell page`);
  if (jsGzip > budget.jsBytes) problems.push(`${kb(jsGzip)} of JavaScript (at most ${kb(budget.jsBytes)})`);
  return problems;
}

export async function measure(baseUrl) {
  const results = [];
  for (const path of await publicPaths(baseUrl)) {
    results.push(measureHtml(path, await (await fetch(baseUrl + path)).text()));
  }
  return results;
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await serveBuild();
  let results;
  try {
    results = await measure(server.url);
  } finally {
    await server.stop();
  }
  if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
  console.log(
    `JavaScript (files + inline) and CSS per page, gzipped. Budgets: shell pages (S) ${kb(SHELL_BUDGET_BYTES)} and no React,` +
      ` apply page (A) ${kb(APPLY_BUDGET_BYTES)}, widget pages (W) ${kb(WIDGET_BUDGET_BYTES)}; every page at most ${MAX_SCRIPT_FILES} script files before interaction.`,
  );
  const mark = { shell: 'S', apply: 'A', widgets: 'W' };
  for (const r of results) {
    console.log(
      `  ${mark[r.budget.kind]} ${r.path.padEnd(36)} JS ${kb(r.jsGzip).padStart(8)} (${kb(r.fileJsGzip).padStart(8)} in files + ${kb(r.inlineJsGzip)} inline;` +
        ` +${kb(r.onDemandGzip).padStart(7)} on demand)  files ${String(r.files).padStart(2)}${r.files > r.filesAtStart ? ` (${r.filesAtStart} at once)` : ''}` +
        `  CSS ${kb(r.cssGzip).padStart(7)}` +
        `${r.problems.length ? `  OVER: ${r.problems.join('; ')}` : ''}`,
    );
  }
  const failed = results.filter((r) => r.problems.length > 0);
  console.log(failed.length ? `${failed.length} page(s) over budget.` : `All ${results.length} pages within budget.`);
  process.exitCode = failed.length ? 1 : 0;
}
