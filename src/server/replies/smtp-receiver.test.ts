import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { candidateEmailDeps, emailCandidate } from '../applications/emails';
import { applicationTimeline } from '../applications/timeline';
import { applications, contactMessages, hiringTeamMembers, inboundAttachments, inboundMails, notifications } from '../db/schema';
import { getMetrics } from '../metrics';
import { contactDeps, submitContactMessage } from '../messages/submit';
import {
  clearQueuedMails,
  deliverEvents,
  queuedMailsTo,
  runNoticeWindows,
  startTestBackend,
  TEST_SECRET,
  type TestBackend,
} from '../testing/backend';
import { addApplication, addPosition, addUser } from '../testing/fixtures';
import { testMailDomains } from '../testing/mail-auth';
import { receiveRaw, startTestReceiving, type TestReceiving } from '../testing/replies';
import { erasePerson } from '../privacy/requests';
import { defaultReceiverLimits, startSmtpReceiver, type ReceiverLimits, type SmtpReceiver } from './smtp-receiver';
import { inboundOf } from './thread';

/*
 * The built-in SMTP receiver (issues 35, 50) against a real SMTP client (nodemailer), the mail
 * reader's own process and PostgreSQL: replies land on their thread with their sender checked
 * (DKIM, SPF and DMARC answered from a DNS table of the test's own), everything else is refused at
 * the right moment, a burst is held to the thread's limit with its notices gathered, and nothing a
 * mail carries stops it.
 */

const REPLY = 'replies@mail.helixpoint.test';
const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/${name}`, import.meta.url));
// mail.test: the candidates' provider; mx.mail.test: its mail server (delivery reports);
// elsewhere.test: someone else with a domain of their own; prospect.test: a prospect's company.
const domains = testMailDomains(['mail.test', 'mx.mail.test', 'elsewhere.test', 'prospect.test']);
let backend: TestBackend;
let receiving: TestReceiving;
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
  receiving = await startTestReceiving(backend, REPLY, { dns: domains.dns });
  receiver = await startSmtpReceiver(
    {
      ...receiving.deps,
      log: { info: (data) => log.push(data as { outcome?: string }), warn: (data) => log.push(data as { outcome?: string }) },
    },
    { port: 0, host: '127.0.0.1' },
  );
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await receiving?.close();
  await backend?.stop();
}, 60_000);

beforeEach(async () => {
  // What earlier tests left: their events told, their windows and e-mails forgotten, their limits reset.
  await deliverEvents(backend);
  await backend.database.pool.query(`delete from pgboss.job where name = 'notice-mails'`);
  await clearQueuedMails(backend);
  await backend.database.pool.query('delete from rate_limits');
});

const smtp = (port = receiver.port) => nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, pool: false });

/** A receiver of its own for a test (its own counts of connections and transfers), stopped after it. */
async function withReceiver<T>(limits: ReceiverLimits, work: (port: number) => Promise<T>): Promise<T> {
  const own = await startSmtpReceiver(receiving.deps, { port: 0, host: '127.0.0.1', limits });
  try {
    return await work(own.port);
  } finally {
    await own.close();
  }
}

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
  return { applicationId, email, replyTo: sent!.replyTo!, envelopeFrom: sent!.envelopeFrom!, messageId: sent!.messageId! };
}

async function send(to: string, raw: string | Buffer, from = 'someone@mail.test', port = receiver.port) {
  const transport = smtp(port);
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

/** A mail as its sender's domain sends it: DKIM-signed by that domain. */
const signed = (headers: Record<string, string>, body: string, domain = 'mail.test') => domains.sign(mail(headers, body), domain);

/** A mail with attachments, built by nodemailer and signed by `domain`. */
async function built(options: SendMailOptions, domain = 'mail.test'): Promise<string> {
  const raw = await new Promise<Buffer>((resolve, reject) =>
    nodemailer
      .createTransport({ streamTransport: true, buffer: true })
      .sendMail(options, (error, info) => (error ? reject(error) : resolve(info.message as Buffer))),
  );
  return domains.sign(raw.toString('utf8').replace(/\r?\n/g, '\r\n'), domain);
}

const counted = async (outcome: string) =>
  (await getMetrics().registry.getSingleMetric('helixpoint_inbound_mail_total')?.get())?.values.find(
    (value) => value.labels['outcome'] === outcome && value.labels['via'] === 'smtp',
  )?.value ?? 0;

/** A delivery failure report for `recipient`, from mx.mail.test's mail system, quoting the returned message's headers. */
const report = (to: string, recipient: string, { quoting = '' }: { quoting?: string } = {}) => {
  const boundary = 'report-boundary';
  return mail(
    {
      From: 'Mail Delivery System <MAILER-DAEMON@mx.mail.test>',
      To: to,
      Subject: 'Undelivered Mail Returned to Sender',
      'Content-Type': `multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    },
    [
      `--${boundary}`,
      'Content-Type: text/plain',
      '',
      'This is the mail system. Your message could not be delivered.',
      `--${boundary}`,
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.mail.test',
      '',
      `Final-Recipient: rfc822; ${recipient}`,
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 The mailbox does not exist',
      `--${boundary}`,
      'Content-Type: text/rfc822-headers',
      '',
      `From: Helixpoint <no-reply@helixpoint.test>`,
      `To: ${recipient}`,
      ...(quoting ? [`Message-ID: ${quoting}`] : []),
      'Subject: Next steps',
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
};

