import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '@/lib/messages/texts';
import { uploadMessages } from '@/lib/uploads';
import { contactMessages as contactTable, uploads } from '../db/schema';
import { sendContactFormPost } from './form-post';
import { contactDeps, submitContactMessage, type ContactDeps } from './submit';
import { clientIp } from '../rate-limit';
import { startTestBackend, type TestBackend } from '../testing/backend';
import { serveForTest, type TestServer } from '../testing/http';
import { handleUploadRequest, uploadDeps } from '../uploads/receive';

/* The contact form's command through a real HTTP server and PostgreSQL: stored, e-mailed, guarded. */

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/${name}`, import.meta.url));
const CONTACT_EMAIL = 'inbox@helixpoint.test';
let backend: TestBackend;
let server: TestServer;
let deps: ContactDeps;
let ip = 0;
const nextIp = () => `192.0.2.${++ip}`;

beforeAll(async () => {
  backend = await startTestBackend({ mail: { contactEmail: CONTACT_EMAIL } });
  deps = contactDeps(backend.runtime);
  server = await serveForTest(async (request, socket) => {
    const key = clientIp(request.headers, socket, true);
    const path = new URL(request.url).pathname;
    if (path === '/api/uploads') return handleUploadRequest(uploadDeps(backend.runtime), request, key);
    if (path === '/contact/send') return Response.json(await sendContactFormPost(backend.runtime, request, key));
    return Response.json(await submitContactMessage(deps, await request.json(), key));
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await backend?.stop();
}, 60_000);

async function attach(file: string, name = file) {
  const response = await fetch(`${server.url}/api/uploads?purpose=contact-attachment`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', 'X-File-Name': name, 'X-Forwarded-For': nextIp() },
    body: fixture(file),
  });
  return { status: response.status, body: (await response.json()) as { id?: string; fileName?: string; error?: string } };
}

const validMessage = () => ({
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'Jane@Mail.test',
  phone: '',
  reason: 'Consultation',
  message: 'We need help moving two services to AWS.',
  attachment_upload_id: '',
  company_website: '',
});

async function send(body: Record<string, unknown>, client = nextIp()) {
  const response = await fetch(`${server.url}/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

async function queuedTo(to: string) {
  const result = await backend.database.pool.query(
    `select data from pgboss.job where name = 'send-email' and data->>'to' = $1 order by created_on`,
    [to],
  );
  return result.rows.map((row: { data: { subject: string; text: string; replyTo?: string } }) => row.data);
}

