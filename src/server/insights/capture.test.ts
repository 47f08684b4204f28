import { mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerMessages as screeningMessages } from '@/lib/screening/answers-schema';
import type { ScreeningQuestion } from '@/lib/screening/questions';
import { applicationStatusHistory, applications, heardAboutOptions, pageViews, positions } from '../db/schema';
import { applyFormPost } from '../applications/form-post';
import { sourceFormFields } from '@/lib/applications/source';
import { jobBoardFeedXml } from '../positions/job-board-feeds';
import { applicationDeps, submitApplication, type ApplicationDeps } from '../applications/submit';
import { changeStatus } from '../applications/review';
import { createAppServer } from '../http/server';
import { getMetrics } from '../metrics';
import { insightsModule } from './module';
import { freePort } from '../net';
import { updatePosition } from '../positions/manage';
import { positionFormSchema, positionFormValues } from '../../lib/positions/schema';
import type { Runtime } from '../runtime';
import { startTestBackend, type TestBackend } from '../testing/backend';
import type { TestDatabase } from '../testing/database';
import { addPosition, addUser } from '../testing/fixtures';
import { serveForTest, type TestServer } from '../testing/http';
import { receivePostedFile, uploadDeps } from '../uploads/receive';
import { heardAboutAnswer, listHeardAboutOptions, saveHeardAboutOptions } from './heard-about';
import { companyDay, countViews, createViewCounter, writeViews, type ViewRow } from './views';
import { requestSource } from './visit-source';

/*
 * Issue 18's capture, on a real embedded PostgreSQL and real HTTP servers: where an applicant came
 * from (UTM, the referring site, the select), views counted in batches with bots left out, and a
 * position's screening questions checked on the server, stored with their text, knock-outs flagged.
 */

const SITE_URL = 'https://careers.helixpoint.test';
const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const resumeBytes = readFileSync(new URL('../../../tests/fixtures/resume.pdf', import.meta.url));

let backend: TestBackend;
let database: TestDatabase;
let runtime: Runtime;
let deps: ApplicationDeps;
let sourceServer: TestServer;
let ip = 0;
const nextClient = () => `203.0.113.${++ip}`;

const questions: ScreeningQuestion[] = [
  { id: 'authorised00001', type: 'yes_no', label: 'Are you authorised to work in the US?', required: true, options: [], knockout: 'no' },
  { id: 'kubernetes00001', type: 'number', label: 'Years with Kubernetes?', required: true, options: [], knockout: null },
  {
    id: 'startdate000001',
    type: 'single_choice',
    label: 'When could you start?',
    required: false,
    options: ['Now', 'In a month', 'Later'],
    knockout: 'Later',
  },
  { id: 'proudof00000001', type: 'long_text', label: 'What are you proud of?', required: false, options: [], knockout: null },
  { id: 'pronouns0000001', type: 'short_text', label: 'Pronouns', required: false, options: [], knockout: null },
];

beforeAll(async () => {
  backend = await startTestBackend({ siteUrl: SITE_URL });
  ({ database, runtime } = backend);
  deps = applicationDeps(runtime);
  // What the careers pages compute from a request: its query and Referer.
  sourceServer = await serveForTest(async (request) => Response.json(requestSource(request, SITE_URL)));
}, 120_000);

afterAll(async () => {
  await sourceServer?.close();
  await backend?.stop();
}, 60_000);

async function resumeId(client: string): Promise<string> {
  const upload = await receivePostedFile(uploadDeps(runtime), new File([resumeBytes], 'resume.pdf'), 'resume', client);
  if ('error' in upload) throw new Error(upload.error);
  return upload.id;
}

let applicant = 0;
async function form(positionId: string, extra: Record<string, unknown> = {}) {
  const client = nextClient();
  return {
    client,
    body: {
      first_name: 'Jordan',
      last_name: 'Rivera',
      email: `applicant${++applicant}@mail.test`,
      country_code: '+1',
      phone: '512 555 0147',
      address: '100 Congress Ave, Austin, TX 78701',
      gender: 'prefer-not-to-say',
      linkedin_profile: '',
      github_profile: '',
      vercel_profile: '',
      cover_letter: 'I keep clusters healthy.',
      privacy_acknowledged: true,
      company_website: '',
      position_id: positionId,
      resume_upload_id: await resumeId(client),
      ...extra,
    },
  };
}