const bounced = async (applicationId: string) =>
  (await backend.database.db.select().from(applications).where(eq(applications.id, applicationId)))[0]!.emailBouncedAt;

describe('replies to an application', () => {
  it('sends each e-mail with its own reply address, a separate one for delivery reports, and a Message-ID of ours', async () => {
    const first = await emailedApplication();
    expect(first.replyTo).toMatch(/^replies\+[0-9a-f]{40}@mail\.helixpoint\.test$/);
    expect(first.envelopeFrom).toMatch(/^replies\+[0-9a-f]{40}@mail\.helixpoint\.test$/);
    expect(first.envelopeFrom).not.toBe(first.replyTo);
    expect(first.messageId).toMatch(/^<[0-9a-f-]{36}@mail\.helixpoint\.test>$/);
    const second = await emailedApplication();
    expect(second.replyTo).not.toBe(first.replyTo);
  });

  it('puts a verified reply on the timeline without the quoted history or signature, with its attachments, and tells the thread', async () => {
    const { applicationId, email, replyTo } = await emailedApplication();
    const before = await counted('reply');
    await send(
      replyTo,
      await built({
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
      }),
      email,
    );

    const [reply] = await inboundOf(backend.database.db, { applicationId });
    expect(reply).toMatchObject({ kind: 'reply', fromAddress: email, fromName: 'Carla Candidate', subject: 'Re: Next steps' });
    expect(reply!.senderStatus).toBe('verified');
    expect(reply!.authSummary).toMatch(/^dmarc=pass dkim=pass/);
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
    // Told by the notices that read the recorded event: the sender of the e-mail answered and the
    // position's recruiter; the notice holds no word of the reply, and no auto-responder answers it.
    expect(await queuedMailsTo(backend, recruiter.email)).toEqual([]);
    expect(await deliverEvents(backend)).toBe(1);
    for (const person of [recruiter, teamRecruiter]) {
      const [notice] = await queuedMailsTo(backend, person.email);
      expect(notice!.subject).toBe('New reply from Carla Candidate');
      expect(notice!.text).toContain(`/admin/applications/${positionId}/${applicationId}#reply-${reply!.id}`);
      expect(notice!.text).not.toContain('Tuesday');
      expect(notice!.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
    }
    expect(await queuedMailsTo(backend, 'edith@helixpoint.test')).toEqual([]);
    expect(await counted('reply')).toBe(before + 1);
  });

  it('shows a reply whose From: the domain does not vouch for by its address, marked, and never as the candidate', async () => {
    const { applicationId, email, replyTo } = await emailedApplication();
    // From an outside server, with the candidate's name and address written into From: (no DKIM; SPF fails).
    await send(
      replyTo,
      mail({ From: `Carla Candidate <${email}>`, To: replyTo, Subject: 'Re: Next steps' }, 'Please send my offer to my new address.'),
      'attacker@evil.test',
    );
    const [reply] = await inboundOf(backend.database.db, { applicationId });
    expect(reply).toMatchObject({ kind: 'reply', fromAddress: email, senderStatus: 'unverified' });
    expect(reply!.authSummary).toMatch(/^dmarc=fail/);
    const [row] = await backend.database.db
      .select({ envelopeFrom: inboundMails.envelopeFrom })
      .from(inboundMails)
      .where(eq(inboundMails.id, reply!.id));
    expect(row!.envelopeFrom).toBe('attacker@evil.test');
    const timeline = await applicationTimeline(backend.database.db, applicationId);
    expect(timeline.at(-1)).toMatchObject({ kind: 'inbound', who: email });

    await deliverEvents(backend);
    const [notice] = await queuedMailsTo(backend, recruiter.email);
    expect(notice!.subject).toBe(`Unverified reply from ${email}`);
    expect(notice!.text).toContain('could not be verified as coming from that address');
    expect(notice!.text).not.toContain('Carla Candidate');
  });

  it('names a verified sender who is not the candidate by their own address', async () => {
    const { applicationId, replyTo } = await emailedApplication();
    await send(
      replyTo,
      await signed(
        { From: 'Erin <erin@elsewhere.test>', To: replyTo, Subject: 'Re: Next steps' },
        'Carla asked me to answer.',
        'elsewhere.test',
      ),
      'erin@elsewhere.test',
    );
    const [reply] = await inboundOf(backend.database.db, { applicationId });
    expect(reply).toMatchObject({ fromAddress: 'erin@elsewhere.test', senderStatus: 'other' });
    expect((await applicationTimeline(backend.database.db, applicationId)).at(-1)).toMatchObject({ who: 'erin@elsewhere.test' });
    await deliverEvents(backend);
    const [notice] = await queuedMailsTo(backend, recruiter.email);
    expect(notice!.subject).toBe('New reply from erin@elsewhere.test');
    expect(notice!.text).toContain('this is not the address our e-mails went to');
  });

  it('stores a mail delivered twice once', async () => {
    const { applicationId, email, replyTo } = await emailedApplication();
    const raw = await signed(
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
      await signed({ From: email, To: replyTo, Subject: 'Out of office', 'Auto-Submitted': 'auto-replied' }, 'I am away until Monday.'),
    );
    await send(replyTo, await signed({ From: email, To: replyTo, Subject: 'Automatic reply: Next steps' }, 'Away.'));
    expect((await inboundOf(backend.database.db, { applicationId })).map((row) => row.kind)).toEqual(['auto_reply', 'auto_reply']);
    expect(await deliverEvents(backend)).toBe(0);
    expect(await queuedMailsTo(backend, recruiter.email)).toEqual([]);
  });

  it('marks the address as bouncing on a verified report to the delivery-report address, and clears it when they write', async () => {
    const { applicationId, email, envelopeFrom, replyTo } = await emailedApplication();
    await send(envelopeFrom, await domains.sign(report(envelopeFrom, email), 'mx.mail.test'), '');
    const [row] = await backend.database.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(row!.emailBouncedAt).toBeInstanceOf(Date);
    expect(row!.emailBounceReason).toBe('550 5.1.1 The mailbox does not exist');
    expect(await inboundOf(backend.database.db, { applicationId })).toMatchObject([{ kind: 'bounce', senderStatus: 'verified' }]);
    expect(await deliverEvents(backend)).toBe(0);

    // A forged "reply" does not clear it; theirs does.
    await send(replyTo, mail({ From: email, To: replyTo, Subject: 'Re: Next steps' }, 'It works, really.'));
    expect(await bounced(applicationId)).toBeInstanceOf(Date);
    await send(replyTo, await signed({ From: email, To: replyTo, Subject: 'Re: Next steps' }, 'Fixed my mailbox, sorry!'));
    expect(await bounced(applicationId)).toBeNull();
  });

  it('believes a report sent to the reply address only when it quotes the Message-ID of our e-mail', async () => {
    const { applicationId, email, replyTo, messageId } = await emailedApplication();
    await send(replyTo, await domains.sign(report(replyTo, email, { quoting: '<made-up@helixpoint.test>' }), 'mx.mail.test'), '');
    expect(await bounced(applicationId)).toBeNull();
    await send(replyTo, await domains.sign(report(replyTo, email, { quoting: messageId }), 'mx.mail.test'), '');
    expect(await bounced(applicationId)).toBeInstanceOf(Date);
  });

  it('does not believe a forged delivery report: unsigned, or from a domain of its own to the reply address', async () => {
    const { applicationId, email, replyTo, envelopeFrom } = await emailedApplication();
    // Unsigned, from an outside server, even to the delivery-report address.
    await send(envelopeFrom, report(envelopeFrom, email), '');
    // Signed by the sender's own domain, to the reply address anyone who got our e-mail knows, naming nothing of ours.
    await send(replyTo, await domains.sign(report(replyTo, email).replace(/mx\.mail\.test/g, 'elsewhere.test'), 'elsewhere.test'), '');
    expect(await bounced(applicationId)).toBeNull();
    const rows = await inboundOf(backend.database.db, { applicationId });
    expect(rows.map((row) => [row.kind, row.senderStatus])).toEqual([
      ['bounce', 'unverified'],
      ['bounce', 'unverified'],
    ]);
  });
});

describe('a burst of replies to one thread', () => {
  it('stores the thread’s ten an hour, answers the rest 451, and tells each person twice: at once, and once for the rest', async () => {
    const { applicationId, email, replyTo } = await emailedApplication();
    const mails = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        signed({ From: `Carla Candidate <${email}>`, To: replyTo, Subject: `Re: Next steps (${index})` }, `Reply ${index}`),
      ),
    );
    // All thirty at once, from a client allowed that many connections (a relay flushing its queue).
    const roomy = { ...defaultReceiverLimits, transfers: 40, perClient: { connections: 40, transfers: 40 } };
    const results = await withReceiver(roomy, (port) => Promise.allSettled(mails.map((raw) => send(replyTo, raw, email, port))));
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused.length).toBe(20);
    for (const result of refused) expect((result as PromiseRejectedResult).reason).toMatchObject({ responseCode: 451 });
    expect(await inboundOf(backend.database.db, { applicationId })).toHaveLength(10);

    const now = new Date();
    await deliverEvents(backend, now);
    expect((await queuedMailsTo(backend, recruiter.email)).map((notice) => notice.subject)).toEqual(['New reply from Carla Candidate']);
    // The window's end: the other nine in one e-mail.
    expect(await runNoticeWindows(backend, new Date(now.getTime() + 14 * 60_000))).toBe(0);
    expect(await runNoticeWindows(backend, new Date(now.getTime() + 16 * 60_000))).toBe(2);
    for (const person of [recruiter, teamRecruiter]) {
      const notices = await queuedMailsTo(backend, person.email);
      expect(notices.map((notice) => notice.subject)).toEqual(['New reply from Carla Candidate', '9 replies from Carla Candidate']);
    }
    const told = await backend.database.db.select().from(notifications).where(eq(notifications.userId, recruiter.id));
    expect(told.filter((row) => row.thread === `application:${applicationId}`).every((row) => row.email === 'sent')).toBe(true);
  });

  it('refuses a sender past its replies for the hour at MAIL FROM (451), on any thread', async () => {
    const sender = `busy-${crypto.randomUUID().slice(0, 6)}@mail.test`;
    for (let index = 0; index < 20; index += 1) {
      const { replyTo } = await emailedApplication();
      await send(replyTo, await signed({ From: sender, To: replyTo, Subject: 'Re: Next steps' }, `Hello ${index}`), sender);
    }
    const { replyTo } = await emailedApplication();
    await expect(
      send(replyTo, await signed({ From: sender, To: replyTo, Subject: 'Re: Next steps' }, 'One more'), sender),
    ).rejects.toMatchObject({
      responseCode: 451,
    });
    // Twenty-one applications, signed mails and SMTP sessions: seconds on a busy machine.
  }, 30_000);
});

