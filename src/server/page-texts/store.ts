import { diffWordsWithSpace } from 'diff';
import { and, desc, eq, max, sql } from 'drizzle-orm';
import { editablePage, editablePages } from '../../content/editable-pages.ts';
import { AdminRuleError, type Tx } from '../admin-command.ts';
import { audit, type Actor } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { pageTextRevisions, pageTexts, users } from '../db/schema.ts';
import { contentChanges } from '../posts/changes.ts';
import { generationToken, subjectOfGenerationToken } from '../signed-links.ts';
import type { RevisionKind } from '../../lib/posts/content.ts';
import type { FieldChange } from '../../lib/posts/editor.ts';
import { editableTexts, PAGE_TEXT_MAX, pageTextMessages, type PageTextValues } from '../../lib/page-texts/texts.ts';

/**
 * The texts of the content pages (issue 34, decision 049): a working copy per page (only the texts
 * that differ from the content file), saved as revisions, published in one transaction that tells
 * every instance to fill its pages again (the same channel as the blog's).
 */

type Reader = Pick<Database, 'select'>;

/** A page's texts as its content file has them: path → text. */
export function pageDefaults(page: string): Map<string, { label: string; value: string; multiline: boolean }> {
  const found = editablePage(page);
  if (!found) throw new AdminRuleError(pageTextMessages.gone);
  return new Map(editableTexts(found.content).map((text) => [text.path, text]));
}

/** Every page's published texts (those that differ from the defaults): page → path → text. */
export async function publishedPageTexts(db: Reader): Promise<Map<string, PageTextValues>> {
  const rows = await db
    .select({ page: pageTexts.page, texts: pageTextRevisions.texts })
    .from(pageTexts)
    .innerJoin(pageTextRevisions, eq(pageTextRevisions.id, pageTexts.publishedRevisionId));
  return new Map(rows.map((row) => [row.page, row.texts]));
}

/** What fills a stand-in: the published text, else the content file's. */
export function textLookup(published: Map<string, PageTextValues>) {
  const defaults = new Map(
    editablePages.map((page) => [page.key, new Map(editableTexts(page.content).map((text) => [text.path, text.value]))]),
  );
  return (page: string, path: string): string | undefined => published.get(page)?.[path] ?? defaults.get(page)?.get(path);
}

/** The editor's view of one page: each text with its default, its draft and its published value. */
export async function loadPageTexts(db: Reader, page: string) {
  const defaults = pageDefaults(page);
  const info = editablePage(page)!;
  const [row] = await db.select().from(pageTexts).where(eq(pageTexts.page, page));
  const [published] = row?.publishedRevisionId
    ? await db.select({ texts: pageTextRevisions.texts }).from(pageTextRevisions).where(eq(pageTextRevisions.id, row.publishedRevisionId))
    : [];
  const draft = row?.draft ?? {};
  return {
    page,
    label: info.label,
    path: info.path,
    version: row?.version ?? 1,
    publishedAt: row?.publishedAt?.toISOString() ?? null,
    fields: [...defaults.entries()].map(([path, text]) => ({
      path,
      label: text.label,
      multiline: text.multiline,
      defaultValue: text.value,
      value: draft[path] ?? text.value,
      published: published?.texts[path] ?? text.value,
    })),
    revisions: await pageRevisions(db, page),
  };
}

export type PageTextsView = Awaited<ReturnType<typeof loadPageTexts>>;

export async function pageRevisions(db: Reader, page: string) {
  const rows = await db
    .select({
      id: pageTextRevisions.id,
      number: pageTextRevisions.number,
      kind: pageTextRevisions.kind,
      author: users.name,
      authorEmail: pageTextRevisions.authorEmail,
      createdAt: pageTextRevisions.createdAt,
    })
    .from(pageTextRevisions)
    .leftJoin(users, eq(users.id, pageTextRevisions.authorUserId))
    .where(eq(pageTextRevisions.page, page))
    .orderBy(desc(pageTextRevisions.number));
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    kind: row.kind as RevisionKind,
    title: '',
    author: row.author || row.authorEmail || 'Helixpoint',
    savedAt: row.createdAt.toISOString(),
  }));
}

/** Only the texts that differ from the defaults are kept (a text reset to its default is no change). */
function changedTexts(defaults: ReturnType<typeof pageDefaults>, texts: PageTextValues): PageTextValues {
  return Object.fromEntries(Object.entries(texts).filter(([path, value]) => defaults.get(path)?.value !== value));
}