async function submit(positionId: string, extra: Record<string, unknown> = {}) {
  const { client, body } = await form(positionId, extra);
  return submitApplication(deps, body, client);
}

async function stored(applicationId: string) {
  const [row] = await database.db.select().from(applications).where(eq(applications.id, applicationId));
  return row!;
}

async function sourceOf(path: string, referer?: string) {
  const response = await fetch(`${sourceServer.url}${path}`, { headers: referer ? { Referer: referer } : {} });
  return (await response.json()) as { source: string; medium: string | null; campaign: string | null };
}

describe('where applicants come from', () => {
  it('reads UTM first, then a carried ref, then the referring site, else direct; our own addresses are no source', async () => {
    expect(await sourceOf('/careers?utm_source=LinkedIn&utm_medium=social&utm_campaign=Spring%20Hiring', 'https://news.example/')).toEqual({
      source: 'linkedin',
      medium: 'social',
      campaign: 'spring hiring',
    });
    expect(await sourceOf('/careers/apply/x?ref=weworkremotely.com', 'https://careers.helixpoint.test/careers')).toEqual({
      source: 'weworkremotely.com',
      medium: null,
      campaign: null,
    });
    expect(await sourceOf('/careers', 'https://www.reddit.com/r/devops/comments/1')).toEqual({
      source: 'reddit.com',
      medium: null,
      campaign: null,
    });
    expect(await sourceOf('/careers', 'https://careers.helixpoint.test/about')).toEqual({ source: 'direct', medium: null, campaign: null });
    expect(await sourceOf('/careers', `${sourceServer.url}/blog`)).toEqual({ source: 'direct', medium: null, campaign: null });
    expect(await sourceOf('/careers')).toEqual({ source: 'direct', medium: null, campaign: null });
    expect(await sourceOf('/careers?utm_source=%3Cscript%3Ealert(1)%3C%2Fscript%3E')).toEqual({
      source: 'scriptalert1/script',
      medium: null,
      campaign: null,
    });
  });

  it('stores the source the form carried, and the answer to "How did you hear about us?" when it is one of the options', async () => {
    const positionId = await addPosition(database.db);
    const fromCampaign = await submit(positionId, {
      source: 'newsletter',
      source_medium: 'email',
      source_campaign: 'november',
      heard_about: 'Friend or colleague',
    });
    expect(fromCampaign.kind).toBe('submitted');
    if (fromCampaign.kind !== 'submitted') return;
    expect(await stored(fromCampaign.applicationId)).toMatchObject({
      source: 'newsletter',
      sourceMedium: 'email',
      sourceCampaign: 'november',
      heardAbout: 'Friend or colleague',
    });

    const direct = await submit(positionId, { heard_about: 'A billboard on the moon' });
    if (direct.kind !== 'submitted') throw new Error(direct.kind);
    expect(await stored(direct.applicationId)).toMatchObject({ source: 'direct', sourceMedium: null, heardAbout: null });
  });

  it("attributes an application through the Indeed feed's link to Indeed, with nobody adding a ?ref=", async () => {
    const positionId = await addPosition(database.db);
    const feed = new XMLParser({ isArray: (name) => name === 'job' }).parse(
      await jobBoardFeedXml(database.db, 'indeed', new URL(SITE_URL)),
    ) as {
      source: { job: { referencenumber: string; url: string }[] };
    };
    const link = new URL(feed.source.job.find((job) => job.referencenumber === positionId)!.url);
    // The apply page reads its source from its address, and puts it in the form (sourceFormFields).
    const source = await sourceOf(`${link.pathname}${link.search}`, 'https://www.indeed.com/');
    expect(source).toEqual({ source: 'indeed', medium: 'job-feed', campaign: null });
    const result = await submit(positionId, sourceFormFields(source));
    if (result.kind !== 'submitted') throw new Error(result.kind);
    expect(await stored(result.applicationId)).toMatchObject({ source: 'indeed', sourceMedium: 'job-feed' });
  });

  it('keeps the options an admin saves, in order, audited, and drops an answer no longer offered', async () => {
    const admin = await addUser(database.db, 'heard-admin', 'admin');
    const before = await listHeardAboutOptions(database.db);
    expect(before).toContain('LinkedIn');
    await saveHeardAboutOptions(database.db, admin, ['Podcast', 'LinkedIn', 'Meetup']);
    expect(await listHeardAboutOptions(database.db)).toEqual(['Podcast', 'LinkedIn', 'Meetup']);
    expect(await heardAboutAnswer(database.db, 'Podcast')).toBe('Podcast');
    expect(await heardAboutAnswer(database.db, 'Friend or colleague')).toBeNull();
    await saveHeardAboutOptions(database.db, admin, before);
    expect((await database.db.select().from(heardAboutOptions)).length).toBe(before.length);
  });

  it('starts every application’s status history at submission, and adds each status it reaches', async () => {
    const positionId = await addPosition(database.db);
    const result = await submit(positionId);
    if (result.kind !== 'submitted') throw new Error(result.kind);
    const admin = await addUser(database.db, 'history-admin', 'admin');
    await database.db.transaction((tx) => changeStatus(tx, admin, result.applicationId, 'interview'));
    const history = await database.db
      .select({ status: applicationStatusHistory.status })
      .from(applicationStatusHistory)
      .where(eq(applicationStatusHistory.applicationId, result.applicationId))
      .orderBy(applicationStatusHistory.id);
    expect(history.map((row) => row.status)).toEqual(['pending', 'interview']);
  });
});