describe('attachments within the upload quotas', () => {
  it('keeps a thread’s attachments within its quota for the day, and names what was left out', async () => {
    const small = await startTestReceiving(backend, REPLY, {
      dns: domains.dns,
      quota: { perClientBytes: 1_000_000, totalBytes: 2048 * 1024 * 1024, minFreeBytes: 0 },
    });
    try {
      const { applicationId, email, replyTo } = await emailedApplication();
      const pdf = Buffer.concat([fixture('resume.pdf'), Buffer.alloc(600_000, 0x20)]);
      const raw = await built({
        from: email,
        to: replyTo,
        subject: 'Re: Next steps',
        text: 'Two big files.',
        attachments: [
          { filename: 'one.pdf', content: pdf },
          { filename: 'two.pdf', content: pdf },
        ],
      });
      expect((await receiveRaw(small.deps, raw, [replyTo], { mailFrom: email })).outcome).toBe('reply');
      const [reply] = await inboundOf(backend.database.db, { applicationId });
      expect(reply!.attachments.map((file) => file.fileName)).toEqual(['one.pdf']);
      expect(reply!.skippedAttachments).toEqual([{ fileName: 'two.pdf', reason: "over this conversation's 1 MB of attachments a day" }]);
    } finally {
      await small.close();
    }
  });

  it('takes no mail while the disk is short of its floor (452), and takes it again after', async () => {
    const { replyTo, email } = await emailedApplication();
    const full = await startTestReceiving(backend, REPLY, {
      dns: domains.dns,
      quota: { perClientBytes: 50 * 1024 * 1024, totalBytes: 2048 * 1024 * 1024, minFreeBytes: Number.MAX_SAFE_INTEGER },
    });
    const short = await startSmtpReceiver(full.deps, { port: 0, host: '127.0.0.1' });
    try {
      const transport = smtp(short.port);
      await expect(
        transport.sendMail({ envelope: { from: email, to: [replyTo] }, raw: mail({ From: email }, 'Hi') }),
      ).rejects.toMatchObject({
        responseCode: 452,
      });
      transport.close();
    } finally {
      await short.close();
      await full.close();
    }
    await send(replyTo, await signed({ From: email, To: replyTo, Subject: 'Re: Next steps' }, 'Here now.'));
  });
});

