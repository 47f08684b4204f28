import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateEmailDeps, emailCandidate } from '../applications/emails';
import { inboundAttachments } from '../db/schema';
import { deleteMessage } from '../messages/inbox';
import { contactDeps, submitContactMessage } from '../messages/submit';
import { erasePerson, exportPerson, type PrivacyDeps } from '../privacy/requests';
import { runRetention } from '../privacy/retention';
import { clearQueuedMails, queuedMailsTo, startTestBackend, TEST_SECRET, type TestBackend } from '../testing/backend';
import { addApplication, addPosition, addUser } from '../testing/fixtures';
import { receiveRaw, startTestReceiving, type TestReceiving } from '../testing/replies';
import { answerMessage, inboundFileForDownload, inboundOf } from './thread';

/*
 * Replies are the person's data (issue 35): the export carries them and their files, erasure,
 * retention and deleting a message remove them with their files, and every download is audited.
 */

const REPLY = 'replies@mail.helixpoint.test';
const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/${name}`, import.meta.url));
let backend: TestBackend;
let privacy: PrivacyDeps;
let admin: Awaited<ReturnType<typeof addUser>>;
let receiving: TestReceiving;

beforeAll(async () => {
  backend = await startTestBackend({ replyAddress: REPLY });
  receiving = await startTestReceiving(backend, REPLY);
  admin = await addUser(backend.database.db, 'priya', 'admin');
  privacy = {
    db: backend.database.db,
    storage: backend.storage,
    jobs: backend.jobs,
    secret: TEST_SECRET,
    organizer: { name: 'Helixpoint', email: 'hello@helixpoint.test' },
  };
}, 120_000);

afterAll(async () => {
  await receiving?.close();
  await backend?.stop();
}, 60_000);

/** A reply with a PDF, as the receiver gets it. */
async function replyWithFile(to: string, from: string, text: string) {
  const raw = await new Promise<Buffer>((resolve, reject) =>
    nodemailer
      .createTransport({ streamTransport: true, buffer: true })
      .sendMail(
        { from, to, subject: 'Re: Hello', text, attachments: [{ filename: 'references.pdf', content: fixture('resume.pdf') }] },
        (error, info) => (error ? reject(error) : resolve(info.message as Buffer)),
      ),
  );
  const received = await receiveRaw(receiving.deps, raw, [to]);
  expect(received.outcome).toBe('reply');
}

async function repliedApplication(positionId: string, email: string) {
  const applicationId = await addApplication(backend.database.db, positionId, { email, fullName: 'Olga Owner' });
  await emailCandidate(candidateEmailDeps(backend.runtime), admin, applicationId, { templateKey: null, subject: 'Hello', body: 'Hi Olga' });
  const [sent] = await queuedMailsTo(backend, email);
  await clearQueuedMails(backend);
  await replyWithFile(sent!.replyTo!, `Olga Owner <${email}>`, 'Here are my references.');
  const [reply] = await inboundOf(backend.database.db, { applicationId });
  return { applicationId, reply: reply! };
}

const stored = async (key: string) => backend.storage.exists(key);
const keysOf = async () =>
  (await backend.database.db.select({ key: inboundAttachments.storageKey }).from(inboundAttachments)).map((row) => row.key);

describe('a reply with many files', () => {
  it('keeps 20 of them and names the rest as not kept', async () => {
    const positionId = await addPosition(backend.database.db);
    const email = 'many@mail.test';
    const applicationId = await addApplication(backend.database.db, positionId, { email });
    await emailCandidate(candidateEmailDeps(backend.runtime), admin, applicationId, { templateKey: null, subject: 'Hello', body: 'Hi' });
    const [sent] = await queuedMailsTo(backend, email);
    await clearQueuedMails(backend);
    const raw = await new Promise<Buffer>((resolve, reject) =>
      nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(
        {
          from: email,
          to: sent!.replyTo!,
          subject: 'Re: Hello',
          text: 'Files.',
          attachments: Array.from({ length: 25 }, (_, index) => ({ filename: `note-${index + 1}.txt`, content: `Note ${index + 1}` })),
        },
        (error, info) => (error ? reject(error) : resolve(info.message as Buffer)),
      ),
    );
    await receiveRaw(receiving.deps, raw, [sent!.replyTo!]);
    const [reply] = await inboundOf(backend.database.db, { applicationId });
    expect(reply!.attachments).toHaveLength(20);
    expect(reply!.skippedAttachments).toEqual(
      Array.from({ length: 5 }, (_, index) => ({ fileName: `note-${index + 21}.txt`, reason: 'more than 20 attachments' })),
    );
  });
});

describe('replies as personal data', () => {
  it('are in the export with their files, and an attachment download is audited', async () => {
    const positionId = await addPosition(backend.database.db);
    const { applicationId, reply } = await repliedApplication(positionId, 'olga@mail.test');
    const zip = unzipSync(new Uint8Array(await new Response(await exportPerson(privacy, admin, 'olga@mail.test')).arrayBuffer()));
    const data = JSON.parse(strFromU8(zip['data.json']!));
    const [received] = data.applications[0].repliesReceived;
    expect(received).toMatchObject({ kind: 'reply', text: 'Here are my references.', attachments: [{ fileName: 'references.pdf' }] });
    expect(Buffer.from(zip[received.attachments[0].file]!).equals(fixture('resume.pdf'))).toBe(true);

    const file = await inboundFileForDownload(backend.database.db, admin, { applicationId }, reply.attachments[0]!.id);
    expect(file).toMatchObject({ fileName: 'references.pdf', contentType: 'application/pdf' });
    // Another thread's file is not this one's.
    expect(
      await inboundFileForDownload(backend.database.db, admin, { applicationId: crypto.randomUUID() }, reply.attachments[0]!.id),
    ).toBeNull();
    const { rows } = await backend.database.pool.query(
      `select action, details from audit_log where target_id = $1 and action = 'application.reply_file_downloaded'`,
      [applicationId],
    );
    expect(rows).toEqual([{ action: 'application.reply_file_downloaded', details: { file: reply.attachments[0]!.id } }]);
  });

  it('go with an erasure, files included', async () => {
    const positionId = await addPosition(backend.database.db);
    const { reply } = await repliedApplication(positionId, 'erin@mail.test');
    const [key] = await backend.database.db
      .select({ key: inboundAttachments.storageKey })
      .from(inboundAttachments)
      .where(sqlId(reply.attachments[0]!.id));
    expect(await stored(key!.key)).toBe(true);
    const result = await erasePerson(privacy, admin, 'erin@mail.test');
    expect(result).toMatchObject({ applications: 1, files: 1 });
    expect(await stored(key!.key)).toBe(false);
    expect(await keysOf()).not.toContain(key!.key);
  });

  it('go with retention and with a deleted message, files included', async () => {
    const positionId = await addPosition(backend.database.db, { isActive: false, deactivatedAt: new Date('2020-01-01') });
    const { reply } = await repliedApplication(positionId, 'rhea@mail.test');
    const [key] = await backend.database.db
      .select({ key: inboundAttachments.storageKey })
      .from(inboundAttachments)
      .where(sqlId(reply.attachments[0]!.id));
    const run = await runRetention(backend.database.db, backend.storage, {
      applicationDays: 30,
      messageDays: 365,
      auditDays: 730,
      talentPoolMonths: 12,
    });
    expect(run.files).toBeGreaterThanOrEqual(1);
    expect(await stored(key!.key)).toBe(false);

    const sent = await submitContactMessage(
      contactDeps(backend.runtime),
      {
        first_name: 'Mo',
        last_name: 'Message',
        email: 'mo@mail.test',
        phone: '',
        reason: 'Consultation',
        message: 'Hello there',
        attachment_upload_id: '',
        company_website: '',
      },
      '198.51.100.9',
    );
    if (sent.kind !== 'sent') throw new Error(sent.kind);
    await answerMessage({ pool: backend.database.pool, jobs: backend.jobs, replyAddress: REPLY }, admin, sent.messageId, {
      subject: 'Re: Hello',
      body: 'How can we help?',
    });
    const [answer] = (await queuedMailsTo(backend, 'mo@mail.test')).slice(-1);
    expect(answer!.subject).toBe('Re: Hello');
    await replyWithFile(answer!.replyTo!, 'mo@mail.test', 'With the file.');
    const [mail] = await inboundOf(backend.database.db, { contactMessageId: sent.messageId });
    const [messageKey] = await backend.database.db
      .select({ key: inboundAttachments.storageKey })
      .from(inboundAttachments)
      .where(sqlId(mail!.attachments[0]!.id));
    await deleteMessage(backend.database.db, backend.storage, admin, sent.messageId);
    expect(await stored(messageKey!.key)).toBe(false);
  });
});

const sqlId = (id: string) => eq(inboundAttachments.id, id);