describe('screening questions', () => {
  let positionId: string;
  beforeAll(async () => {
    positionId = await addPosition(database.db, { screeningQuestions: questions });
  });

  const answers = (changes: Record<string, string> = {}) => ({
    authorised00001: 'yes',
    kubernetes00001: '4',
    startdate000001: 'Now',
    proudof00000001: 'A zero-downtime migration.',
    pronouns0000001: '',
    ...changes,
  });

  it('stores every answer with its question’s text, in order, a number in its plain form', async () => {
    const result = await submit(positionId, { answers: answers({ kubernetes00001: '2,50' }) });
    if (result.kind !== 'submitted') throw new Error(JSON.stringify(result));
    const row = await stored(result.applicationId);
    expect(row.knockedOut).toBe(false);
    expect(row.screeningAnswers).toEqual([
      {
        questionId: 'authorised00001',
        question: 'Are you authorised to work in the US?',
        type: 'yes_no',
        answer: 'yes',
        knockedOut: false,
      },
      { questionId: 'kubernetes00001', question: 'Years with Kubernetes?', type: 'number', answer: '2.5', knockedOut: false },
      { questionId: 'startdate000001', question: 'When could you start?', type: 'single_choice', answer: 'Now', knockedOut: false },
      {
        questionId: 'proudof00000001',
        question: 'What are you proud of?',
        type: 'long_text',
        answer: 'A zero-downtime migration.',
        knockedOut: false,
      },
      { questionId: 'pronouns0000001', question: 'Pronouns', type: 'short_text', answer: '', knockedOut: false },
    ]);
  });

  it.each([
    ['a required answer missing', { authorised00001: '' }, 'answers.authorised00001', screeningMessages.required],
    ['a required number missing', { kubernetes00001: ' ' }, 'answers.kubernetes00001', screeningMessages.required],
    ['a yes/no answer that is neither', { authorised00001: 'maybe' }, 'answers.authorised00001', screeningMessages.choose],
    ['a number that is not one', { kubernetes00001: 'five' }, 'answers.kubernetes00001', screeningMessages.number],
    ['a choice that is not offered', { startdate000001: 'Tomorrow' }, 'answers.startdate000001', screeningMessages.choose],
    ['a long answer too long', { proudof00000001: 'x'.repeat(5001) }, 'answers.proudof00000001', screeningMessages.tooLong(5000)],
    ['a short answer too long', { pronouns0000001: 'x'.repeat(301) }, 'answers.pronouns0000001', screeningMessages.tooLong(300)],
    ['an answer to a question the position does not have', { unknown00000001: 'hello' }, 'form', screeningMessages.unknownQuestion],
  ])('refuses %s, naming the question', async (_case, changes, field, message) => {
    const result = await submit(positionId, { answers: answers(changes) });
    expect(result).toEqual({ kind: 'invalid', fieldErrors: { [field]: message } });
  });

  it('refuses answers that are not text, and a position without questions takes none', async () => {
    expect((await submit(positionId, { answers: { ...answers(), kubernetes00001: 4 } })).kind).toBe('invalid');
    const plain = await addPosition(database.db);
    expect(await submit(plain, { answers: { authorised00001: 'yes' } })).toEqual({
      kind: 'invalid',
      fieldErrors: { form: screeningMessages.unknownQuestion },
    });
  });

  it('flags a knock-out answer for a person, and never rejects it', async () => {
    const result = await submit(positionId, { answers: answers({ authorised00001: 'no', startdate000001: 'Later' }) });
    if (result.kind !== 'submitted') throw new Error(JSON.stringify(result));
    const row = await stored(result.applicationId);
    expect(row.status).toBe('pending');
    expect(row.knockedOut).toBe(true);
    expect(row.screeningAnswers.filter((answer) => answer.knockedOut).map((answer) => answer.questionId)).toEqual([
      'authorised00001',
      'startdate000001',
    ]);
  });

  it('keeps answers readable after the position’s questions are edited or removed', async () => {
    const editable = await addPosition(database.db, { screeningQuestions: [questions[1]!] });
    const result = await submit(editable, { answers: { kubernetes00001: '7' } });
    if (result.kind !== 'submitted') throw new Error(JSON.stringify(result));
    const admin = await addUser(database.db, 'questions-admin', 'admin');
    const [position] = await database.db.select().from(positions).where(eq(positions.id, editable));
    const values = positionFormValues(position!);
    const renamed = { ...questions[1]!, label: 'Years running Kubernetes in production?' };
    await updatePosition(database.db, admin, editable, positionFormSchema.parse({ ...values, screeningQuestions: [renamed] }));
    await updatePosition(database.db, admin, editable, positionFormSchema.parse({ ...values, screeningQuestions: [] }));
    expect((await stored(result.applicationId)).screeningAnswers).toEqual([
      { questionId: 'kubernetes00001', question: 'Years with Kubernetes?', type: 'number', answer: '7', knockedOut: false },
    ]);
  });

  it('takes the answers from a form posted without JavaScript, and gives them back when refused', async () => {
    const client = nextClient();
    const post = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      body.set('resume', new File([resumeBytes], 'resume.pdf', { type: 'application/pdf' }));
      return new Request(`${SITE_URL}/careers/apply/${positionId}`, { method: 'POST', body });
    };
    const fields = {
      first_name: 'Ana',
      last_name: 'Lima',
      email: 'ana.lima@studio.photography',
      country_code: '+1',
      phone: '512 555 0199',
      address: '200 Main St, Dallas, TX 75201',
      gender: 'female',
      cover_letter: 'Hello.',
      privacy_acknowledged: 'on',
      source: 'reddit.com',
      'answers.authorised00001': 'yes',
      'answers.kubernetes00001': 'ten',
    };
    const refused = await applyFormPost(runtime, post(fields), positionId, client);
    expect(refused).toMatchObject({
      kind: 'refused',
      values: { answers: { authorised00001: 'yes', kubernetes00001: 'ten' }, source: 'reddit.com' },
      fieldErrors: { 'answers.kubernetes00001': screeningMessages.number },
    });
    expect(await applyFormPost(runtime, post({ ...fields, 'answers.kubernetes00001': '10' }), positionId, client)).toEqual({
      kind: 'submitted',
      email: 'ana.lima@studio.photography',
    });
    const [row] = await database.db.select().from(applications).where(eq(applications.email, 'ana.lima@studio.photography'));
    expect(row).toMatchObject({ source: 'reddit.com', knockedOut: false });
    expect(row!.screeningAnswers.map((answer) => answer.answer)).toEqual(['yes', '10', '', '', '']);
  });
});

