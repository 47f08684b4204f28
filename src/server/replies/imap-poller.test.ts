import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateEmailDeps, emailCandidate } from '../applications/emails';
import { inboundMails } from '../db/schema';
import { getMetrics } from '../metrics';
import { clearQueuedMails, deliverEvents, queuedMailsTo, runNoticeWindows, startTestBackend, type TestBackend } from '../testing/backend';
import { dovecotUnavailableReason, startDovecot, type TestMailbox } from '../testing/dovecot';
import { addApplication, addPosition, addUser } from '../testing/fixtures';
import { startTestReceiving, type TestReceiving } from '../testing/replies';
import { startImapPoller, mailboxOf, pollMailbox } from './imap-poller';
import type { ReceiveDeps } from './receive';
import { inboundOf } from './thread';

/*
 * IMAP polling (issues 35, 50) against a real Dovecot (Debian's dovecot-imapd, installed by the
 * harness where it may be), over STARTTLS: the mailbox's unseen mails are received once and flagged
 * \Seen, whatever they are, and no password crosses the wire in clear.
 */

const reason = dovecotUnavailableReason();
if (reason !== null) console.warn(`SKIPPED: the IMAP polling tests: ${reason}.`);

const REPLY = 'replies@mail.helixpoint.test';
let backend: TestBackend;
let mailbox: TestMailbox;
let deps: ReceiveDeps;
let receiving: TestReceiving;
let positionId: string;
const logged: { outcome?: string; via?: string }[] = [];

beforeAll(async () => {
  if (reason !== null) return;
  [backend, mailbox] = await Promise.all([startTestBackend({ replyAddress: REPLY }), startDovecot()]);
  receiving = await startTestReceiving(backend, REPLY);
  deps = { ...receiving.deps, log: { info: (data) => logged.push(data), warn: (data) => logged.push(data) } };
  positionId = await addPosition(backend.database.db, { title: 'Data Engineer' });
}, 120_000);

afterAll(async () => {
  await receiving?.close();
  await Promise.all([mailbox?.stop(), backend?.stop()]);
}, 60_000);

async function emailedApplication() {
  const email = `cand-${crypto.randomUUID().slice(0, 8)}@mail.test`;
  const sender = await addUser(backend.database.db, `rec-${crypto.randomUUID().slice(0, 8)}`, 'recruiter');
  const applicationId = await addApplication(backend.database.db, positionId, { email, fullName: 'Iris Imap' });
  await emailCandidate(candidateEmailDeps(backend.runtime), sender, applicationId, {
    templateKey: null,
    subject: 'Hello',
    body: 'When are you free?',
  });
  const [sent] = await queuedMailsTo(backend, email);
  await clearQueuedMails(backend);
  return { applicationId, email, replyTo: sent!.replyTo!, sender };
}

/** A mail as the mail server delivers it: plus addressing keeps the token in Delivered-To and To. */
const delivered = (to: string, from: string, subject: string, body: string, messageId = `<${crypto.randomUUID()}@mail.test>`) =>
  [`Delivered-To: ${to}`, `From: ${from}`, `To: ${to}`, `Subject: ${subject}`, `Message-ID: ${messageId}`, '', body, ''].join('\r\n');

/** The test server's certificate authority: the connection is verified, as a real one's would be. */
const tls = () => ({ tls: { ca: mailbox.ca } });

const counted = async (outcome: string) =>
  (await getMetrics().registry.getSingleMetric('helixpoint_inbound_mail_total')?.get())?.values.find(
    (value) => value.labels['outcome'] === outcome && value.labels['via'] === 'imap',
  )?.value ?? 0;

