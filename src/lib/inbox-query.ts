/** The inbox's address: ?show=unread filters, ?page=N pages (1-based). Anything else is the default. */
export interface InboxQuery {
  unreadOnly: boolean;
  page: number;
}

export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  const page = Number(params.get('page'));
  return { unreadOnly: params.get('show') === 'unread', page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1 };
}

export function inboxHref({ unreadOnly, page }: InboxQuery): string {
  const params = new URLSearchParams();
  if (unreadOnly) params.set('show', 'unread');
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/admin/messages?${query}` : '/admin/messages';
}