/** A raw SMTP session: what the server says, line by line. */
function session(port: number) {
  const socket: Socket = connect({ host: '127.0.0.1', port });
  let buffer = '';
  const waiting: ((line: string) => void)[] = [];
  const lines: string[] = [];
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      // Multi-line answers ("250-...") end at their "250 " line.
      if (/^\d{3}-/.test(line)) continue;
      const next = waiting.shift();
      if (next) next(line);
      else lines.push(line);
    }
  });
  socket.on('error', () => {});
  const reply = () => new Promise<string>((resolve) => (lines.length ? resolve(lines.shift()!) : waiting.push(resolve)));
  return {
    reply,
    async say(command: string) {
      socket.write(`${command}\r\n`);
      return reply();
    },
    close: () => socket.destroy(),
  };
}

describe('what one client can hold', () => {
  it('gives one client ten connections and answers the eleventh 421', async () => {
    await withReceiver(defaultReceiverLimits, async (port) => {
      const open = Array.from({ length: 11 }, () => session(port));
      const greetings = await Promise.all(open.map((client) => client.reply()));
      expect(greetings.filter((line) => line.startsWith('220'))).toHaveLength(10);
      expect(greetings.filter((line) => line.startsWith('421 4.7.0'))).toHaveLength(1);
      open.forEach((client) => client.close());
    });
  });

  it('lets one client send two mails at once, and answers a third MAIL FROM 451 until one ends', async () => {
    await withReceiver(defaultReceiverLimits, async (port) => {
      const clients = [session(port), session(port), session(port)];
      for (const client of clients) {
        await client.reply();
        await client.say('EHLO client.test');
      }
      expect(await clients[0]!.say('MAIL FROM:<a@mail.test>')).toMatch(/^250/);
      expect(await clients[1]!.say('MAIL FROM:<b@mail.test>')).toMatch(/^250/);
      expect(await clients[2]!.say('MAIL FROM:<c@mail.test>')).toMatch(/^451 4\.7\.0/);
      clients[0]!.close();
      await expect.poll(async () => (await clients[2]!.say('MAIL FROM:<c@mail.test>')).slice(0, 3), { timeout: 5_000 }).toBe('250');
      clients.forEach((client) => client.close());
    });
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
    await send(replyTo, await signed({ From: email, To: replyTo, Subject: 'Re: Next steps' }, 'A small one.'));
    expect((await inboundOf(backend.database.db, { applicationId })).map((row) => row.text)).toEqual(['A small one.']);
  });

  it('reads only the start of a 20 MB text part, and says the rest was not kept', async () => {
    const { applicationId, email, replyTo } = await emailedApplication();
    await send(replyTo, mail({ From: email, To: replyTo, Subject: 'Log' }, `${'y'.repeat(998)}\r\n`.repeat(20_000)));
    const [reply] = await inboundOf(backend.database.db, { applicationId });
    expect(reply!.fullText.length).toBeLessThan(110_000);
    expect(reply!.fullText).toContain('the rest of this e-mail was not kept');
  });

  it('answers malformed MIME (550) or stores what can be read, and goes on receiving', async () => {
    const { applicationId, email, replyTo } = await emailedApplication();
    const nested = `Content-Type: multipart/mixed; boundary=a\r\n\r\n${'--a\r\nContent-Type: multipart/mixed; boundary=a\r\n\r\n'.repeat(2000)}`;
    await expect(send(replyTo, nested)).rejects.toMatchObject({ responseCode: 550 });
    const broken = `From: ${email}\r\nTo: ${replyTo}\r\nSubject: \u0000broken\r\nContent-Type: multipart/mixed; boundary="\r\n\r\n--\r\nContent-Transfer-Encoding: base64\r\n\r\n@@@\u0000@!!!\r\n`;
    await send(replyTo, broken);
    await send(replyTo, Buffer.from([0, 1, 2, 255, 254, 13, 10, 13, 10, 0, 1, 2]));
    await send(replyTo, await signed({ From: email, To: replyTo, Subject: 'Re: Next steps' }, 'Still here.'));
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
      await signed(
        { From: 'Paula Prospect <paula@prospect.test>', To: ack!.replyTo!, Subject: 'Re: We received your message' },
        'Also: we run on Kubernetes.',
        'prospect.test',
      ),
    );
    const [reply] = await backend.database.db.select().from(inboundMails).where(eq(inboundMails.contactMessageId, result.messageId));
    expect(reply).toMatchObject({ kind: 'reply', text: 'Also: we run on Kubernetes.', via: 'smtp', senderStatus: 'verified' });
    const [message] = await backend.database.db.select().from(contactMessages).where(eq(contactMessages.id, result.messageId));
    expect(message!.readAt).toBeNull();
    await deliverEvents(backend);
    const [notice] = await queuedMailsTo(backend, 'inbox@helixpoint.test');
    expect(notice!.subject).toBe('New reply from Paula Prospect');
    expect(notice!.text).toContain(`/admin/messages/${result.messageId}#reply-${reply!.id}`);
  });
});
