import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { candidateEmailDeps, emailCandidate } from '../applications/emails';
import { applicationTimeline } from '../applications/timeline';
import { applications, contactMessages, hiringTeamMembers, inboundAttachments, inboundMails } from '../db/schema';
import { getMetrics } from '../metrics';
import { contactDeps, submitContactMessage } from '../messages/submit';
import { clearQueuedMails, queuedMailsTo, startTestBackend, TEST_SECRET, type TestBackend } from '../testing/backend';
import { addApplication, addPosition, addUser } from '../testing/fixtures';
import { erasePerson } from '../privacy/requests';
import { receiveDeps } from './module';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver';
import { inboundOf } from './thread';

/*
 * The built-in SMTP receiver (issue 35) against a real SMTP client (nodemailer) and PostgreSQL:
 * replies land on their thread, everything else is refused at the right moment, and nothing a
 * mail carries stops it.
 */

const REPLY = 'replies@mail.helixpoint.test';
const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/${name}`, import.meta.url));
let backend: TestBackend;
let receiver: SmtpReceiver;
let positionId: string;
let recruiter: Awaited<ReturnType<typeof addUser>>;
let teamRecruiter: Awaited<ReturnType<typeof addUser>>;
const log: { outcome?: string }[] = [];

beforeAll(async () => {
  backend = await startTestBackend({
    replyAddress: REPLY,
    mail: { hiringEmail: 'hiring@helixpoint.test', contactEmail: 'inbox@helixpoint.test' },
  });
  recruiter = await addUser(backend.database.db, 'rita', 'recruiter');
  teamRecruiter = await addUser(backend.database.db, 'tom', 'recruiter');
  await addUser(backend.database.db, 'edith', 'editor');
  positionId = await addPosition(backend.database.db, { title: 'Platform Engineer' });
  await backend.database.db
    .insert(hiringTeamMembers)
    .values({ positionId, userId: teamRecruiter.id, addedByEmail: 'admin@helixpoint.test' });
  const deps = receiveDeps(backend.runtime, REPLY);
  receiver = await startSmtpReceiver(
    { ...deps, log: { info: (data) => log.push(data as { outcome?: string }), warn: (data) => log.push(data as { outcome?: string }) } },
    { port: 0, host: '127.0.0.1' },
  );
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await backend?.stop();
}, 60_000);

beforeEach(async () => {
  await clearQueuedMails(backend);
});

const smtp = () => nodemailer.createTransport({ host: '127.0.0.1', port: receiver.port, secure: false, ignoreTLS: true, pool: false });

/** An application the recruiter e-mailed: the reply address its e-mail carries. */
async function emailedApplication(email = `cand-${crypto.randomUUID().slice(0, 8)}@mail.test`) {
  const applicationId = await addApplication(backend.database.db, positionId, { email, fullName: 'Carla Candidate' });
  await emailCandidate(candidateEmailDeps(backend.runtime), recruiter, applicationId, {
    templateKey: null,
    subject: 'Next steps',
    body: 'Could you tell us when you are free?',
  });
  const [sent] = await queuedMailsTo(backend, email);
  await clearQueuedMails(backend);
  return { applicationId, email, replyTo: sent!.replyTo!, envelopeFrom: sent!.envelopeFrom };
}

async function send(to: string, raw: string | Buffer, from = 'someone@mail.test') {
  const transport = smtp();
  try {
    return await transport.sendMail({ envelope: { from, to: [to] }, raw });
  } finally {
    transport.close();
  }
}

const mail = (headers: Record<string, string>, body: string) =>
  `${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n')}\r\n\r\n${body}`;

const counted = async (outcome: string) =>
  (await getMetrics().registry.getSingleMetric('helixpoint_inbound_mail_total')?.get())?.values.find(
    (value) => value.labels['outcome'] === outcome && value.labels['via'] === 'smtp',
  )?.value ?? 0;

describe('replies to an application', () => {
  it('sends each e-mail with its own reply address, which is also where bounces go', async () => {
    const first = await emailedApplication();
    expect(first.replyTo).toMatch(/^replies\+[0-9a-f]{40}@mail\.helixpoint\.test$/);
    expect(first.envelopeFrom).toBe(first.replyTo);
    const second = await emailedApplication();
    expect(second.replyTo).not.toBe(first.replyTo);
  });

  it('puts the reply on the timeline without the quoted history or signature, with its attachments, and tells the thread', async () => {
    const { applicationId, email, replyTo } = await emailedApplication();
    const before = await counted('reply');
    const transport = smtp();
    await transport.sendMail({
      from: `Carla Candidate <${email}>`,
      to: replyTo,
      subject: 'Re: Next steps',
      messageId: `<reply-${applicationId}@mail.test>`,
      text: 'Tuesday afternoon works for me.\n\n-- \nCarla\nSent from my phone\n\nOn Mon, 23 Nov 2026 at 10:00, Rita wrote:\n> Could you tell us when you are free?\n',
      html: '<p>Tuesday afternoon works for me.</p><img src="https://tracker.example/p.gif"><script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="https://carla.example">site</a>',
      attachments: [
        { filename: 'portfolio.pdf', content: fixture('resume.pdf') },
        { filename: 'invoice.pdf', content: fixture('program.pdf') },
        { filename: 'photo.png', content: fixture('image.txt') },
      ],
    });
    transport.close();

    const [reply] = await inboundOf(backend.database.db, { applicationId });
    expect(reply).toMatchObject({ kind: 'reply', fromAddress: email, fromName: 'Carla Candidate', subject: 'Re: Next steps' });
    expect(reply!.text).toBe('Tuesday afternoon works for me.');
    expect(reply!.fullText).toContain('> Could you tell us when you are free?');
    expect(reply!.html).toContain('<p>Tuesday afternoon works for me.</p>');
    expect(reply!.html).not.toMatch(/<img|<script|javascript:|tracker/);
    expect(reply!.html).toContain('rel="noopener noreferrer nofollow"');
    expect(reply!.attachments.map((file) => [file.fileName, file.contentType])).toEqual([
      ['portfolio.pdf', 'application/pdf'],
      ['photo.png', 'image/png'],
    ]);
    expect(reply!.skippedAttachments).toEqual([{ fileName: 'invoice.pdf', reason: 'not a PDF, Word document, text file or image' }]);
    // Kept privately in the file storage, byte for byte.
    const [stored] = await backend.database.db.select().from(inboundAttachments).where(eq(inboundAttachments.fileName, 'portfolio.pdf'));
    const object = await backend.storage.get(stored!.storageKey);
    const bytes: Buffer[] = [];
    for await (const chunk of object.body) bytes.push(chunk as Buffer);
    expect(Buffer.concat(bytes).equals(fixture('resume.pdf'))).toBe(true);

    const timeline = await applicationTimeline(backend.database.db, applicationId);
    expect(timeline.at(-1)).toMatchObject({ kind: 'inbound', who: 'Carla Candidate' });
    // The sender of the e-mail answered and the position's recruiter; the notice holds no word of the reply.
    for (const person of [recruiter, teamRecruiter]) {
      const [notice] = await queuedMailsTo(backend, person.email);
      expect(notice!.subject).toBe('New reply from Carla Candidate');
      expect(notice!.text).toContain(`/admin/applications/${positionId}/${applicationId}#reply-${reply!.id}`);
      expect(notice!.text).not.toContain('Tuesday');
    }
    expect(await queuedMailsTo(backend, 'edith@helixpoint.test')).toEqual([]);
    expect(await counted('reply')).toBe(before + 1);
  });

  it('stores a mail delivered twice once', async () => {
    const { applicationId, email, replyTo } = await emailedApplication();
    const raw = mail(
      { From: email, To: replyTo, Subject: 'Re: Next steps', 'Message-ID': `<twice-${applicationId}@mail.test>` },
      'Once is enough.',
    );
    await send(replyTo, raw);
    const duplicates = await counted('duplicate');
    await send(replyTo, raw);
    expect(await inboundOf(backend.database.db, { applicationId })).toHaveLength(1);
    expect(await counted('duplicate')).toBe(duplicates + 1);
  });

  it('records an automatic reply without telling anyone', async () => {
    const { applicationId, email, replyTo } = await emailedApplication();
    await send(
      replyTo,
      mail({ From: email, To: replyTo, Subject: 'Out of office', 'Auto-Submitted': 'auto-replied' }, 'I am away until Monday.'),
    );
    await send(replyTo, mail({ From: email, To: replyTo, Subject: 'Automatic reply: Next steps' }, 'Away.'));
    expect((await inboundOf(backend.database.db, { applicationId })).map((row) => row.kind)).toEqual(['auto_reply', 'auto_reply']);
    expect(await queuedMailsTo(backend, recruiter.email)).toEqual([]);
  });

  it('marks the address as bouncing on a delivery failure report instead of showing a reply, and clears it when they write', async () => {
    const { applicationId, email, envelopeFrom } = await emailedApplication();
    const boundary = 'report-boundary';
    const dsn = [
      'From: Mail Delivery System <MAILER-DAEMON@mx.mail.test>',
      `To: ${envelopeFrom}`,
      'Subject: Undelivered Mail Returned to Sender',
      `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain',
      '',
      'This is the mail system. Your message could not be delivered.',
      `--${boundary}`,
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.mail.test',
      '',
      `Final-Recipient: rfc822; ${email}`,
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 The mailbox does not exist',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    await send(envelopeFrom!, dsn, '');
    const [row] = await backend.database.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(row!.emailBouncedAt).toBeInstanceOf(Date);
    expect(row!.emailBounceReason).toBe('550 5.1.1 The mailbox does not exist');
    expect((await inboundOf(backend.database.db, { applicationId })).map((mail) => mail.kind)).toEqual(['bounce']);
    expect(await queuedMailsTo(backend, recruiter.email)).toEqual([]);

    const { replyTo } = { replyTo: envelopeFrom! };
    await send(replyTo, mail({ From: email, To: replyTo, Subject: 'Re: Next steps' }, 'Fixed my mailbox, sorry!'));
    const [after] = await backend.database.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(after!.emailBouncedAt).toBeNull();
  });
});

describe('what the receiver refuses', () => {
  it('refuses mail to an unknown token, another address, or a thread that is gone, at RCPT (550)', async () => {
    const { email, replyTo } = await emailedApplication();
    const unknown = REPLY.replace('@', `+${'ab'.repeat(20)}@`);
    const before = await counted('unknown_recipient');
    for (const to of [unknown, 'postmaster@mail.helixpoint.test', 'someone@elsewhere.test', replyTo.replace('replies+', 'other+')])
      await expect(send(to, mail({ From: 'x@mail.test', To: to, Subject: 'Hi' }, 'Hello'))).rejects.toMatchObject({ responseCode: 550 });
    expect(await counted('unknown_recipient')).toBe(before + 4);

    // Erased: the token goes with the application, so the address leads nowhere.
    const admin = await addUser(backend.database.db, `admin-${crypto.randomUUID().slice(0, 6)}`, 'admin');
    await erasePerson(
      {
        db: backend.database.db,
        storage: backend.storage,
        jobs: backend.jobs,
        secret: TEST_SECRET,
        organizer: { name: 'Helixpoint', email: 'hello@helixpoint.test' },
      },
      admin,
      email,
    );
    await expect(send(replyTo, mail({ From: email, To: replyTo, Subject: 'Re: Next steps' }, 'Hello?'))).rejects.toMatchObject({
      responseCode: 550,
    });
  });

  it('refuses a 30 MB mail (552) and goes on receiving', async () => {
    const { applicationId, email, replyTo } = await emailedApplication();
    const big = mail({ From: email, To: replyTo, Subject: 'Huge' }, `${'x'.repeat(998)}\r\n`.repeat(30_000));
    await expect(send(replyTo, big)).rejects.toMatchObject({ responseCode: 552 });
    await send(replyTo, mail({ From: email, To: replyTo, Subject: 'Re: Next steps' }, 'A small one.'));
    expect((await inboundOf(backend.database.db, { applicationId })).map((row) => row.text)).toEqual(['A small one.']);
  });

  it('answers malformed MIME (550) or stores what can be read, and goes on receiving', async () => {
    const { applicationId, email, replyTo } = await emailedApplication();
    const nested = `Content-Type: multipart/mixed; boundary=a\r\n\r\n${'--a\r\nContent-Type: multipart/mixed; boundary=a\r\n\r\n'.repeat(2000)}`;
    await expect(send(replyTo, nested)).rejects.toMatchObject({ responseCode: 550 });
    const broken = `From: ${email}\r\nTo: ${replyTo}\r\nSubject: \u0000broken\r\nContent-Type: multipart/mixed; boundary="\r\n\r\n--\r\nContent-Transfer-Encoding: base64\r\n\r\n@@@\u0000@!!!\r\n`;
    await send(replyTo, broken);
    await send(replyTo, Buffer.from([0, 1, 2, 255, 254, 13, 10, 13, 10, 0, 1, 2]));
    await send(replyTo, mail({ From: email, To: replyTo, Subject: 'Re: Next steps' }, 'Still here.'));
    const rows = await inboundOf(backend.database.db, { applicationId });
    expect(rows.at(-1)!.text).toBe('Still here.');
    expect(rows[0]!.subject).toBe('broken');
  });
});

describe('replies to a contact message', () => {
  it('threads the reply to the acknowledgement onto the message, unread again, and tells the contact inbox', async () => {
    const deps = contactDeps(backend.runtime);
    const result = await submitContactMessage(
      deps,
      {
        first_name: 'Paula',
        last_name: 'Prospect',
        email: 'paula@prospect.test',
        phone: '',
        reason: 'Consultation',
        message: 'Can you help us with our cloud bill?',
        attachment_upload_id: '',
        company_website: '',
      },
      '198.51.100.7',
    );
    if (result.kind !== 'sent') throw new Error(result.kind);
    const [ack] = await queuedMailsTo(backend, 'paula@prospect.test');
    expect(ack!.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
    await backend.database.db.update(contactMessages).set({ readAt: new Date() }).where(eq(contactMessages.id, result.messageId));
    await clearQueuedMails(backend);

    await send(
      ack!.replyTo!,
      mail(
        { From: 'Paula Prospect <paula@prospect.test>', To: ack!.replyTo!, Subject: 'Re: We received your message' },
        'Also: we run on Kubernetes.',
      ),
    );
    const [reply] = await backend.database.db.select().from(inboundMails).where(eq(inboundMails.contactMessageId, result.messageId));
    expect(reply).toMatchObject({ kind: 'reply', text: 'Also: we run on Kubernetes.', via: 'smtp' });
    const [message] = await backend.database.db.select().from(contactMessages).where(eq(contactMessages.id, result.messageId));
    expect(message!.readAt).toBeNull();
    const [notice] = await queuedMailsTo(backend, 'inbox@helixpoint.test');
    expect(notice!.text).toContain(`/admin/messages/${result.messageId}#reply-${reply!.id}`);
  });
});
