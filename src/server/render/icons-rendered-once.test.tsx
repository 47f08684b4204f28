import { createElement, createRef, type ForwardRefRenderFunction } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { Bell, Icon, LucideProvider, Pencil, Star, Users, useLucideContext } from 'lucide-react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderedOnce } from './icons-rendered-once';

type Render = ForwardRefRenderFunction<SVGSVGElement, Record<string, unknown>>;
const forwardRefIcon = Icon as unknown as { render: Render };
const asLucideDrawsIt = forwardRefIcon.render;
let calls = 0;
const counted: Render = (props, ref) => {
  calls += 1;
  return asLucideDrawsIt(props, ref);
};

/** Each case drawn by lucide as installed, then with the server build's wrapper (as src/integrations/icons-rendered-once.ts installs it). */
const drawings = () => [
  createElement(Users, { 'aria-hidden': true }),
  createElement(Pencil, { className: 'size-4 text-primary', strokeWidth: 1.5 }),
  createElement(Star, { size: 16, 'aria-label': 'Rated' }),
  createElement('p', null, createElement(Users, { 'aria-hidden': true }), 'Team ', createElement(Users, { className: 'size-3' })),
];

describe('renderedOnce', () => {
  let plain: string[];
  beforeAll(() => {
    plain = drawings().map((drawing) => renderToString(drawing));
    forwardRefIcon.render = renderedOnce(counted, useLucideContext);
  });
  afterAll(() => {
    forwardRefIcon.render = asLucideDrawsIt;
  });

  it("draws every icon with lucide's own markup, and draws each icon and props once", () => {
    calls = 0;
    expect(drawings().map((drawing) => renderToString(drawing))).toEqual(plain);
    // Five icons of four kinds of props (the paragraph's first is the first drawing's again).
    const first = calls;
    expect(first).toBe(4);
    expect(drawings().map((drawing) => renderToString(drawing))).toEqual(plain);
    expect(calls).toBe(first);
  });

  it("leaves to lucide a render with children, a ref, an object prop or a provider's values, and draws it alike", () => {
    const cases = [
      createElement(Users, { 'aria-hidden': true, children: createElement('title', null, 'Team') }),
      createElement(Users, { style: { color: 'red' } }),
      createElement(LucideProvider, { size: 12, children: createElement(Users, { 'aria-hidden': true }) }),
    ];
    calls = 0;
    const once = cases.map((drawing) => renderToStaticMarkup(drawing));
    const again = cases.map((drawing) => renderToStaticMarkup(drawing));
    expect(calls).toBe(6);
    expect(again).toEqual(once);
    expect(once[0]).toContain('<title>Team</title>');
    expect(once[1]).toContain('style="color:red"');
    expect(once[2]).toContain('width="12"');
    calls = 0;
    renderToStaticMarkup(createElement(Users, { ref: createRef<SVGSVGElement>() }));
    renderToStaticMarkup(createElement(Users, { ref: createRef<SVGSVGElement>() }));
    expect(calls).toBe(2);
  });

  it('keeps at most 32 variants of one icon, and draws the others as lucide does', () => {
    const variants = Array.from({ length: 40 }, (_, index) => createElement(Bell, { className: `variant-${index}` }));
    variants.forEach((drawing) => renderToStaticMarkup(drawing));
    calls = 0;
    const markup = variants.map((drawing) => renderToStaticMarkup(drawing));
    expect(calls).toBe(8);
    expect(markup[39]).toContain('class="lucide lucide-bell variant-39"');
  });
});
