import { mayOnApplication } from '@/server/access/permissions';
import { apiRoute } from '@/server/api/route';
import { operations } from '@/server/api/operations';
import { addNote } from '@/server/applications/notes';

export const prerender = false;

/** Adds a note, as the application's page does. */
export const POST = apiRoute(operations.addNote, async ({ runtime, caller, actor, id, body }) => {
  if (!(await mayOnApplication(runtime.database.db, caller, 'applications.review', id))) return null;
  return { data: { id: await addNote(runtime.database.db, actor, id, body.body) } };
});
