import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationMessages as messages } from '@/lib/applications/texts';
import { PRIVACY_NOTICE_VERSION } from '@/lib/privacy/notice';
import { MAX_UPLOAD_BYTES, uploadMessages } from '@/lib/uploads';
import { uploadRefusals } from '../uploads/messages';
import { applyFormPost } from './form-post';
import { applicationDeps, submitApplication, type ApplicationDeps } from './submit';
import { listOpenPositions } from '../positions/board';
import { applications, positions, uploads } from '../db/schema';
import { READ_RESUME } from '../resumes/resume-texts';
import { seedDemoData } from '../positions/seed';
import { clientIp } from '../rate-limit';
import type { Runtime } from '../runtime';
import { startTestBackend, type TestBackend } from '../testing/backend';
import type { TestDatabase } from '../testing/database';
import { serveForTest, type TestServer } from '../testing/http';
import { handleUploadRequest, uploadDeps } from '../uploads/receive';
import type { MailMessage } from '../mail/transport';

/*
 * The careers backend through a real HTTP server and a real embedded PostgreSQL: uploads (type by
 * content, 10 MB limit, early refusal, rate limit) and the application command (validation,
 * repeated applications answered as new, inactive positions, rate limit, honeypot, e-mails queued with the row).
 */

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/${name}`, import.meta.url));
const HIRING_EMAIL = 'hiring@helixpoint.test';

let backend: TestBackend;
let database: TestDatabase;
let runtime: Runtime;
let server: TestServer;
let deps: ApplicationDeps;
let positionId: string;
let inactivePositionId: string;
let ipCounter = 0;

/** Each test applies from its own address, so rate limits of one test never touch another. */
const nextIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  backend = await startTestBackend({ siteUrl: 'https://careers.helixpoint.test', mail: { hiringEmail: HIRING_EMAIL } });
  ({ database, runtime } = backend);
  await seedDemoData(database.db);
  deps = applicationDeps(runtime);
  const [open] = await listOpenPositions(database.db);
  positionId = open!.id;
  const [inactive] = await database.db
    .insert(positions)
    .values({ title: 'Closed Role', description: 'No longer hiring.', location: 'Austin, TX', isActive: false })
    .returning();
  inactivePositionId = inactive!.id;

  server = await serveForTest(async (request, socketAddress) => {
    const clientKey = clientIp(request.headers, socketAddress, true);
    const path = new URL(request.url).pathname;
    if (path === '/api/uploads') return handleUploadRequest(uploadDeps(runtime), request, clientKey);
    if (path === '/apply') return Response.json(await submitApplication(deps, await request.json(), clientKey));
    if (path.startsWith('/apply-post/')) return Response.json(await applyFormPost(runtime, request, path.split('/')[2]!, clientKey));
    return new Response('not found', { status: 404 });
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await backend?.stop();
}, 60_000);

async function upload(
  body: Uint8Array | ReadableStream<Uint8Array>,
  { name = 'resume.pdf', ip = nextIp(), headers = {} as Record<string, string> } = {},
) {
  const response = await fetch(`${server.url}/api/uploads?purpose=resume`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', 'X-File-Name': encodeURIComponent(name), 'X-Forwarded-For': ip, ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

async function storedKeys(): Promise<string[]> {
  return runtime.storage.listOlderThan('resumes/', new Date(Date.now() + 60_000));
}

async function uploadCount(): Promise<number> {
  const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(uploads);
  return row!.count;
}

/** A PDF of exactly `size` bytes. */
function pdfOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'), 0);
  return bytes;
}

async function uploadedResume(ip = nextIp()): Promise<string> {
  const result = await upload(fixture('resume.pdf'), { ip });
  expect(result.status).toBe(201);
  return result.body.id as string;
}

const validForm = () => ({
  first_name: 'Jane',
  last_name: "O'Neil-Smith",
  email: 'Jane.Doe@mail.test',
  country_code: '+44',
  phone: '07400 123456',
  address: '100 Congress Ave, Austin, TX 78701',
  gender: 'female',
  linkedin_profile: 'https://www.linkedin.com/in/janedoe',
  github_profile: '',
  vercel_profile: '',
  cover_letter: 'I have built AWS platforms for eight years.',
  privacy_acknowledged: true,
  company_website: '',
});

async function apply(body: Record<string, unknown>, ip = nextIp()) {
  const response = await fetch(`${server.url}/apply`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

async function queuedEmails(): Promise<MailMessage[]> {
  const result = await database.pool.query(`select data from pgboss.job where name = 'send-email' order by created_on`);
  return result.rows.map((row: { data: MailMessage }) => row.data);
}

describe('resume upload', () => {
  it.each([
    ['resume.pdf', 'application/pdf', 'resume.pdf'],
    ['resume.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'resume.docx'],
    ['resume.doc', 'application/msword', 'resume.doc'],
  ])('stores %s privately and answers with an opaque id', async (file, contentType, fileName) => {
    const result = await upload(fixture(file), { name: `C:\\Users\\jane\\${file}` });
    expect(result.status).toBe(201);
    expect(result.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), fileName, size: fixture(file).length });
    expect(JSON.stringify(result.body)).not.toMatch(/https?:|\/resumes\//);
    const [row] = await database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, result.body.id as string));
    expect(row).toMatchObject({ purpose: 'resume', contentType, fileName, attachedAt: null });
    expect(await runtime.storage.exists(row!.storageKey)).toBe(true);
  });

  it.each([
    ['program.pdf', 'an ELF executable renamed .pdf'],
    ['setup.docx', 'a Windows executable renamed .docx'],
    ['installer.doc', 'a compound file that is not a Word document'],
    ['notes.pdf', 'plain text renamed .pdf'],
  ])('refuses %s (%s) and keeps nothing', async (file) => {
    const keysBefore = await storedKeys();
    const countBefore = await uploadCount();
    const result = await upload(fixture(file), { name: file });
    expect(result.status).toBe(415);
    expect(result.body).toEqual({ error: uploadMessages.wrongType });
    expect(await storedKeys()).toEqual(keysBefore);
    expect(await uploadCount()).toBe(countBefore);
  });

  it('takes exactly 10 MB and refuses 10 MB + 1 byte', async () => {
    expect((await upload(pdfOfSize(MAX_UPLOAD_BYTES))).status).toBe(201);
    const keysBefore = await storedKeys();
    const tooLarge = await upload(pdfOfSize(MAX_UPLOAD_BYTES + 1));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ error: uploadMessages.tooLarge });
    expect(await storedKeys()).toEqual(keysBefore);
  });

  it('cuts off a body without Content-Length once it passes 10 MB, storing nothing', async () => {
    const keysBefore = await storedKeys();
    const data = pdfOfSize(MAX_UPLOAD_BYTES + 1);
    const chunk = 256 * 1024;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < data.length; offset += chunk) controller.enqueue(data.subarray(offset, offset + chunk));
        controller.close();
      },
    });
    const result = await upload(stream);
    expect(result.status).toBe(413);
    expect(await storedKeys()).toEqual(keysBefore);
  });

  it('answers 413 from the Content-Length alone, before the body is sent', async () => {
    const url = new URL(`${server.url}/api/uploads?purpose=resume`);
    const declared = 50 * 1024 * 1024;
    const { status, bytesWritten } = await new Promise<{ status: number; bytesWritten: number }>((resolve, reject) => {
      const req = httpRequest(url, {
        method: 'POST',
        headers: { 'Content-Length': declared, 'Content-Type': 'application/pdf', 'X-File-Name': 'big.pdf', 'X-Forwarded-For': nextIp() },
      });
      let written = 0;
      req.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, bytesWritten: written });
        req.destroy();
      });
      req.on('error', (error) => reject(error));
      // Only the start of the file is written; the answer must not wait for the rest.
      const start = pdfOfSize(64 * 1024);
      written += start.length;
      req.write(start);
    });
    expect(status).toBe(413);
    expect(bytesWritten).toBeLessThan(declared);
  });

  it('refuses an empty file and a request without the upload header', async () => {
    expect((await upload(new Uint8Array(0))).body).toEqual({ error: uploadMessages.empty });
    const response = await fetch(`${server.url}/api/uploads?purpose=resume`, { method: 'POST', body: fixture('resume.pdf') });
    expect(response.status).toBe(403);
    const crossSite = await upload(fixture('resume.pdf'), { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
  });

  it('limits uploads to 10 per client per 10 minutes', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) expect((await upload(fixture('resume.pdf'), { ip })).status).toBe(201);
    const limited = await upload(fixture('resume.pdf'), { ip });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: uploadRefusals.rateLimited });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await upload(fixture('resume.pdf'), { ip: nextIp() })).status).toBe(201);
  });
});

describe('submitting an application', () => {
  it('stores a valid application as pending, normalised, with its resume, and queues both e-mails', async () => {
    const ip = nextIp();
    const resume = await uploadedResume(ip);
    const emailsBefore = (await queuedEmails()).length;
    const result = await apply({ ...validForm(), position_id: positionId, resume_upload_id: resume }, ip);
    expect(result).toEqual({ kind: 'submitted', applicationId: expect.any(String) });

    const [row] = await database.db
      .select()
      .from(applications)
      .where(eq(applications.id, result.applicationId as string));
    expect(row).toMatchObject({
      positionId,
      fullName: "Jane O'Neil-Smith",
      email: 'jane.doe@mail.test',
      phone: '+447400123456',
      address: '100 Congress Ave, Austin, TX 78701',
      gender: 'female',
      linkedinProfile: 'https://www.linkedin.com/in/janedoe',
      githubProfile: null,
      vercelProfile: null,
      status: 'pending',
      resumeUploadId: resume,
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      privacyAcknowledgedAt: expect.any(Date),
      talentPoolConsentAt: null,
      talentPoolUntil: null,
    });
    const [upload] = await database.db.select().from(uploads).where(eq(uploads.id, resume));
    expect(upload!.attachedAt).toBeInstanceOf(Date);

    const emails = (await queuedEmails()).slice(emailsBefore);
    expect(emails.map((email) => email.to).sort()).toEqual([HIRING_EMAIL, 'jane.doe@mail.test']);
    const hiring = emails.find((email) => email.to === HIRING_EMAIL)!;
    expect(hiring.text).toContain(`https://careers.helixpoint.test/admin/applications/${positionId}#application-${row!.id}`);
    expect(hiring.replyTo).toBe('jane.doe@mail.test');
    // A notice no person wrote: no auto-responder answers it (issue 50).
    expect(hiring.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
    expect(emails.find((email) => email.to !== HIRING_EMAIL)!.subject).toMatch(/^We received your application for /);
    // Its resume is read into text off the applicant's path: a job queued with the row (issue 33).
    const reading = await database.pool.query(`select data from pgboss.job where name = $1 and data->>'applicationId' = $2`, [
      READ_RESUME,
      row!.id,
    ]);
    expect(reading.rowCount).toBe(1);
    // The position's hiring team is told in the workspace: the event is recorded with the row (issue 51).
    const events = await database.pool.query(`select kind, data from domain_events where application_id = $1`, [row!.id]);
    expect(events.rows).toEqual([
      { kind: 'application.received', data: { candidateName: row!.fullName, positionTitle: expect.any(String) } },
    ]);
  });

  it('takes an applicant from anywhere: a Brazilian number for Brazil, or written with +55 whatever the country, profiles as written', async () => {
    for (const [email, country_code, phone] of [
      ['ana.br@mail.test', 'BR', '(11) 96123-4567'],
      ['bia.br@mail.test', 'US', '+55 11 96123-4567'],
    ]) {
      const ip = nextIp();
      const result = await apply(
        {
          ...validForm(),
          email,
          country_code,
          phone,
          linkedin_profile: 'br.linkedin.com/in/ana-souza/',
          github_profile: 'www.github.com/ana',
          position_id: positionId,
          resume_upload_id: await uploadedResume(ip),
        },
        ip,
      );
      expect(result.kind, email).toBe('submitted');
      const [row] = await database.db.select().from(applications).where(eq(applications.email, email!));
      expect(row).toMatchObject({
        phone: '+5511961234567',
        linkedinProfile: 'https://www.linkedin.com/in/ana-souza',
        githubProfile: 'https://github.com/ana',
      });
    }
  });

  it.each([
    { field: 'first_name', value: 'J', message: messages.nameLength, problem: 'one letter' },
    { field: 'first_name', value: 'J4ne', message: messages.nameCharacters, problem: 'a digit' },
    { field: 'last_name', value: 'D', message: messages.nameLength, problem: 'one letter' },
    { field: 'email', value: 'jane@mail', message: messages.email, problem: 'no top-level domain' },
    // A display name would send the mail to another address than the one stored.
    { field: 'email', value: '<victim@target.example>a.co', message: messages.email, problem: 'a display-name form' },
    { field: 'phone', value: '12345', message: messages.phone, problem: 'five digits' },
    { field: 'phone', value: '(512) 555-0147', message: messages.phone, problem: 'a US number with the UK code' },
    { field: 'address', value: 'Austin', message: messages.address, problem: 'under 10 characters' },
    { field: 'gender', value: '', message: messages.gender, problem: 'missing' },
    {
      field: 'linkedin_profile',
      value: 'https://linkedin.com.evil.test/in/jane',
      message: messages.linkedin,
      problem: 'not a linkedin host',
    },
    { field: 'github_profile', value: 'javascript:alert(1)', message: messages.url, problem: 'not https' },
    { field: 'cover_letter', value: '   ', message: messages.coverLetter, problem: 'blank' },
    { field: 'cover_letter', value: 'x'.repeat(10_001), message: messages.tooLong(10_000), problem: '10,001 characters' },
    { field: 'resume_upload_id', value: '', message: messages.resume, problem: 'missing' },
    {
      field: 'privacy_acknowledged',
      value: false,
      message: 'Please confirm that you have read the privacy notice',
      problem: 'the notice not acknowledged',
    },
  ])('refuses $field ($problem) with its message and stores nothing', async ({ field, value, message }) => {
    const countBefore = (await database.db.select().from(applications)).length;
    const result = await apply({ ...validForm(), position_id: positionId, resume_upload_id: await uploadedResume(), [field]: value });
    expect(result).toEqual({ kind: 'invalid', fieldErrors: { [field]: message } });
    expect((await database.db.select().from(applications)).length).toBe(countBefore);
  });

  it('keeps a talent-pool consent with when it was given and until when it holds', async () => {
    const result = await apply({
      ...validForm(),
      email: 'pool@mail.test',
      talent_pool: true,
      position_id: positionId,
      resume_upload_id: await uploadedResume(),
    });
    const [row] = await database.db
      .select()
      .from(applications)
      .where(eq(applications.id, result.applicationId as string));
    const months = (row!.talentPoolUntil!.getTime() - row!.talentPoolConsentAt!.getTime()) / (30.44 * 24 * 3600_000);
    expect(Math.round(months)).toBe(12);
  });

  it('accepts addresses on long top-level domains, stored lowercased', async () => {
    const result = await apply({
      ...validForm(),
      email: 'Jordan@Helix.Engineering',
      position_id: positionId,
      resume_upload_id: await uploadedResume(),
    });
    expect(result.kind).toBe('submitted');
    const [row] = await database.db
      .select()
      .from(applications)
      .where(eq(applications.id, result.applicationId as string));
    expect(row!.email).toBe('jordan@helix.engineering');
  });

  it('keeps one application per e-mail per position; applying again is answered as new, and the address is e-mailed', async () => {
    const form = { ...validForm(), email: 'repeat@mail.test', position_id: positionId };
    const first = await apply({ ...form, resume_upload_id: await uploadedResume() });
    expect(first.kind).toBe('submitted');
    const fresh = await apply({ ...form, email: 'new.applicant@mail.test', resume_upload_id: await uploadedResume() });
    const again = await apply({ ...form, email: 'REPEAT@mail.test', resume_upload_id: await uploadedResume() });
    // The answer a new application gets (the spec's "already applied" would tell anyone who applied).
    expect(again).toEqual({ kind: 'submitted', applicationId: expect.any(String) });
    expect(Object.keys(again).sort()).toEqual(Object.keys(fresh).sort());
    expect(again.applicationId).not.toBe(first.applicationId);
    const rows = await database.db.select().from(applications).where(eq(applications.email, 'repeat@mail.test'));
    expect(rows).toHaveLength(1);
    // The real answer goes to the mailbox: a new link to the earlier application.
    const { rows: mails } = await database.pool.query<{ data: { subject: string; text: string } }>(
      `select data from pgboss.job where name = 'send-email' and data->>'to' = 'repeat@mail.test' order by created_on`,
    );
    expect(mails.map((mail) => mail.data.subject)).toEqual([
      expect.stringMatching(/^We received your application for /),
      expect.stringMatching(/^You have already applied for /),
    ]);
    expect(mails[1]!.data.text).toMatch(/https:\/\/careers\.helixpoint\.test\/applications\/[A-Za-z0-9_-]{43}/);
    // The hiring team is told about the first application only.
    const { rows: hiring } = await database.pool.query(
      `select 1 from pgboss.job where name = 'send-email' and data->>'to' = $1 and data->>'text' like '%repeat@mail.test%'`,
      [HIRING_EMAIL],
    );
    expect(hiring).toHaveLength(1);
  });

  it('refuses a resume that does not exist or already belongs to another application', async () => {
    const missing = await apply({
      ...validForm(),
      email: 'ghost@mail.test',
      position_id: positionId,
      resume_upload_id: crypto.randomUUID(),
    });
    expect(missing).toEqual({ kind: 'invalid', fieldErrors: { resume_upload_id: messages.resumeMissing } });
    const resume = await uploadedResume();
    expect((await apply({ ...validForm(), email: 'first@mail.test', position_id: positionId, resume_upload_id: resume })).kind).toBe(
      'submitted',
    );
    const reused = await apply({ ...validForm(), email: 'second@mail.test', position_id: positionId, resume_upload_id: resume });
    expect(reused).toEqual({ kind: 'invalid', fieldErrors: { resume_upload_id: messages.resumeMissing } });
  });

  it('refuses an inactive or unknown position', async () => {
    const form = { ...validForm(), email: 'closed@mail.test', resume_upload_id: await uploadedResume() };
    expect(await apply({ ...form, position_id: inactivePositionId })).toEqual({ kind: 'position-not-found' });
    expect(await apply({ ...form, position_id: crypto.randomUUID() })).toEqual({ kind: 'position-not-found' });
  });

  it('limits submissions to 5 per client per hour', async () => {
    const ip = nextIp();
    const positionIds = (await listOpenPositions(database.db)).map((position) => position.id);
    for (let i = 0; i < 5; i += 1) {
      const result = await apply(
        { ...validForm(), email: `limit${i}@mail.test`, position_id: positionIds[i], resume_upload_id: await uploadedResume() },
        ip,
      );
      expect(result.kind).toBe('submitted');
    }
    const limited = await apply(
      { ...validForm(), email: 'limit5@mail.test', position_id: positionId, resume_upload_id: await uploadedResume() },
      ip,
    );
    expect(limited).toEqual({ kind: 'rate-limited', retryAfterSeconds: expect.any(Number) });
  });

  it('answers a filled honeypot like a success and stores and sends nothing', async () => {
    const emailsBefore = (await queuedEmails()).length;
    const result = await apply({
      ...validForm(),
      email: 'bot@mail.test',
      company_website: 'https://spam.test',
      position_id: positionId,
      resume_upload_id: await uploadedResume(),
    });
    expect(result.kind).toBe('submitted');
    expect(await database.db.select().from(applications).where(eq(applications.email, 'bot@mail.test'))).toEqual([]);
    expect((await queuedEmails()).length).toBe(emailsBefore);
  });

  it('stores nothing when the e-mails cannot be queued (one transaction)', async () => {
    const resume = await uploadedResume();
    const failing: ApplicationDeps = { ...deps, jobs: { ...deps.jobs, enqueueEmail: () => Promise.reject(new Error('queue down')) } };
    await expect(
      submitApplication(
        failing,
        { ...validForm(), email: 'atomic@mail.test', position_id: positionId, resume_upload_id: resume },
        nextIp(),
      ),
    ).rejects.toThrow('queue down');
    expect(await database.db.select().from(applications).where(eq(applications.email, 'atomic@mail.test'))).toEqual([]);
    const [upload] = await database.db.select().from(uploads).where(eq(uploads.id, resume));
    expect(upload!.attachedAt).toBeNull();
  });
});

