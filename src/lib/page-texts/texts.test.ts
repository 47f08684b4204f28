import { describe, expect, it } from 'vitest';
import { editableTexts, fillStandIns, hasStandIns, standInsInScripts, withStandIns } from './texts';

const copy = {
  title: 'About Us',
  description: 'Who we are.',
  hero: { heading: 'Built in Texas', href: '/contact', icon: 'Shield' },
  cards: [
    { title: 'Cloud', bullets: ['Fast', 'Safe'], path: '/solutions/cloud' },
    { title: 'R&D "lab"', bullets: [] },
  ],
  columns: 3,
};

describe('page texts', () => {
  it('are every string of the copy but its code (addresses, icons), named by path and labelled in words', () => {
    expect(editableTexts(copy).map(({ path, label }) => [path, label])).toEqual([
      ['title', 'Title'],
      ['description', 'Search engine description'],
      ['hero.heading', 'Hero › Heading'],
      ['cards.0.title', 'Cards › 1 › Title'],
      ['cards.0.bullets.0', 'Cards › 1 › Bullets › 1'],
      ['cards.0.bullets.1', 'Cards › 1 › Bullets › 2'],
      ['cards.1.title', 'Cards › 2 › Title'],
    ]);
  });

  it('become stand-ins in the build, and filling them with the defaults gives the copy back, escaped for HTML', () => {
    const built = withStandIns('about', copy, true);
    expect(built.hero).toEqual({ heading: '[[hx|about|hero.heading]]', href: '/contact', icon: 'Shield' });
    expect(built.columns).toBe(3);
    expect(withStandIns('about', copy, false)).toBe(copy);
    const html = `<h1>${built.title}</h1><a href="${built.cards[0]!.path}" title="${built.cards[1]!.title}">${built.cards[1]!.title}</a>`;
    expect(hasStandIns(html)).toBe(true);
    const defaults = new Map(editableTexts(copy).map((text) => [text.path, text.value]));
    expect(fillStandIns(html, (page, path) => (page === 'about' ? defaults.get(path) : undefined))).toBe(
      '<h1>About Us</h1><a href="/solutions/cloud" title="R&amp;D &quot;lab&quot;">R&amp;D &quot;lab&quot;</a>',
    );
    // A published text in place of the default; a text that would be markup stays text.
    expect(fillStandIns(html, (_page, path) => (path === 'title' ? '<script>alert(1)</script>' : defaults.get(path)))).toContain(
      '<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>',
    );
    // A stand-in nobody knows any more is emptied, never shown.
    expect(fillStandIns('<p>[[hx|gone|x.y]]</p>', () => undefined)).toBe('<p></p>');
  });

  it('finds a stand-in inside a script or style, where a text could break out', () => {
    expect(standInsInScripts('<script type="application/ld+json">{"name":"[[hx|home|title]]"}</script><p>[[hx|home|lead]]</p>')).toEqual([
      '[[hx|home|title]]',
    ]);
    expect(standInsInScripts('<style>p{}</style><p>[[hx|home|lead]]</p>')).toEqual([]);
  });
});
