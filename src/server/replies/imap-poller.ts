import type { ConnectionOptions } from 'node:tls';
import { ImapFlow } from 'imapflow';
import type pg from 'pg';
import { INBOUND_MAIL_MAX_BYTES } from '../../lib/replies/kinds.ts';
import { countInbound } from './metrics.ts';
import { receiveMail, type ReceiveDeps } from './receive.ts';

/**
 * IMAP polling (IMAP_URL, issue 35), for companies that cannot point mail at us: the mailbox that
 * receives the reply addresses (plus addressing: replies+token@ lands in replies@'s INBOX) is read
 * every IMAP_POLL_SECONDS. Each unseen mail is received once and then flagged \Seen; a mail that
 * could not be stored stays unseen for the next poll, and one stored twice (the poll stopped between
 * storing and flagging) is one row (its Message-ID). One instance of a fleet polls at a time.
 * imap:// upgrades with STARTTLS or does not connect; imaps:// is TLS from the start.
 */

export interface MailboxAddress {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  mailbox: string;
}

/** `imaps://user:pass@host:993/INBOX` (user and password percent-encoded) as imapflow takes it. */
export function mailboxOf(url: string): MailboxAddress {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(parsed.username),
    pass: decodeURIComponent(parsed.password),
    mailbox: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'INBOX',
  };
}

export interface PollResult {
  /** Unseen mails looked at. */
  seen: number;
  /** Left unseen, to be tried again (storing failed). */
  retry: number;
}

export interface PollOptions {
  /** TLS options for the connection (tests: the test server's certificate authority). */
  tls?: ConnectionOptions;
}

/**
 * One poll: every unseen mail of the mailbox received, then flagged \Seen. Each is streamed to
 * disk and read in the mail reader's process (issue 50), never held in the server's memory. A mail
 * not stored this time (a database or reader outage) stays unseen for the next poll; one refused
 * for good (too large, unreadable, a thread or sender past its limit) is flagged \Seen and logged:
 * the mailbox keeps its copy.
 */
export async function pollMailbox(deps: ReceiveDeps, url: string, options: PollOptions = {}): Promise<PollResult> {
  const box = mailboxOf(url);
  const client = new ImapFlow({
    host: box.host,
    port: box.port,
    secure: box.secure,
    auth: { user: box.user, pass: box.pass },
    logger: false,
    // imap://: STARTTLS or nothing. The password never crosses the wire in clear (issue 50): a
    // server that does not offer STARTTLS (or a path that strips it) fails the poll, said in the log.
    ...(box.secure ? {} : { doSTARTTLS: true }),
    ...(options.tls ? { tls: options.tls } : {}),
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  client.on('error', (error: Error) => deps.log.warn({ err: { message: error.message } }, 'IMAP connection error'));
  await client.connect();
  const result: PollResult = { seen: 0, retry: 0 };
  try {
    const lock = await client.getMailboxLock(box.mailbox);
    try {
      const uids = (await client.search({ seen: false }, { uid: true })) || [];
      for (const uid of uids) {
        result.seen += 1;
        const meta = await client.fetchOne(String(uid), { size: true }, { uid: true });
        if (meta && (meta.size ?? 0) > INBOUND_MAIL_MAX_BYTES) {
          countInbound('too_large', 'imap');
          deps.log.info({ outcome: 'too_large', via: 'imap', bytes: meta.size }, 'inbound mail');
        } else {
          const download = await client.download(String(uid), undefined, { uid: true, maxBytes: INBOUND_MAIL_MAX_BYTES + 1 });
          if (!download.content) continue;
          const received = await receiveMail(deps, download.content, 'imap');
          if (received.outcome === 'failed') {
            // Logged by receiveMail; unseen, so the next poll tries it again.
            result.retry += 1;
            continue;
          }
        }
        await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return result;
}

/** Fleet-wide: one instance polls at a time (a session advisory lock on its own connection). */
const POLL_LOCK = 0x48585249; // "HXRI"

export interface ImapPoller {
  /** Polls now (the next poll comes IMAP_POLL_SECONDS after it). */
  pollNow(): Promise<void>;
  stop(): Promise<void>;
}

export function startImapPoller(
  deps: ReceiveDeps & { pool: pg.Pool },
  url: string,
  everyMs: number,
  options: PollOptions = {},
): ImapPoller {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const pollOnce = async () => {
    const connection = await deps.pool.connect();
    try {
      const { rows } = await connection.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [POLL_LOCK]);
      if (!rows[0]?.locked) return;
      try {
        const result = await pollMailbox(deps, url, options);
        if (result.seen > 0) deps.log.info({ ...result }, 'IMAP mailbox polled');
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [POLL_LOCK]);
      }
    } catch (error) {
      // The mailbox being away (or a wrong password) is said, and tried again at the next poll.
      deps.log.warn({ err: { message: (error as Error).message } }, 'IMAP mailbox not polled');
    } finally {
      connection.release();
    }
  };
  const schedule = () => {
    if (!stopped) timer = setTimeout(() => void poll(), everyMs);
  };
  const poll = () => {
    clearTimeout(timer);
    running ??= pollOnce().finally(() => {
      running = undefined;
      schedule();
    });
    return running;
  };
  // The first poll soon after start: replies that came while the site was down are taken at once.
  timer = setTimeout(() => void poll(), Math.min(everyMs, 2_000));
  return {
    pollNow: poll,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