async function addRevision(tx: Tx, actor: Actor, page: string, kind: RevisionKind, texts: PageTextValues) {
  const [last] = await tx
    .select({ number: max(pageTextRevisions.number) })
    .from(pageTextRevisions)
    .where(eq(pageTextRevisions.page, page));
  const [revision] = await tx
    .insert(pageTextRevisions)
    .values({ page, number: (last?.number ?? 0) + 1, kind, texts, authorUserId: actor.id, authorEmail: actor.email })
    .returning();
  return revision!;
}

/** The page's row, locked (made on its first save). */
async function lockPage(tx: Tx, page: string) {
  await tx.insert(pageTexts).values({ page }).onConflictDoNothing();
  const [row] = await tx.select().from(pageTexts).where(eq(pageTexts.page, page)).for('update');
  return row!;
}

export type SavePageResult =
  | { ok: true; version: number }
  | { ok: false; conflict: { version: number; texts: PageTextValues; savedBy: string | null; savedAt: string } }
  | { ok: false; fieldErrors: Record<string, string> };

/** Saves the page's working copy (every text, as the editor has it); refused as a conflict when saved from an older version. */
export async function savePageTexts(
  db: Database,
  actor: Actor,
  input: { page: string; version: number; texts: PageTextValues },
): Promise<SavePageResult> {
  const defaults = pageDefaults(input.page);
  const fieldErrors: Record<string, string> = {};
  const texts: PageTextValues = {};
  for (const [path, raw] of Object.entries(input.texts)) {
    const field = defaults.get(path);
    if (!field) {
      fieldErrors[path] = pageTextMessages.unknown;
      continue;
    }
    const value = raw.trim();
    if (!value) fieldErrors[path] = pageTextMessages.empty(field.label);
    else if (value.length > PAGE_TEXT_MAX) fieldErrors[path] = pageTextMessages.tooLong(field.label);
    else texts[path] = value;
  }
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };
  return db.transaction(async (tx) => {
    const row = await lockPage(tx, input.page);
    if (row.version !== input.version) {
      const [by] = row.updatedByUserId ? await tx.select({ name: users.name }).from(users).where(eq(users.id, row.updatedByUserId)) : [];
      const current = Object.fromEntries([...defaults.entries()].map(([path, text]) => [path, row.draft[path] ?? text.value]));
      return {
        ok: false,
        conflict: { version: row.version, texts: current, savedBy: by?.name ?? null, savedAt: row.updatedAt.toISOString() },
      };
    }
    const draft = changedTexts(defaults, { ...row.draft, ...texts });
    await tx
      .update(pageTexts)
      .set({ draft, version: row.version + 1, updatedAt: new Date(), updatedByUserId: actor.id })
      .where(eq(pageTexts.page, input.page));
    await addRevision(tx, actor, input.page, 'save', draft);
    return { ok: true, version: row.version + 1 };
  });
}

/** Publishes the working copy: the page's files are filled again on every instance. */
export async function publishPageTexts(db: Database, actor: Actor, input: { page: string; version: number }) {
  pageDefaults(input.page);
  return contentChanges.change(db, async (tx) => {
    const row = await lockPage(tx, input.page);
    if (row.version !== input.version) throw new AdminRuleError(pageTextMessages.conflict);
    const revision = await addRevision(tx, actor, input.page, 'publish', row.draft);
    await tx.update(pageTexts).set({ publishedRevisionId: revision.id, publishedAt: new Date() }).where(eq(pageTexts.page, input.page));
    await audit(tx, actor, 'page.texts_published', input.page, { revision: revision.number, changed: Object.keys(row.draft).length });
    return { ok: true as const };
  });
}

/** Makes a revision's texts the working copy again (published when the editor publishes). */
export async function restorePageRevision(db: Database, actor: Actor, input: { page: string; revisionId: string }) {
  pageDefaults(input.page);
  return db.transaction(async (tx) => {
    const row = await lockPage(tx, input.page);
    const [revision] = await tx
      .select()
      .from(pageTextRevisions)
      .where(and(eq(pageTextRevisions.id, input.revisionId), eq(pageTextRevisions.page, input.page)));
    if (!revision) throw new AdminRuleError('This revision no longer exists.');
    await tx
      .update(pageTexts)
      .set({ draft: revision.texts, version: row.version + 1, updatedAt: new Date(), updatedByUserId: actor.id })
      .where(eq(pageTexts.page, input.page));
    await addRevision(tx, actor, input.page, 'restore', revision.texts);
    await audit(tx, actor, 'page.texts_restored', input.page, { revision: revision.number });
    return { ok: true as const, version: row.version + 1 };
  });
}

