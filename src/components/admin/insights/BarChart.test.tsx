import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BarChart, linearScale } from './BarChart';

describe('linearScale', () => {
  it('maps 0..max onto 0..100 percent, clamped; an all-zero chart divides by 1', () => {
    const x = linearScale(8);
    expect([x(0), x(2), x(8), x(12), x(-1)]).toEqual([0, 25, 100, 100, 0]);
    expect(linearScale(0)(0)).toBe(0);
  });
});

describe('BarChart', () => {
  const html = renderToStaticMarkup(
    <BarChart
      summary="Applications per source: linkedin.com 4, newsletter 2, direct 0."
      bars={[
        { label: 'linkedin.com', value: 4, valueText: '4' },
        { label: 'newsletter', value: 2, valueText: '2' },
        { label: 'direct', value: 0, valueText: '0' },
        { label: 'a-very-long-referring-host.example.com', value: 0.01, valueText: '0.01' },
      ]}
    />,
  );

  it('is one image named by its summary, as wide as its container, a row per bar', () => {
    expect(html).toMatch(
      /^<svg role="img" aria-label="Applications per source: linkedin.com 4, newsletter 2, direct 0." width="100%" height="184"/,
    );
    expect(html).not.toContain('viewBox');
  });

  it('draws each bar as a share of the largest, a sliver for a tiny value and none for zero', () => {
    const filled = [...html.matchAll(/<rect[^>]*width="([\d.]+%)"[^>]*class="fill-primary"/g)].map((match) => match[1]);
    expect(filled).toEqual(['100%', '50%', '1%']);
    // The track behind each of the four rows.
    expect(html.match(/class="fill-muted"/g)).toHaveLength(4);
  });

  it('writes each label and value, shortening a long label (the table has it whole)', () => {
    expect(html).toContain('>linkedin.com</text>');
    expect(html).toContain('text-anchor="end" class="fill-foreground font-semibold tabular-nums">4</text>');
    expect(html).toContain('>a-very-long-referring-host.ex…</text>');
  });
});