describe('an application posted without JavaScript', () => {
  async function post(fields: Record<string, string | boolean>, file?: { name: string; content: Buffer }, position = positionId) {
    const form = new FormData();
    // A browser posts a checked box as "on" and leaves an unchecked one out.
    for (const [name, value] of Object.entries(fields)) {
      if (value === true) form.set(name, 'on');
      else if (value !== false) form.set(name, value);
    }
    if (file) form.set('resume', new Blob([new Uint8Array(file.content)]), file.name);
    const response = await fetch(`${server.url}/apply-post/${position}`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': nextIp() },
      body: form,
    });
    return response.json();
  }
  const { company_website: _bot, ...fields } = validForm();

  it('is stored with the resume from the post, as the island would store it', async () => {
    expect(await post({ ...fields, email: 'plain.post@mail.test' }, { name: 'cv.pdf', content: fixture('resume.pdf') })).toEqual({
      kind: 'submitted',
      // For the confirmation on the page.
      email: 'plain.post@mail.test',
    });
    const [row] = await database.db.select().from(applications).where(eq(applications.email, 'plain.post@mail.test'));
    expect(row).toMatchObject({ phone: '+447400123456', resumeUploadId: expect.any(String) });
  });

  it('comes back refused with everything typed, and asks for the resume again', async () => {
    const result = await post({ ...fields, gender: '' }, { name: 'cv.pdf', content: fixture('resume.pdf') });
    expect(result).toEqual({
      kind: 'refused',
      values: {
        ...fields,
        gender: '',
        resume_upload_id: '',
        privacy_acknowledged: true,
        talent_pool: false,
        heard_about: '',
        source: '',
        source_medium: '',
        source_campaign: '',
        answers: {},
      },
      fieldErrors: { gender: messages.gender, resume_upload_id: messages.chooseResumeAgain },
    });
  });

  it('refuses a resume by its content and a closed position; a repeated application is answered as new', async () => {
    expect(await post(fields, { name: 'cv.pdf', content: fixture('program.pdf') })).toMatchObject({
      kind: 'refused',
      fieldErrors: { resume_upload_id: uploadMessages.wrongType },
    });
    const twice = { ...fields, email: 'twice.post@mail.test' };
    expect((await post(twice, { name: 'cv.pdf', content: fixture('resume.pdf') })).kind).toBe('submitted');
    expect(await post(twice, { name: 'cv.pdf', content: fixture('resume.pdf') })).toEqual({
      kind: 'submitted',
      email: 'twice.post@mail.test',
    });
    expect(await post(fields, { name: 'cv.pdf', content: fixture('resume.pdf') }, inactivePositionId)).toEqual({
      kind: 'position-not-found',
    });
  });
});
