import { describe, expect, it } from 'vitest';
import { applicationsHref, emptyWorkspaceQuery, parseApplicationsQuery, parseWorkspaceQuery, workspaceHref } from './query';

describe('applications query', () => {
  it('reads a known status and a page; an unknown status means all', () => {
    expect(parseApplicationsQuery(new URLSearchParams('status=interview&page=2'))).toEqual({ status: 'interview', page: 2 });
    expect(parseApplicationsQuery(new URLSearchParams('status=admin'))).toEqual({ status: null, page: 1 });
  });

  it('writes the shortest address for the same view', () => {
    expect(applicationsHref('p1', { status: null, page: 1 })).toBe('/admin/applications/p1');
    expect(applicationsHref('p1', { status: 'hired', page: 3 })).toBe('/admin/applications/p1?status=hired&page=3');
  });
});

describe('the workspace query', () => {
  it('reads every filter from the address, and drops what is malformed', () => {
    expect(
      parseWorkspaceQuery(
        new URLSearchParams(
          'q=%20ada%20&position=00000000-0000-4000-8000-000000000001&status=offer&rating=4&from=2026-11-01&to=2026-11-30&source=LinkedIn.com&flag=knockout&interview=booked&sort=rating&page=2',
        ),
      ),
    ).toEqual({
      q: 'ada',
      position: '00000000-0000-4000-8000-000000000001',
      status: 'offer',
      rating: 4,
      from: '2026-11-01',
      to: '2026-11-30',
      source: 'linkedin.com',
      knockedOut: true,
      interview: 'booked',
      sort: 'rating',
      page: 2,
    });
    expect(
      parseWorkspaceQuery(new URLSearchParams('position=x&rating=9&from=yesterday&sort=random&flag=yes&source=%20&interview=maybe')),
    ).toEqual(emptyWorkspaceQuery);
    expect(parseWorkspaceQuery(new URLSearchParams('rating=unrated')).rating).toBe('unrated');
  });

  it('writes the shortest address, and no position on a position page', () => {
    expect(workspaceHref(emptyWorkspaceQuery)).toBe('/admin/applications');
    expect(workspaceHref({ ...emptyWorkspaceQuery, q: 'ada@mail.test', rating: 'unrated', sort: 'rating' })).toBe(
      '/admin/applications?q=ada%40mail.test&rating=unrated&sort=rating',
    );
    expect(workspaceHref({ ...emptyWorkspaceQuery, position: 'p1', status: 'hired' }, '/admin/applications/p1')).toBe(
      '/admin/applications/p1?status=hired',
    );
    expect(workspaceHref({ ...emptyWorkspaceQuery, source: 'reddit.com', knockedOut: true })).toBe(
      '/admin/applications?source=reddit.com&flag=knockout',
    );
    expect(workspaceHref({ ...emptyWorkspaceQuery, interview: 'invited' })).toBe('/admin/applications?interview=invited');
  });
});