describe('a contact message', () => {
  it('is stored with the reason lowercased, the phone in E.164 and its attachment, and CONTACT_EMAIL is e-mailed with reply-to the sender', async () => {
    const attached = await attach('brief.txt');
    expect(attached).toMatchObject({ status: 201, body: { fileName: 'brief.txt' } });
    const result = await send({ ...validMessage(), phone: '(512) 555-0147', attachment_upload_id: attached.body.id });
    expect(result).toEqual({ kind: 'sent', messageId: expect.any(String), attachmentName: 'brief.txt' });
    const [row] = await backend.database.db
      .select()
      .from(contactTable)
      .where(eq(contactTable.id, result['messageId'] as string));
    expect(row).toMatchObject({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@mail.test',
      phone: '+15125550147',
      reason: 'consultation',
      attachmentUploadId: attached.body.id,
      readAt: null,
    });
    const [upload] = await backend.database.db.select().from(uploads).where(eq(uploads.id, attached.body.id!));
    expect(upload).toMatchObject({ purpose: 'contact-attachment', contentType: 'text/plain; charset=utf-8' });
    expect(upload!.attachedAt).toBeInstanceOf(Date);
    const [mail] = await queuedTo(CONTACT_EMAIL);
    expect(mail).toMatchObject({
      subject: 'Contact form: Consultation from Jane Doe',
      replyTo: 'jane@mail.test',
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
    expect(mail!.text).toContain('brief.txt');
    expect(mail!.text).toContain(`https://www.helixpoint.test/admin/messages/${row!.id}`);
    expect(mail!.text).toContain('+1 512 555 0147');
  });

  it('takes a phone number of any country, written nationally or with its calling code', async () => {
    for (const [country_code, phone, email] of [
      ['BR', '(11) 96123-4567', 'br.national@mail.test'],
      ['US', '+55 11 96123-4567', 'br.international@mail.test'],
    ]) {
      expect((await send({ ...validMessage(), email, country_code, phone })).kind).toBe('sent');
      const [row] = await backend.database.db.select().from(contactTable).where(eq(contactTable.email, email!));
      expect(row?.phone).toBe('+5511961234567');
    }
  });

  it('sends the sender an acknowledgement that repeats nothing of the message, and nothing when the honeypot is filled', async () => {
    const message = 'Claim your prize at https://evil.example/win <a href="https://evil.example">now</a>';
    const result = await send({
      ...validMessage(),
      first_name: 'Visit',
      last_name: 'https://evil.example',
      email: 'victim@mail.test',
      message,
    });
    expect(result.kind).toBe('sent');
    const [ack, ...more] = await queuedTo('victim@mail.test');
    expect(more).toEqual([]);
    expect(ack).toMatchObject({ subject: 'We received your message to Helixpoint' });
    expect(ack!.replyTo).toBeUndefined();
    const all = JSON.stringify(ack);
    for (const written of ['evil.example', 'prize', 'Visit']) expect(all).not.toContain(written);
    await send({ ...validMessage(), email: 'bot.victim@mail.test', company_website: 'spam' });
    expect(await queuedTo('bot.victim@mail.test')).toEqual([]);
  });

  it('acknowledges no more than the form admits: the sixth message of a client in an hour sends nothing', async () => {
    const client = nextIp();
    for (let i = 0; i < 5; i += 1) expect((await send({ ...validMessage(), email: 'flooded@mail.test' }, client)).kind).toBe('sent');
    expect((await send({ ...validMessage(), email: 'flooded@mail.test' }, client)).kind).toBe('rate-limited');
    expect(await queuedTo('flooded@mail.test')).toHaveLength(5);
  });

  it('may come without phone or attachment', async () => {
    expect((await send({ ...validMessage(), reason: 'general question' })).kind).toBe('sent');
  });

  it.each([
    { field: 'first_name', value: ' ', message: contactMessages.firstName },
    { field: 'last_name', value: '', message: contactMessages.lastName },
    { field: 'email', value: 'jane@', message: contactMessages.email },
    { field: 'phone', value: '123', message: contactMessages.phone },
    { field: 'reason', value: 'sales pitch', message: contactMessages.reason },
    { field: 'message', value: '   ', message: contactMessages.message },
    { field: 'message', value: 'x'.repeat(5001), message: contactMessages.tooLong(5000) },
    { field: 'attachment_upload_id', value: 'not-an-id', message: expect.any(String) },
  ])('refuses $field = "$value" with its message', async ({ field, value, message }) => {
    const before = (await backend.database.db.select().from(contactTable)).length;
    expect(await send({ ...validMessage(), [field]: value })).toEqual({ kind: 'invalid', fieldErrors: { [field]: message } });
    expect((await backend.database.db.select().from(contactTable)).length).toBe(before);
  });

  it('refuses an attachment that is not a PDF, DOC, DOCX or text, or that belongs elsewhere', async () => {
    for (const file of ['image.txt', 'program.pdf', 'installer.doc']) {
      expect(await attach(file)).toEqual({ status: 415, body: { error: uploadMessages.wrongAttachmentType } });
    }
    expect((await attach('resume.docx')).status).toBe(201);
    // A resume upload cannot be passed off as an attachment.
    const resume = await fetch(`${server.url}/api/uploads?purpose=resume`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf', 'X-File-Name': 'cv.pdf', 'X-Forwarded-For': nextIp() },
      body: fixture('resume.pdf'),
    });
    const { id } = (await resume.json()) as { id: string };
    expect(await send({ ...validMessage(), attachment_upload_id: id })).toEqual({
      kind: 'invalid',
      fieldErrors: { attachment_upload_id: contactMessages.attachmentMissing },
    });
  });

  it('is limited to 5 per client per hour', async () => {
    const client = nextIp();
    for (let i = 0; i < 5; i += 1) expect((await send(validMessage(), client)).kind).toBe('sent');
    expect(await send(validMessage(), client)).toEqual({ kind: 'rate-limited', retryAfterSeconds: expect.any(Number) });
  });

  it('with the honeypot filled is answered as sent, and nothing is stored or e-mailed', async () => {
    const before = (await queuedTo(CONTACT_EMAIL)).length;
    const result = await send({ ...validMessage(), email: 'bot@mail.test', company_website: 'spam' });
    expect(result.kind).toBe('sent');
    expect(await backend.database.db.select().from(contactTable).where(eq(contactTable.email, 'bot@mail.test'))).toEqual([]);
    expect((await queuedTo(CONTACT_EMAIL)).length).toBe(before);
  });
});

describe('a contact message posted without JavaScript', () => {
  async function post(fields: Record<string, string>, file?: { name: string; content: Buffer }) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (file) form.set('contact-attachment', new Blob([new Uint8Array(file.content)]), file.name);
    const response = await fetch(`${server.url}/contact/send`, { method: 'POST', headers: { 'X-Forwarded-For': nextIp() }, body: form });
    return response.json();
  }
  const { attachment_upload_id: _none, company_website: _bot, ...fields } = validMessage();

  it('is stored with the attachment from the post, as the island would store it', async () => {
    const result = await post({ ...fields, email: 'plain.post@mail.test' }, { name: 'brief.txt', content: fixture('brief.txt') });
    expect(result).toEqual({ kind: 'sent', attachmentName: 'brief.txt', email: 'plain.post@mail.test' });
    const [row] = await backend.database.db.select().from(contactTable).where(eq(contactTable.email, 'plain.post@mail.test'));
    expect(row?.attachmentUploadId).toEqual(expect.any(String));
    expect((await queuedTo(CONTACT_EMAIL)).some((mail) => mail.replyTo === 'plain.post@mail.test')).toBe(true);
  });

  it('comes back refused with everything typed, and asks for the file again', async () => {
    const result = await post({ ...fields, email: 'not an address' }, { name: 'brief.txt', content: fixture('brief.txt') });
    expect(result).toEqual({
      kind: 'refused',
      values: { ...fields, country_code: '', email: 'not an address', attachment_upload_id: '' },
      fieldErrors: { email: contactMessages.email, attachment_upload_id: contactMessages.attachAgain },
    });
  });

  it('refuses an attachment by its content, whatever its name', async () => {
    const result = await post(fields, { name: 'photo.txt', content: fixture('image.txt') });
    expect(result).toMatchObject({ kind: 'refused', fieldErrors: { attachment_upload_id: uploadMessages.wrongAttachmentType } });
  });

  it('refuses a body that is not a form', async () => {
    const response = await fetch(`${server.url}/contact/send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(await response.json()).toMatchObject({ kind: 'refused', fieldErrors: { form: contactMessages.notAForm } });
  });
});
