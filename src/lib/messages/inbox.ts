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

export const answerMessages = {
  subject: 'Write a subject (at most 200 characters)',
  body: 'Write the e-mail (at most 10,000 characters)',
} as const;

/** Staff's answer to a contact message (issue 35), as the composer and the server check it. */
export const answerMessageSchema = z.object({
  messageId: z.uuid(),
  subject: z.string().check(z.trim(), z.minLength(1, answerMessages.subject), z.maxLength(200, answerMessages.subject)),
  body: z.string().check(z.trim(), z.minLength(1, answerMessages.body), z.maxLength(10_000, answerMessages.body)),
});