describe('views', () => {
  it('counts 1,000 views of a burst exactly, in at most 10 inserts, leaving out bots, prefetches, HEAD and errors', async () => {
    const [first, second] = [await addPosition(database.db), await addPosition(database.db)];
    const inserts: ViewRow[][] = [];
    const counter = createViewCounter({
      intervalMs: 500,
      write: async (rows) => {
        inserts.push(rows);
        await writeViews(database.db, rows);
      },
    });
    const dir = mkdtempSync(join(tmpdir(), 'views-'));
    const server = createAppServer({
      clientDir: dir,
      // Stands in for Astro: the route pattern its middleware sets, and the page (404 for an unknown id).
      astroHandler: (req, res, _next, locals) => {
        const path = (req.url ?? '/').split('?')[0]!;
        if (locals) locals.routePattern = path === '/careers' ? '/careers' : '/careers/apply/[id]';
        res.statusCode = path.endsWith('00000000-0000-4000-8000-000000000000') ? 404 : 200;
        res.end('<!doctype html><title>page</title>');
      },
      afterResponse: countViews(counter),
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const get = (path: string, headers: Record<string, string> = { 'User-Agent': BROWSER }, method = 'GET') =>
      fetch(`http://127.0.0.1:${port}${path}`, { method, headers }).then((response) => response.arrayBuffer());
    const today = companyDay(new Date());
    const before = await database.db.select().from(pageViews).where(eq(pageViews.day, today));
    const had = (positionId: string | null) => before.find((row) => row.positionId === positionId)?.views ?? 0;

    const people = [
      ...Array.from({ length: 500 }, () => '/careers'),
      ...Array.from({ length: 300 }, () => `/careers/apply/${first}`),
      ...Array.from({ length: 200 }, () => `/careers/apply/${second}?utm_source=linkedin`),
    ];
    const others = [
      ...Array.from(
        { length: 40 },
        () => () => get('/careers', { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }),
      ),
      ...Array.from({ length: 20 }, () => () => get(`/careers/apply/${first}`, { 'User-Agent': 'curl/8.5.0' })),
      ...Array.from({ length: 20 }, () => () => get('/careers', { 'User-Agent': BROWSER, 'Sec-Purpose': 'prefetch' })),
      ...Array.from({ length: 10 }, () => () => get('/careers', { 'User-Agent': BROWSER }, 'HEAD')),
      ...Array.from({ length: 10 }, () => () => get('/careers/apply/00000000-0000-4000-8000-000000000000')),
      ...Array.from({ length: 10 }, () => () => get('/careers', {})),
    ];
    const work = [...people.map((path) => () => get(path)), ...others];
    // 25 at a time, as a burst from many visitors.
    for (let index = 0; index < work.length; index += 25) await Promise.all(work.slice(index, index + 25).map((run) => run()));
    await counter.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));

    const after = await database.db.select().from(pageViews).where(eq(pageViews.day, today));
    const views = (positionId: string | null) => (after.find((row) => row.positionId === positionId)?.views ?? 0) - had(positionId);
    expect([views(null), views(first), views(second)]).toEqual([500, 300, 200]);
    expect(inserts.length).toBeGreaterThan(0);
    expect(inserts.length).toBeLessThanOrEqual(10);
    // One statement per flush, whatever the number of pages in it.
    expect(inserts.every((rows) => rows.length <= 3)).toBe(true);
  }, 60_000);

  it('adds the views the insights module writes to helixpoint_page_views_total, for an operator and bench:nginx', async () => {
    const series = async () => {
      const text = await getMetrics().registry.metrics();
      return Number(/^helixpoint_page_views_total (\d+)$/m.exec(text)?.[1] ?? 0);
    };
    const before = await series();
    const started = await insightsModule.start!(runtime);
    const person = { method: 'GET', headers: { 'user-agent': BROWSER } } as unknown as IncomingMessage;
    const bot = {
      method: 'GET',
      headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
    } as unknown as IncomingMessage;
    for (let view = 0; view < 5; view += 1) started.afterResponse!(person, { route: '/careers', path: '/careers', status: 200 });
    started.afterResponse!(bot, { route: '/careers', path: '/careers', status: 200 });
    started.afterResponse!(person, { route: '/about', path: '/about', status: 200 });
    await started.stop!();
    expect((await series()) - before).toBe(5);
  });

  it('keeps the counts of a write that fails for the next one', async () => {
    let fail = true;
    const counter = createViewCounter({
      intervalMs: 3_600_000,
      write: async (rows) => {
        if (fail) throw new Error('database away');
        await writeViews(database.db, rows);
      },
    });
    const day = new Date('2026-01-15T18:00:00Z');
    for (let view = 0; view < 7; view += 1) counter.record(null, day);
    await counter.flush();
    counter.record(null, day);
    fail = false;
    await counter.stop();
    const [row] = await database.db.select().from(pageViews).where(eq(pageViews.day, '2026-01-15'));
    expect(row).toMatchObject({ positionId: null, views: 8 });
    const rows = await database.db.select().from(pageViews).where(isNull(pageViews.positionId));
    expect(rows.filter((candidate) => candidate.day === '2026-01-15')).toHaveLength(1);
  });
});
