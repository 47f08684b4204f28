import { asc, eq, sql } from 'drizzle-orm';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { applicationNotes, applicationRatings, applications, users } from '../db/schema.ts';
import { recordEvent } from '../events/record.ts';
import { mentionedIn } from './mentions.ts';
import { applicationRuleMessages } from '../../lib/applications/texts.ts';
import { reviewMessages } from '../../lib/applications/review.ts';

/** Reviewers' notes and ratings on an application. Any admin adds; only a note's author changes it. */

async function assertApplication(db: Pick<Database, 'select'>, applicationId: string) {
  const [found] = await db.select({ id: applications.id }).from(applications).where(eq(applications.id, applicationId));
  if (!found) throw new AdminRuleError(applicationRuleMessages.gone);
}

export async function addNote(db: Database, actor: Actor, applicationId: string, body: string): Promise<string> {
  const mentioned = await mentionedIn(db, applicationId, body, actor.id);
  return db.transaction(async (tx) => {
    await assertApplication(tx, applicationId);
    const [note] = await tx
      .insert(applicationNotes)
      .values({ applicationId, authorUserId: actor.id, authorEmail: actor.email, body })
      .returning({ id: applicationNotes.id });
    await audit(tx, actor, 'application.note_added', applicationId, { note: note!.id });
    await recordMentions(tx, actor, applicationId, note!.id, mentioned);
    return note!.id;
  });
}

/** The colleagues a note names are told of it (issue 51): an event in the note's own transaction. */
async function recordMentions(
  tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  actor: Actor,
  applicationId: string,
  noteId: string,
  mentionedUserIds: string[],
) {
  if (mentionedUserIds.length === 0) return;
  const [row] = await tx
    .select({ fullName: applications.fullName, positionId: applications.positionId, author: users.name })
    .from(applications)
    .leftJoin(users, eq(users.id, actor.id ?? ''))
    .where(eq(applications.id, applicationId));
  await recordEvent(tx, {
    kind: 'note.mentioned',
    applicationId,
    positionId: row?.positionId ?? null,
    actorUserId: actor.id,
    data: { noteId, authorName: row?.author ?? actor.email, candidateName: row?.fullName ?? '', mentionedUserIds },
  });
}

/** The note, locked, when the actor wrote it; refused otherwise. */
async function ownNote(tx: Parameters<Parameters<Database['transaction']>[0]>[0], actor: Actor, noteId: string) {
  const [note] = await tx.select().from(applicationNotes).where(eq(applicationNotes.id, noteId)).for('update');
  if (!note) throw new AdminRuleError(reviewMessages.noteGone);
  if (!actor.id || note.authorUserId !== actor.id) throw new AdminRuleError(reviewMessages.notYourNote);
  return note;
}

export async function editNote(db: Database, actor: Actor, noteId: string, body: string): Promise<void> {
  await db.transaction(async (tx) => {
    const note = await ownNote(tx, actor, noteId);
    await tx.update(applicationNotes).set({ body, updatedAt: new Date() }).where(eq(applicationNotes.id, noteId));
    await audit(tx, actor, 'application.note_edited', note.applicationId, { note: noteId });
    // Only those the edit names anew are told: the others were told when they were first named.
    const before = new Set(await mentionedIn(db, note.applicationId, note.body, actor.id));
    const now = await mentionedIn(db, note.applicationId, body, actor.id);
    await recordMentions(
      tx,
      actor,
      note.applicationId,
      noteId,
      now.filter((id) => !before.has(id)),
    );
  });
}

export async function deleteNote(db: Database, actor: Actor, noteId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const note = await ownNote(tx, actor, noteId);
    await tx.delete(applicationNotes).where(eq(applicationNotes.id, noteId));
    await audit(tx, actor, 'application.note_deleted', note.applicationId, { note: noteId });
  });
}

const notesOf = builtOnce((db: Database) =>
  db
    .select({
      id: applicationNotes.id,
      body: applicationNotes.body,
      authorUserId: applicationNotes.authorUserId,
      authorEmail: applicationNotes.authorEmail,
      authorName: users.name,
      createdAt: applicationNotes.createdAt,
      updatedAt: applicationNotes.updatedAt,
    })
    .from(applicationNotes)
    .leftJoin(users, eq(users.id, applicationNotes.authorUserId))
    .where(eq(applicationNotes.applicationId, sql.placeholder('applicationId')))
    .orderBy(asc(applicationNotes.createdAt), asc(applicationNotes.id))
    .prepare(''),
);

export async function listNotes(db: Database, applicationId: string) {
  return notesOf(db).execute({ applicationId });
}

/** One rating per reviewer: rating again replaces one's own. */
export async function rateApplication(db: Database, actor: Actor & { id: string }, applicationId: string, rating: number): Promise<void> {
  await db.transaction(async (tx) => {
    await assertApplication(tx, applicationId);
    await tx
      .insert(applicationRatings)
      .values({ applicationId, reviewerUserId: actor.id, rating })
      .onConflictDoUpdate({
        target: [applicationRatings.applicationId, applicationRatings.reviewerUserId],
        set: { rating, updatedAt: new Date() },
      });
    await audit(tx, actor, 'application.rated', applicationId, { rating });
  });
}

const ratingsOf = builtOnce((db: Database) =>
  db
    .select({ reviewerUserId: applicationRatings.reviewerUserId, reviewerName: users.name, rating: applicationRatings.rating })
    .from(applicationRatings)
    .innerJoin(users, eq(users.id, applicationRatings.reviewerUserId))
    .where(eq(applicationRatings.applicationId, sql.placeholder('applicationId')))
    .orderBy(asc(users.name))
    .prepare(''),
);

/** The reviewers' ratings, their average (null when none) and the viewer's own. */
export async function ratingSummary(db: Database, applicationId: string, viewerId: string) {
  const rows = await ratingsOf(db).execute({ applicationId });
  const average = rows.length ? Math.round((rows.reduce((sum, row) => sum + row.rating, 0) / rows.length) * 10) / 10 : null;
  return { ratings: rows, average, mine: rows.find((row) => row.reviewerUserId === viewerId)?.rating ?? null };
}