/** What restoring a revision would change in the working copy, text by text. */
export async function comparePageRevision(
  db: Reader,
  page: string,
  revisionId: string,
): Promise<{ number: number; changes: FieldChange[] }> {
  const defaults = pageDefaults(page);
  const [row] = await db.select({ draft: pageTexts.draft }).from(pageTexts).where(eq(pageTexts.page, page));
  const [revision] = await db
    .select({ texts: pageTextRevisions.texts, number: pageTextRevisions.number })
    .from(pageTextRevisions)
    .where(and(eq(pageTextRevisions.id, revisionId), eq(pageTextRevisions.page, page)));
  if (!revision) throw new AdminRuleError('This revision no longer exists.');
  const changes: FieldChange[] = [];
  for (const [path, text] of defaults) {
    const before = row?.draft[path] ?? text.value;
    const after = revision.texts[path] ?? text.value;
    if (before === after) continue;
    changes.push({
      field: path as never,
      label: text.label,
      parts: diffWordsWithSpace(before, after).map((part) => ({
        value: part.value,
        change: part.added ? 'added' : part.removed ? 'removed' : 'same',
      })),
    });
  }
  return { number: revision.number, changes };
}

/** The working copy's texts, every one (for a preview). */
export async function draftLookup(db: Reader, page: string) {
  const [row] = await db.select({ draft: pageTexts.draft }).from(pageTexts).where(eq(pageTexts.page, page));
  const published = await publishedPageTexts(db);
  const lookup = textLookup(published);
  return (stand: string, path: string) => (stand === page ? (row?.draft[path] ?? lookup(stand, path)) : lookup(stand, path));
}

// A preview link for a page's draft: its key, the generation of its links and its end, signed with
// AUTH_SECRET (7 days), as a post's; a newer link ends the older ones (issue 50).
const PREVIEW_DAYS = 7;
const PREVIEW_PURPOSE = 'page-preview';

/** A new preview link of the page's draft; every older one stops working. */
export async function newPagePreviewLink(db: Pick<Database, 'insert'>, secret: string, page: string, now = new Date()) {
  const [row] = await db
    .insert(pageTexts)
    .values({ page, previewGeneration: 1 })
    .onConflictDoUpdate({ target: pageTexts.page, set: { previewGeneration: sql`${pageTexts.previewGeneration} + 1` } })
    .returning({ generation: pageTexts.previewGeneration });
  return generationToken(secret, PREVIEW_PURPOSE, Buffer.from(page).toString('base64url'), row!.generation, PREVIEW_DAYS, now);
}

/** The page a preview token opens, or null when it is malformed, forged, expired, ended by a newer link, or no page's. */
export async function pageOfPreviewToken(db: Reader, secret: string, token: string | undefined, now = new Date()): Promise<string | null> {
  const signed = subjectOfGenerationToken(secret, PREVIEW_PURPOSE, token, now);
  if (!signed) return null;
  const page = Buffer.from(signed.subject, 'base64url').toString('utf8');
  if (!editablePage(page)) return null;
  const [row] = await db
    .select({ page: pageTexts.page })
    .from(pageTexts)
    .where(and(eq(pageTexts.page, page), eq(pageTexts.previewGeneration, signed.generation)));
  return row ? page : null;
}

/** For the list of pages: when each page's texts were published, and whether a draft waits. */
export async function pageTextsStates(db: Reader): Promise<Map<string, { publishedAt: Date | null; draftWaiting: boolean }>> {
  const rows = await db
    .select({ page: pageTexts.page, draft: pageTexts.draft, publishedAt: pageTexts.publishedAt, published: pageTextRevisions.texts })
    .from(pageTexts)
    .leftJoin(pageTextRevisions, eq(pageTextRevisions.id, pageTexts.publishedRevisionId));
  const same = (a: PageTextValues, b: PageTextValues) =>
    Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([path, value]) => b[path] === value);
  return new Map(rows.map((row) => [row.page, { publishedAt: row.publishedAt, draftWaiting: !same(row.draft, row.published ?? {}) }]));
}
