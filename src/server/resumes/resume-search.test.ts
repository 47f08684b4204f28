import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyWorkspaceQuery, type WorkspaceQuery } from '@/lib/applications/query';
import { snippetParts, type SearchSnippet } from '@/lib/applications/search';
import { EXTRACTOR_VERSION } from '@/lib/resumes/extraction';
import { documentTypes } from '@/lib/uploads';
import { addNote, deleteNote } from '../applications/notes';
import { searchSnippets } from '../applications/search-snippets';
import { matchingApplicationIds, pageWorkspace, RANKED_MATCHES, type Reach } from '../applications/workspace';
import { applications, hiringTeamMembers, resumeTexts, uploads } from '../db/schema';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import {
  docWithText,
  docxWithText,
  docxZipBomb,
  emptyDoc,
  manyPagesPdf,
  passwordProtectedPdf,
  pdfWithText,
  scannedPdf,
} from '../testing/documents';
import { addApplication, addPosition, addUser, listAll } from '../testing/fixtures';
import { fsHarness, type Harness } from '../testing/storage';
import { createResumeReader, type ResumeReader } from './reader';
import { readResume, resumesToRead, resumeTextState, type ResumeReadingDeps } from './resume-texts';

/*
 * Resume text and the workspace's search (issue 33) against a real PostgreSQL, real stored files
 * and the reader's own process: what a resume says is found, ranked and shown where it was found;
 * a hostile file ends as "no text" with its reason while the server goes on.
 */

let database: TestDatabase;
let files: Harness;
let reader: ResumeReader;
let deps: ResumeReadingDeps;
let ada: Awaited<ReturnType<typeof addUser>>;

beforeAll(async () => {
  [database, files] = await Promise.all([startTestDatabase(), fsHarness()]);
  reader = createResumeReader();
  deps = { db: database.db, storage: files.storage, read: reader.read };
  ada = await addUser(database.db, 'ada', 'admin');
}, 60_000);

afterAll(async () => {
  await reader?.close();
  await files?.close();
  await database?.destroy();
});

const mimes = { pdf: documentTypes.pdf.mime, docx: documentTypes.docx.mime, doc: documentTypes.doc.mime } as const;

/** An application whose resume is the given file, stored as an upload would be. */
async function applicantWithResume(
  positionId: string,
  file: Buffer,
  type: keyof typeof mimes,
  values: Partial<typeof applications.$inferInsert> = {},
): Promise<string> {
  const stored = await files.storage.put(Readable.from([file]), { contentType: mimes[type], prefix: 'resumes/' });
  const [upload] = await database.db
    .insert(uploads)
    .values({
      storageKey: stored.key,
      purpose: 'resume',
      fileName: `resume.${type}`,
      contentType: mimes[type],
      size: file.length,
      attachedAt: new Date(),
    })
    .returning({ id: uploads.id });
  return addApplication(database.db, positionId, { resumeUploadId: upload!.id, ...values });
}

const search = (q: string, reach: Reach = listAll, values: Partial<WorkspaceQuery> = {}) =>
  pageWorkspace(database.db, { ...emptyWorkspaceQuery, q, ...values }, reach);
const namesFound = async (q: string, reach?: Reach, values?: Partial<WorkspaceQuery>) =>
  (await search(q, reach, values)).rows.map((row) => row.fullName);

/** A snippet's marked words, and its whole text, as SnippetLine draws them. */
const hitsOf = (snippet: SearchSnippet) =>
  snippetParts(snippet.headline)
    .filter((part) => part.hit)
    .map((part) => part.text);
const textOf = (snippet: SearchSnippet) =>
  snippetParts(snippet.headline)
    .map((part) => part.text)
    .join('');

