import { describe, expect, it } from 'vitest';
import {
  APPLY_BUDGET_BYTES,
  WIDGET_BUDGET_BYTES,
  budgetOf,
  importsOfChunk,
  isAdminChunk,
  inlineScriptsOfHtml,
  islandsOfHtml,
  MAX_SCRIPT_FILES,
  problemsOf,
  scriptsOfHtml,
  SHELL_BUDGET_BYTES,
  stylesheetsOfHtml,
} from './js-budget.mjs';

describe('js-budget parsing', () => {
  it('finds every script a page loads at start, including the imports of inline modules', () => {
    const html = `
      <link rel="modulepreload" href="/_astro/pre.js">
      <script type="module" src="/_astro/page.js"></script>
      <script type="module">import "/_astro/shell.js";</script>
      <astro-island component-url="/_astro/Header.js" renderer-url="/_astro/client.js"></astro-island>
      <astro-island component-url="/_astro/Toaster.js" renderer-url="/_astro/client.js"></astro-island>
      <script>inline()</script>`;
    expect(scriptsOfHtml(html).sort()).toEqual(
      ['/_astro/Header.js', '/_astro/Toaster.js', '/_astro/client.js', '/_astro/page.js', '/_astro/pre.js', '/_astro/shell.js'].sort(),
    );
  });

  it('leaves the islands that wait to be scrolled into view out of what loads at start', () => {
    const html = `<script type="module" src="/_astro/shell.js"></script>
      <astro-island uid="1" component-url="/_astro/Hero.js" renderer-url="/_astro/client.js" client="load"></astro-island>
      <astro-island uid="2" component-url="/_astro/Form.js" renderer-url="/_astro/client.js" client="visible"></astro-island>`;
    expect(scriptsOfHtml(html, { atStart: true }).sort()).toEqual(['/_astro/Hero.js', '/_astro/client.js', '/_astro/shell.js']);
    expect(scriptsOfHtml(html)).toContain('/_astro/Form.js');
  });

  it('counts inline code but not data blocks', () => {
    const html = `<script>a()</script><script type="module">b()</script><script type="application/ld+json">{"x":1}</script>
      <script type="module" src="/_astro/c.js"></script>`;
    expect(inlineScriptsOfHtml(html)).toEqual(['a()', 'b()']);
  });

  it('tells static imports from dynamic ones', () => {
    const code = 'import{a}from"./a.js";import"./b.js";export{c}from\'./c.js\';const l=()=>import(`./lazy.js`);';
    expect(importsOfChunk(code)).toEqual({ fromStatic: ['./a.js', './b.js', './c.js'], fromDynamic: ['./lazy.js'] });
  });

  it('names the islands and stylesheets of a page', () => {
    const html = `<link rel="stylesheet" href="/_astro/index.abc.css">
      <astro-island component-url="/_astro/SiteHeader.D1.js"></astro-island><astro-island component-url="/_astro/DocsSearch.x9.js"></astro-island>`;
    expect(islandsOfHtml(html)).toEqual(['SiteHeader', 'DocsSearch']);
    expect(stylesheetsOfHtml(html)).toEqual(['/_astro/index.abc.css']);
  });
});

describe('js-budget budgets', () => {
  it('holds content pages to the shell budget and the apply page to its own', () => {
    for (const path of ['/', '/solutions/aws', '/blog/3', '/no-such-page']) expect(budgetOf(path).kind).toBe('shell');
    expect(budgetOf('/careers/apply/0b8e').jsBytes).toBe(APPLY_BUDGET_BYTES);
    for (const path of ['/careers', '/contact', '/docs', '/auth']) {
      expect(budgetOf(path).kind).toBe('widgets');
      // Issue 36: every public page with React at most 90 KB.
      expect(budgetOf(path).jsBytes).toBe(WIDGET_BUDGET_BYTES);
    }
    expect(WIDGET_BUDGET_BYTES).toBe(90 * 1024);
    expect(APPLY_BUDGET_BYTES).toBe(90 * 1024);
  });

  it('reports React on a shell page, too many files and too many bytes', () => {
    const shell = budgetOf('/about');
    expect(problemsOf({ jsGzip: 4000, files: 1, islands: [], budget: shell })).toEqual([]);
    const problems = problemsOf({ jsGzip: SHELL_BUDGET_BYTES + 1, files: MAX_SCRIPT_FILES + 1, islands: ['ShareButton'], budget: shell });
    expect(problems).toHaveLength(3);
    expect(problems.join(' ')).toMatch(/9 script files.*React \(ShareButton\).*15\.0 KB/);
    expect(problemsOf({ jsGzip: WIDGET_BUDGET_BYTES, files: 8, islands: ['JobBoard'], budget: budgetOf('/careers') })).toEqual([]);
    expect(problemsOf({ jsGzip: WIDGET_BUDGET_BYTES + 1, files: 8, islands: ['ContactForm'], budget: budgetOf('/contact') })).toEqual([
      '90.0 KB of JavaScript (at most 90.0 KB)',
    ]);
  });

  it("reports a public page that loads the admin area's code", () => {
    expect(isAdminChunk('/x/dist/client/_astro/admin.DAYc6Ojm.js')).toBe(true);
    expect(isAdminChunk('/x/dist/client/_astro/AdminHeader.B1.js')).toBe(false);
    expect(isAdminChunk('/x/dist/client/_astro/admin-tools.B1.js')).toBe(false);
    const problems = problemsOf({ jsGzip: 90_000, files: 6, islands: ['JobBoard'], adminGzip: 14_000, budget: budgetOf('/careers') });
    expect(problems).toEqual(["loads the admin area's code (13.7 KB)"]);
  });
});
