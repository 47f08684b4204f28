import { describe, expect, it } from 'vitest';
import { activeFilters, moreFiltersActive } from './filters';
import { emptyWorkspaceQuery, parseWorkspaceQuery } from './query';

const positionId = '3f1c2a4e-8b7d-4c6a-9e2f-1a2b3c4d5e6f';
const positions = [{ id: positionId, title: 'Data Engineer' }];

describe('the workspace’s filter chips', () => {
  it('name each filter of the view as its choice reads, each removed by a link to the view without it', () => {
    const query = parseWorkspaceQuery(
      new URLSearchParams(
        `q=nora&position=${positionId}&rating=4&from=2026-11-01&source=newsletter&flag=knockout&sort=rating&status=pending&page=3`,
      ),
    );
    expect(activeFilters(query, '/admin/applications', positions)).toEqual([
      {
        label: 'Search: nora',
        removeHref: `/admin/applications?position=${positionId}&status=pending&rating=4&from=2026-11-01&source=newsletter&flag=knockout&sort=rating`,
      },
      {
        label: 'Position: Data Engineer',
        removeHref: '/admin/applications?q=nora&status=pending&rating=4&from=2026-11-01&source=newsletter&flag=knockout&sort=rating',
      },
      { label: 'Rating: 4 stars or more', removeHref: expect.not.stringContaining('rating=4') },
      { label: 'Applied from 2026-11-01', removeHref: expect.not.stringContaining('from=') },
      { label: 'Source: newsletter', removeHref: expect.not.stringContaining('source=') },
      { label: 'Knock-out answers only', removeHref: expect.not.stringContaining('flag=') },
      { label: 'Best rated first', removeHref: expect.not.stringContaining('sort=') },
    ]);
    // The status is chosen by the counts' links, not a chip; the page goes back to the first.
    expect(
      activeFilters(query, '/admin/applications', positions).every(
        (chip) => chip.removeHref.includes('status=pending') && !chip.removeHref.includes('page='),
      ),
    ).toBe(true);
    expect(moreFiltersActive(query)).toBe(5);
  });

  it('show nothing for the plain view, and no position chip on a position’s own page', () => {
    expect(activeFilters(emptyWorkspaceQuery, '/admin/applications', positions)).toEqual([]);
    expect(moreFiltersActive(emptyWorkspaceQuery)).toBe(0);
    const own = parseWorkspaceQuery(new URLSearchParams('rating=unrated'), { position: positionId });
    expect(activeFilters(own, `/admin/applications/${positionId}`, null)).toEqual([
      { label: 'Rating: Not rated yet', removeHref: `/admin/applications/${positionId}` },
    ]);
  });
});