describe('a resume read into text', () => {
  it('is searchable by a word only it has, with a snippet that marks the word', async () => {
    const position = await addPosition(database.db, { title: 'Search Platform' });
    const id = await applicantWithResume(
      position,
      pdfWithText([['Rosa Quill', 'Built the Zanzibarian deployment pipeline with Terraform and Kubernetes at scale.']]),
      'pdf',
      { fullName: 'Rosa Quill', email: 'rosa@search.test' },
    );
    expect(await resumeTextState(database.db, id)).toEqual({ state: 'pending' });
    expect(await namesFound('zanzibarian')).toEqual([]);

    expect(await readResume(deps, id)).toEqual({ kind: 'text', pages: 1 });
    expect(await resumeTextState(database.db, id)).toMatchObject({ state: 'text', pages: 1 });
    const page = await search('zanzibarian');
    expect(page.rows.map((row) => row.id)).toEqual([id]);
    expect(page.total).toBe(1);

    const snippet = (await searchSnippets(database.db, [id], 'zanzibarian')).get(id)!;
    expect(snippet.field).toBe('resume');
    expect(hitsOf(snippet)).toEqual(['Zanzibarian']);
    expect(textOf(snippet)).toContain('Built the Zanzibarian deployment pipeline');
  });

  it('marks a hit far into a long resume, and one written otherwise than its stem ("happy", "happi")', async () => {
    const position = await addPosition(database.db, { title: 'Long Resumes' });
    const filler = Array.from({ length: 30 }, (_, line) => `Line ${line} about delivery, reviews and planning across several teams.`);
    const id = await applicantWithResume(
      position,
      pdfWithText([
        ['Lena Long', ...filler, 'Migrated the Xylophonic billing platform.'],
        [...filler, 'Kept the customers happy.'],
      ]),
      'pdf',
      { fullName: 'Lena Long', email: 'long@search.test' },
    );
    await readResume(deps, id);
    // The headline reads only the part around the first place the stem is written.
    const far = (await searchSnippets(database.db, [id], 'xylophonic')).get(id)!;
    expect(hitsOf(far)).toEqual(['Xylophonic']);
    // "happi" is written nowhere: the whole resume is read, and the hit is still marked.
    const otherwise = (await searchSnippets(database.db, [id], 'happy')).get(id)!;
    expect(otherwise.field).toBe('resume');
    expect(hitsOf(otherwise)).toEqual(['happy']);
    // Two words a page apart: the part around the first marks it (the whole search is not in that part).
    const apart = (await searchSnippets(database.db, [id], 'xylophonic customers')).get(id)!;
    expect(apart.field).toBe('resume');
    expect(hitsOf(apart)).toEqual(['Xylophonic']);
  });

  it('reads DOCX and DOC resumes too; reading again replaces the text', async () => {
    const position = await addPosition(database.db);
    const docx = await applicantWithResume(position, await docxWithText(['Quorvex observability']), 'docx', { email: 'docx@search.test' });
    const doc = await applicantWithResume(position, docWithText('Quorvex tracing'), 'doc', { email: 'doc@search.test' });
    await readResume(deps, docx);
    await readResume(deps, doc);
    expect((await search('quorvex')).total).toBe(2);
    expect(await readResume(deps, docx)).toEqual({ kind: 'text', pages: null });
    expect(await database.db.select().from(resumeTexts).where(eq(resumeTexts.applicationId, docx))).toHaveLength(1);
  });

  it('ends as "no text" with the reason for each hostile file, while the server goes on storing and searching applications', async () => {
    const position = await addPosition(database.db, { title: 'Hostile Files' });
    const hostile = {
      'no-text-layer': await applicantWithResume(position, scannedPdf(), 'pdf', { email: 'scan@hostile.test' }),
      password: await applicantWithResume(position, passwordProtectedPdf(), 'pdf', { email: 'locked@hostile.test' }),
      'too-many-pages': await applicantWithResume(position, manyPagesPdf(5_000), 'pdf', { email: 'pages@hostile.test' }),
      'archive-too-large': await applicantWithResume(position, await docxZipBomb(1_000_000_000), 'docx', { email: 'bomb@hostile.test' }),
      memory: await applicantWithResume(position, await docxZipBomb(1_000_000_000, { lieAboutSize: true }), 'docx', {
        email: 'liar@hostile.test',
      }),
      unreadable: await applicantWithResume(position, emptyDoc(), 'doc', { email: 'empty@hostile.test' }),
    };
    let reading = true;
    const readings = (async () => {
      for (const id of Object.values(hostile)) await readResume(deps, id);
      reading = false;
    })();
    // Applications keep being stored and searched while the hostile files are read.
    const latencies: number[] = [];
    for (let index = 0; reading || index < 3; index += 1) {
      const started = performance.now();
      await addApplication(database.db, position, { email: `meanwhile${index}@hostile.test` });
      await search(`meanwhile${index}@hostile.test`);
      latencies.push(performance.now() - started);
    }
    await readings;
    expect(latencies.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...latencies)).toBeLessThan(1_000);
    for (const [reason, id] of Object.entries(hostile))
      expect(await resumeTextState(database.db, id)).toEqual({ state: 'no-text', reason });
    // Six files of up to a gigabyte expanded, read one by one under their limits, on a busy machine.
  }, 60_000);

  it('says so when the stored file is gone, and "gone" for an application erased while it waited', async () => {
    const position = await addPosition(database.db);
    const id = await applicantWithResume(position, pdfWithText([['Vanishing']]), 'pdf', { email: 'vanish@search.test' });
    const [stored] = await database.db
      .select({ key: uploads.storageKey })
      .from(uploads)
      .innerJoin(applications, eq(applications.resumeUploadId, uploads.id))
      .where(eq(applications.id, id));
    await files.storage.delete(stored!.key);
    expect(await readResume(deps, id)).toEqual({ kind: 'no-text', reason: 'missing-file' });
    await database.db.delete(applications).where(eq(applications.id, id));
    expect(await readResume(deps, id)).toEqual({ kind: 'gone' });
    // Erased with the application.
    expect(await database.db.select().from(resumeTexts).where(eq(resumeTexts.applicationId, id))).toEqual([]);
  });

  it('is read again when the reader improves (an older version), and never-read resumes are found', async () => {
    const position = await addPosition(database.db);
    const id = await applicantWithResume(position, pdfWithText([['Backlog']]), 'pdf', { email: 'backlog@search.test' });
    expect(await resumesToRead(database.db, 1_000)).toContain(id);
    await readResume(deps, id);
    expect(await resumesToRead(database.db, 1_000)).not.toContain(id);
    await database.db
      .update(resumeTexts)
      .set({ extractorVersion: EXTRACTOR_VERSION - 1 })
      .where(eq(resumeTexts.applicationId, id));
    expect(await resumesToRead(database.db, 1_000)).toContain(id);
  });
});

