import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTextMessages, standIn } from '@/lib/page-texts/texts';
import { homePage } from '@/content/home';
import { listAuditLog } from '../audit/log';
import { loadStaticFiles } from '../http/static-files';
import { contentChanges } from '../posts/changes';
import { startTestBackend, type TestBackend } from '../testing/backend';
import { addUser } from '../testing/fixtures';
import { keepPagesFilled, pageTextFiller } from './fill';
import {
  comparePageRevision,
  draftLookup,
  loadPageTexts,
  pageOfPreviewToken,
  newPagePreviewLink,
  pageRevisions,
  publishedPageTexts,
  publishPageTexts,
  restorePageRevision,
  savePageTexts,
} from './store';

/* The content pages' texts (issue 34) against a real PostgreSQL: drafts, conflicts, publishing into the pages held in memory, revisions. */

let backend: TestBackend;
let eve: Awaited<ReturnType<typeof addUser>>;
let ed: Awaited<ReturnType<typeof addUser>>;

beforeAll(async () => {
  backend = await startTestBackend();
  eve = await addUser(backend.database.db, 'eve-pages', 'editor');
  ed = await addUser(backend.database.db, 'ed-pages', 'editor');
}, 60_000);

afterAll(async () => {
  await backend?.stop();
});

/** A built page with stand-ins, as the build writes the home page. */
function builtSite() {
  const dir = mkdtempSync(join(tmpdir(), 'page-texts-'));
  writeFileSync(
    join(dir, 'index.html'),
    `<title>${standIn('home', 'hero.title')}</title><h1>${standIn('home', 'hero.title')}</h1><p>${standIn('home', 'hero.lead')}</p>`,
  );
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, '_astro', 'x.js'), 'console.log("[[hx|home|hero.title]]")');
  return dir;
}

describe('page texts', () => {
  it('are the content file’s until published; a draft stays a draft; publishing fills the pages in memory, on the announcement', async () => {
    const { db } = backend.database;
    const filler = await pageTextFiller(db);
    const files = loadStaticFiles(builtSite(), filler.fill);
    expect(files.templates).toBe(1);
    const home = () => files.find('/')!.identity!.toString('utf8');
    expect(home()).toBe(`<title>${homePage.hero.title}</title><h1>${homePage.hero.title}</h1><p>${homePage.hero.lead}</p>`);
    // Scripts are never filled.
    expect(files.find('/_astro/x.js')!.identity!.toString('utf8')).toContain('[[hx|');
    const etag = files.find('/')!.etag;

    const view = await loadPageTexts(db, 'home');
    expect(view.fields.find((field) => field.path === 'hero.title')).toMatchObject({ label: 'Hero › Title', value: homePage.hero.title });
    const saved = await savePageTexts(db, eve, {
      page: 'home',
      version: view.version,
      texts: { 'hero.title': '  Cloud & AI, done <right>  ' },
    });
    expect(saved).toMatchObject({ ok: true, version: 2 });
    const refill = keepPagesFilled(filler, files, () => {});
    const stop = contentChanges.onChanged(refill);
    refill();
    expect(home()).toContain(homePage.hero.title);

    await publishPageTexts(db, eve, { page: 'home', version: 2 });
    await expect.poll(home).toContain('<h1>Cloud &amp; AI, done &lt;right&gt;</h1>');
    stop();
    expect(files.find('/')!.etag).not.toBe(etag);
    expect(await publishedPageTexts(db)).toEqual(new Map([['home', { 'hero.title': 'Cloud & AI, done <right>' }]]));
    const audit = await listAuditLog(db, 5);
    expect(audit.find((entry) => entry.action === 'page.texts_published')).toMatchObject({ targetId: 'home' });
  });

  it('refuses an empty or unknown text by its field, and a save from an older version as a conflict showing the saved texts', async () => {
    const { db } = backend.database;
    const view = await loadPageTexts(db, 'about');
    expect(await savePageTexts(db, eve, { page: 'about', version: view.version, texts: { title: '   ', 'no.such.text': 'x' } })).toEqual({
      ok: false,
      fieldErrors: { title: pageTextMessages.empty('Title'), 'no.such.text': pageTextMessages.unknown },
    });
    expect(await savePageTexts(db, eve, { page: 'about', version: view.version, texts: { title: 'About Helixpoint' } })).toMatchObject({
      ok: true,
    });
    const late = await savePageTexts(db, ed, { page: 'about', version: view.version, texts: { title: 'About us, really' } });
    expect(late.ok).toBe(false);
    if (late.ok || !('conflict' in late)) throw new Error('expected a conflict');
    expect(late.conflict.texts.title).toBe('About Helixpoint');
    expect((await loadPageTexts(db, 'about')).fields.find((field) => field.path === 'title')!.value).toBe('About Helixpoint');
    // A text set back to its default is no change at all.
    expect(await savePageTexts(db, ed, { page: 'about', version: late.conflict.version, texts: { title: 'About Us' } })).toMatchObject({
      ok: true,
    });
    expect((await loadPageTexts(db, 'about')).fields.find((field) => field.path === 'title')!.value).toBe('About Us');
    await expect(savePageTexts(db, eve, { page: 'no-such-page', version: 1, texts: {} })).rejects.toThrow(pageTextMessages.gone);
  });

  it('compares and restores a revision; previews the draft by a signed link', async () => {
    const { db } = backend.database;
    const first = await savePageTexts(db, eve, { page: 'company', version: 1, texts: { title: 'Our company' } });
    if (!first.ok) throw new Error('not saved');
    await savePageTexts(db, eve, { page: 'company', version: first.version, texts: { title: 'Our firm' } });
    const revisions = await pageRevisions(db, 'company');
    const older = revisions.find((revision) => revision.number === 1)!;
    const compared = await comparePageRevision(db, 'company', older.id);
    expect(compared.changes.map((change) => change.label)).toEqual(['Title']);
    await restorePageRevision(db, eve, { page: 'company', revisionId: older.id });
    expect((await loadPageTexts(db, 'company')).fields.find((field) => field.path === 'title')!.value).toBe('Our company');
    const lookup = await draftLookup(db, 'company');
    expect(lookup('company', 'title')).toBe('Our company');
    // Other pages on a preview show their published texts.
    expect(lookup('home', 'hero.title')).toBe('Cloud & AI, done <right>');
    const { token } = await newPagePreviewLink(db, 'secret', 'company');
    expect(await pageOfPreviewToken(db, 'secret', token)).toBe('company');
    expect(await pageOfPreviewToken(db, 'other', token)).toBeNull();
    expect(await pageOfPreviewToken(db, 'secret', token, new Date(Date.now() + 8 * 86_400_000))).toBeNull();
    // A newer link ends it (issue 50), also for a page nobody has written texts for yet.
    const newer = await newPagePreviewLink(db, 'secret', 'company');
    expect(await pageOfPreviewToken(db, 'secret', token)).toBeNull();
    expect(await pageOfPreviewToken(db, 'secret', newer.token)).toBe('company');
    const about = await newPagePreviewLink(db, 'secret', 'about');
    expect(await pageOfPreviewToken(db, 'secret', about.token)).toBe('about');
    expect(await pageOfPreviewToken(db, 'secret', newer.token.replace(/^[^.]+/, Buffer.from('about-g2').toString('base64url')))).toBeNull();
  });
});
