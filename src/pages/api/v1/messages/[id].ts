import { apiRoute } from '@/server/api/route';
import { operations } from '@/server/api/operations';
import { getMessage } from '@/server/api/resources';
import { setMessageRead } from '@/server/messages/inbox';

export const prerender = false;

export const GET = apiRoute(operations.getMessage, async ({ runtime, siteUrl, id }) => {
  const message = await getMessage(runtime.database.db, siteUrl, id);
  return message && { data: message };
});

/** Marks it read or unread, as the inbox does. */
export const PATCH = apiRoute(operations.updateMessage, async ({ runtime, actor, siteUrl, id, body }) => {
  if (!(await getMessage(runtime.database.db, siteUrl, id))) return null;
  await setMessageRead(runtime.database.db, actor, id, body.read);
  return { data: (await getMessage(runtime.database.db, siteUrl, id))! };
});
