import { describe, expect, it } from 'vitest';
import { inboxHref, parseInboxQuery } from './inbox';

describe('inbox query', () => {
  it('reads the filter and the page, and falls back to all, page 1', () => {
    expect(parseInboxQuery(new URLSearchParams('show=unread&page=3'))).toEqual({ unreadOnly: true, page: 3 });
    expect(parseInboxQuery(new URLSearchParams(''))).toEqual({ unreadOnly: false, page: 1 });
  });

  it('writes the shortest address for the same view', () => {
    expect(inboxHref({ unreadOnly: false, page: 1 })).toBe('/admin/messages');
    expect(inboxHref({ unreadOnly: true, page: 1 })).toBe('/admin/messages?show=unread');
    expect(inboxHref({ unreadOnly: true, page: 2 })).toBe('/admin/messages?show=unread&page=2');
    expect(inboxHref(parseInboxQuery(new URLSearchParams('page=4')))).toBe('/admin/messages?page=4');
  });
});
