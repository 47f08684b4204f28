import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Pagination } from './pagination';

const render = (page: number, pages: number) =>
  renderToStaticMarkup(<Pagination page={page} pages={pages} href={(n) => `/list?page=${n}`} />);

describe('Pagination', () => {
  it('is absent when everything fits on one page', () => {
    expect(render(1, 1)).toBe('');
  });

  it('links only where there is somewhere to go', () => {
    const first = render(1, 3);
    expect(first).toContain('Page 1 of 3');
    expect(first).not.toContain('Previous');
    expect(first).toContain('href="/list?page=2" rel="next"');

    const middle = render(2, 3);
    expect(middle).toContain('href="/list?page=1" rel="prev"');
    expect(middle).toContain('href="/list?page=3" rel="next"');

    const last = render(3, 3);
    expect(last).toContain('href="/list?page=2" rel="prev"');
    expect(last).not.toContain('Next');
  });
});