describe.skipIf(reason !== null)('IMAP polling', () => {
  it('reads the URL as imapflow takes it', () => {
    expect(mailboxOf('imaps://replies%40x.test:p%40ss@mail.x.test/Replies')).toEqual({
      host: 'mail.x.test',
      port: 993,
      secure: true,
      user: 'replies@x.test',
      pass: 'p@ss',
      mailbox: 'Replies',
    });
    expect(mailboxOf('imap://u:p@127.0.0.1:1143')).toMatchObject({ port: 1143, secure: false, mailbox: 'INBOX' });
  });

  it('receives each unseen mail once, ignores unknown addresses, drops what is too large or unreadable, and flags them all seen', async () => {
    const { applicationId, email, replyTo, sender } = await emailedApplication();
    const unknown = REPLY.replace('@', `+${'cd'.repeat(20)}@`);
    const twice = delivered(
      replyTo,
      `Iris Imap <${email}>`,
      'Re: Hello',
      'Thursday at 10.\n\nOn Mon, Rita wrote:\n> When are you free?',
      '<twice@mail.test>',
    );
    const before = { reply: await counted('reply'), unknown: await counted('unknown_recipient'), large: await counted('too_large') };
    await mailbox.deliver(twice);
    await mailbox.deliver(twice);
    await mailbox.deliver(delivered(unknown, 'spam@spam.test', 'Buy now', 'Offer'));
    await mailbox.deliver(delivered(replyTo, email, 'Huge', `${'x'.repeat(998)}\r\n`.repeat(30_000)));
    await mailbox.deliver(
      `Delivered-To: ${replyTo}\r\nContent-Type: multipart/mixed; boundary=a\r\n\r\n${'--a\r\nContent-Type: multipart/mixed; boundary=a\r\n\r\n'.repeat(2000)}`,
    );
    await mailbox.deliver(delivered(replyTo, email, 'Re: Hello', 'And Friday too.'));

    const result = await pollMailbox(deps, mailbox.url, tls());
    expect(result).toEqual({ seen: 6, retry: 0 });
    expect((await inboundOf(backend.database.db, { applicationId })).map((mail) => [mail.text, mail.via])).toEqual([
      ['Thursday at 10.', 'imap'],
      ['And Friday too.', 'imap'],
    ]);
    const [row] = await backend.database.db
      .select({ via: inboundMails.via })
      .from(inboundMails)
      .where(eq(inboundMails.messageId, '<twice@mail.test>'));
    expect(row!.via).toBe('imap');
    expect(await counted('reply')).toBe(before.reply + 2);
    expect(await counted('unknown_recipient')).toBe(before.unknown + 1);
    expect(await counted('too_large')).toBe(before.large + 1);
    expect(logged).toContainEqual(expect.objectContaining({ outcome: 'unknown_recipient', via: 'imap' }));
    expect(logged).toContainEqual(expect.objectContaining({ outcome: 'malformed', via: 'imap' }));
    expect((await mailbox.inbox()).every((message) => message.seen)).toBe(true);
    // The staff member whose e-mail was answered is told: of the first at once, of the second at the window's end.
    const now = new Date();
    await deliverEvents(backend, now);
    expect(await queuedMailsTo(backend, sender.email)).toHaveLength(1);
    await runNoticeWindows(backend, new Date(now.getTime() + 16 * 60_000));
    expect(await queuedMailsTo(backend, sender.email)).toHaveLength(2);

    // Nothing unseen: the next poll reads nothing.
    expect(await pollMailbox(deps, mailbox.url, tls())).toEqual({ seen: 0, retry: 0 });
    // Five mails through Dovecot, each parsed in the mail reader's process: more than the default 5 s on a busy machine.
  }, 30_000);

  it('polls on a timer, one instance at a time, and says when the mailbox cannot be reached', async () => {
    const { applicationId, email, replyTo } = await emailedApplication();
    await mailbox.deliver(delivered(replyTo, email, 'Re: Hello', 'Polled by the timer.'));
    const poller = startImapPoller({ ...deps, pool: backend.database.pool }, mailbox.url, 60_000, tls());
    await poller.pollNow();
    await poller.stop();
    expect((await inboundOf(backend.database.db, { applicationId })).map((mail) => mail.text)).toEqual(['Polled by the timer.']);

    const wrong = startImapPoller({ ...deps, pool: backend.database.pool }, mailbox.url.replace(':secret@', ':wrong@'), 60_000, tls());
    await wrong.pollNow();
    await wrong.stop();
    expect(logged.at(-1)).toMatchObject({ err: { message: expect.any(String) } });
  });

  it('never sends the password in clear: a server that offers no STARTTLS is not logged in to', async () => {
    // A server that greets as IMAP without STARTTLS (or a path that strips it), recording what it is sent.
    const said: string[] = [];
    const server = createServer((socket) => {
      socket.write('* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] ready\r\n');
      socket.on('data', (chunk) => {
        said.push(chunk.toString());
        const tag = chunk.toString().split(' ')[0];
        socket.write(`* CAPABILITY IMAP4rev1 AUTH=PLAIN\r\n${tag} OK done\r\n`);
      });
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await expect(pollMailbox(deps, `imap://replies:secret@127.0.0.1:${port}/INBOX`)).rejects.toThrow();
    } finally {
      server.close();
    }
    expect(said.join('')).not.toMatch(/secret|LOGIN|AUTHENTICATE/i);
  });
});