describe('the search', () => {
  let position: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const { db } = database;
    position = await addPosition(db, { title: 'Syntax Position' });
    const resumes: Record<string, string[]> = {
      'Kira Senior': ['Site reliability engineering lead. Kubernetes, Terraform, Vornic.'],
      'Lou Junior': ['Junior engineer: Kubernetes and Terraform, Vornic.'],
      'Mo Reliability': ['Reliability of site visits; site engineering. Kubernetes only. Vornic.'],
    };
    for (const [fullName, lines] of Object.entries(resumes)) {
      ids[fullName] = await applicantWithResume(position, pdfWithText([lines]), 'pdf', {
        fullName,
        email: `${fullName.split(' ')[0]!.toLowerCase()}@syntax.test`,
      });
      await readResume(deps, ids[fullName]);
    }
    // Vornic elsewhere: in a name, a cover letter, an answer, a note.
    ids['Vornic Named'] = await addApplication(db, position, { fullName: 'Vornic Named', email: 'named@syntax.test' });
    ids['Cover Letter'] = await addApplication(db, position, {
      fullName: 'Cover Letter',
      email: 'letter@syntax.test',
      coverLetter: 'I have used Vornic for years.',
    });
    ids['Answer Given'] = await addApplication(db, position, {
      fullName: 'Answer Given',
      email: 'answer@syntax.test',
      screeningAnswers: [{ questionId: 'q1', question: 'Tools?', type: 'short_text', answer: 'Vornic mostly', knockedOut: false }],
    });
    ids['Note Taken'] = await addApplication(db, position, { fullName: 'Note Taken', email: 'note@syntax.test' });
    await addNote(db, ada, ids['Note Taken'], 'Mentioned Vornic in the call.');
  });

  it('takes web search syntax: all words, "a phrase", -word, or', async () => {
    expect((await namesFound('kubernetes terraform', listAll, { position })).sort()).toEqual(['Kira Senior', 'Lou Junior']);
    expect(await namesFound('"site reliability"', listAll, { position })).toEqual(['Kira Senior']);
    expect((await namesFound('kubernetes -junior', listAll, { position })).sort()).toEqual(['Kira Senior', 'Mo Reliability']);
    expect((await namesFound('terraform or "site engineering"', listAll, { position })).sort()).toEqual([
      'Kira Senior',
      'Lou Junior',
      'Mo Reliability',
    ]);
    // English stems: "engineer" finds "engineering".
    expect((await namesFound('engineer', listAll, { position })).sort()).toEqual(['Kira Senior', 'Lou Junior', 'Mo Reliability']);
    // Part of a name or an address, as typed before this search existed.
    expect(await namesFound('kir', listAll, { position })).toEqual(['Kira Senior']);
    expect(await namesFound('@SYNTAX.test', listAll, { position })).toHaveLength(7);
    // Nothing a search engine would choke on breaks it.
    expect(await namesFound('"unclosed -', listAll, { position })).toEqual([]);
    expect(await namesFound('!@#$%^&*() : & | <->', listAll, { position })).toEqual([]);
  });

  it('ranks the name first, then the resume, then cover letter, answers and notes; the count is right', async () => {
    const page = await search('vornic', listAll, { position });
    expect(page.rows[0]!.fullName).toBe('Vornic Named');
    const order = page.rows.map((row) => row.fullName);
    const resumeHits = ['Kira Senior', 'Lou Junior', 'Mo Reliability'].map((name) => order.indexOf(name));
    const restHits = ['Cover Letter', 'Answer Given', 'Note Taken'].map((name) => order.indexOf(name));
    expect(Math.max(...resumeHits)).toBeLessThan(Math.min(...restHits));
    expect(page.total).toBe(7);
    expect(page.all).toBe(7);
    // Newest first when asked, with the same matches.
    expect((await search('vornic', listAll, { position, sort: 'newest' })).rows[0]!.fullName).toBe('Note Taken');

    const snippets = await searchSnippets(
      database.db,
      page.rows.map((row) => row.id),
      'vornic',
    );
    expect(snippets.get(ids['Cover Letter']!)?.field).toBe('cover-letter');
    expect(snippets.get(ids['Answer Given']!)?.field).toBe('answers');
    expect(snippets.get(ids['Note Taken']!)?.field).toBe('notes');
    expect(snippets.get(ids['Kira Senior']!)?.field).toBe('resume');
    // Found by the name alone: the row shows the name, no snippet.
    expect(snippets.has(ids['Vornic Named']!)).toBe(false);
  });

  it('follows notes as they are written and deleted, and keeps the status counts of the matches', async () => {
    const { db } = database;
    expect(await namesFound('quillfeather', listAll, { position })).toEqual([]);
    const note = await addNote(db, ada, ids['Lou Junior']!, 'Quillfeather was the project.');
    expect(await namesFound('quillfeather', listAll, { position })).toEqual(['Lou Junior']);
    await deleteNote(db, ada, note);
    expect(await namesFound('quillfeather', listAll, { position })).toEqual([]);

    await db.update(applications).set({ status: 'interview' }).where(eq(applications.id, ids['Kira Senior']!));
    const page = await search('kubernetes', listAll, { position, status: 'interview' });
    expect(page.rows.map((row) => row.fullName)).toEqual(['Kira Senior']);
    expect(page.byStatus).toEqual({ interview: 1, pending: 2 });
  });

  it('answers a phrase of two words from the index of neighbouring words exactly as the document does', async () => {
    const { db } = database;
    const byDocument = async (q: string) =>
      (
        await db.execute<{ full_name: string }>(
          sql`select full_name from applications where position_id = ${position} and search_vector @@ websearch_to_tsquery('english', ${q}) order by full_name`,
        )
      ).rows.map((row) => row.full_name);
    // Two words (the index), a stop word between or three words (the document), punctuation between, word order.
    for (const q of [
      '"site reliability"',
      '"reliability site"',
      '"site engineering"',
      '"kubernetes terraform"',
      '"kubernetes and terraform"',
      '"reliability of site"',
      '"site reliability engineering"',
      '"site reliability" -junior',
    ]) {
      const page = await search(q, listAll, { position });
      expect(page.rows.map((row) => row.fullName).sort(), q).toEqual(await byDocument(q));
      expect(page.total, q).toBe((await byDocument(q)).length);
    }
    expect(await namesFound('"kubernetes terraform"', listAll, { position })).toEqual(['Kira Senior']);
  });

  it('finds for a hiring manager only what is on their positions', async () => {
    const { db } = database;
    const manager = await addUser(db, 'hana', 'hiring_manager');
    const other = await addPosition(db, { title: 'Not Theirs' });
    await addApplication(db, other, { fullName: 'Hidden Vornic', email: 'hidden@syntax.test', coverLetter: 'Vornic too' });
    await db.insert(hiringTeamMembers).values({ positionId: position, userId: manager.id, addedByEmail: ada.email });
    const theirs = { who: manager, permission: 'applications.list' } as const;
    const found = await namesFound('vornic', theirs);
    expect(found).toHaveLength(7);
    expect(found).not.toContain('Hidden Vornic');
    expect(await namesFound('vornic')).toContain('Hidden Vornic');
  });
});

