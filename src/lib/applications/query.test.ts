import { describe, expect, it } from 'vitest';
import { applicationsHref, parseApplicationsQuery } from './query';

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
