import { z } from 'zod/mini';
import { listHref, parsePage } from '../list-query.ts';

/** The inbox's address: ?show=unread filters, ?page=N pages (1-based). Anything else is the default. */
export interface InboxQuery {
  unreadOnly: boolean;
  page: number;
}

export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  return { unreadOnly: params.get('show') === 'unread', page: parsePage(params) };
}

export function inboxHref({ unreadOnly, page }: InboxQuery): string {
  return listHref('/admin/messages', { show: unreadOnly ? 'unread' : undefined, page });
}

export const messageReadSchema = z.object({ messageId: z.uuid(), read: z.boolean() });
export const messageIdSchema = z.object({ messageId: z.uuid() });