describe('best match first', () => {
  it(`ranks the newest ${RANKED_MATCHES} matches; older ones follow newest first, on every page and in "all matching"`, async () => {
    const { db } = database;
    const position = await addPosition(db, { title: 'Ranking Position' });
    const day = 86_400_000;
    const now = Date.now();
    // The best match by rank (the word in the name), but older than the newest RANKED_MATCHES matches.
    const oldBest = await addApplication(db, position, {
      fullName: 'Plumbago Oldest',
      email: 'oldest@ranking.test',
      createdAt: new Date(now - 400 * day),
    });
    const recent: string[] = [];
    for (let index = 0; index < RANKED_MATCHES; index += 1)
      recent.push(
        await addApplication(db, position, {
          fullName: index === RANKED_MATCHES - 1 ? 'Plumbago Recent' : `Applicant ${index}`,
          email: `applicant${index}@ranking.test`,
          coverLetter: 'I grow plumbago.',
          createdAt: new Date(now - (index + 1) * 60_000),
        }),
      );
    const query = { ...emptyWorkspaceQuery, q: 'plumbago', position };
    const pages = [];
    for (let page = 1; page <= Math.ceil((RANKED_MATCHES + 1) / 50); page += 1)
      pages.push(...(await pageWorkspace(db, { ...query, page }, listAll)).rows.map((row) => row.id));
    // The name match among the newest is ranked first; the older name match follows them all.
    expect(pages[0]).toBe(recent[RANKED_MATCHES - 1]);
    expect(pages.at(-1)).toBe(oldBest);
    expect(pages).toHaveLength(RANKED_MATCHES + 1);
    expect(new Set(pages).size).toBe(RANKED_MATCHES + 1);
    expect(pages.slice(1, -1)).toEqual(recent.slice(0, -1));
    expect(await matchingApplicationIds(db, query, listAll)).toEqual(pages);
    expect((await pageWorkspace(db, query, listAll)).total).toBe(RANKED_MATCHES + 1);
  }, 60_000);
});
