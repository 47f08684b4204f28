import { describe, expect, it } from 'vitest';
import { importsOfChunk, islandsOfHtml, scriptsOfHtml, stylesheetsOfHtml } from './js-budget.mjs';

describe('js-budget parsing', () => {
  it('finds every script a page loads at start', () => {
    const html = `
      <link rel="modulepreload" href="/_astro/pre.js">
      <script type="module" src="/_astro/page.js"></script>
      <astro-island component-url="/_astro/Header.js" renderer-url="/_astro/client.js"></astro-island>
      <astro-island component-url="/_astro/Toaster.js" renderer-url="/_astro/client.js"></astro-island>
      <script>inline()</script>`;
    expect(scriptsOfHtml(html).sort()).toEqual(
      ['/_astro/Header.js', '/_astro/Toaster.js', '/_astro/client.js', '/_astro/page.js', '/_astro/pre.js'].sort(),
    );
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
