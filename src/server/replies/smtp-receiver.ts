import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { clientGroupOf } from '../ip-prefix.ts';
import { INBOUND_MAIL_MAX_BYTES } from '../../lib/replies/kinds.ts';
import { countInbound } from './metrics.ts';
import { receiveMail, replyLimited, roomForMail, threadOf, type ReceiveDeps } from './receive.ts';

/**
 * The built-in SMTP receiver (INBOUND_SMTP_PORT, issue 35): the company's MX or relay forwards the
 * replies to its reply addresses here. It takes mail for those addresses only, each leading to a
 * thread that still exists (anything else is refused at RCPT, 550: never an open relay), up to
 * 25 MB (refused with 552 as soon as it is larger, announced by SIZE), and answers every mail:
 * stored (250), unreadable (550), or not stored this time (451, the sender tries again).
 *
 * What one sender can take of it is bounded (issue 50): a mail is written to disk as it arrives and
 * read in the mail reader's process, so the server's memory does not grow with a mail's size or the
 * number sent at once; one client (an IPv4 address, an IPv6 /64) holds at most
 * `perClient.connections` connections and `perClient.transfers` mails in transfer, everyone together
 * `transfers`; a thread or a sender past its replies for the hour is answered 451 before its mail is
 * sent, and so is every mail while the disk is short of its floor (452).
 */

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/** Most recipients one mail may have here: a reply goes to one thread. */
const MAX_RECIPIENTS = 10;

export interface ReceiverLimits {
  /** Connections at once, from everyone. */
  connections: number;
  /** Mails in transfer (from MAIL FROM to the end of DATA) at once, from everyone. */
  transfers: number;
  perClient: { connections: number; transfers: number };
  /** A connection that says nothing for this long is closed. */
  idleMs: number;
}

export const defaultReceiverLimits: ReceiverLimits = {
  connections: 100,
  transfers: 8,
  perClient: { connections: 10, transfers: 2 },
  idleMs: 60_000,
};

export interface SmtpReceiver {
  port: number;
  close(): Promise<void>;
}

/** Counts per key, for the connections and transfers each client holds. */
class Counter {
  private readonly counts = new Map<string, number>();
  total = 0;
  of(key: string) {
    return this.counts.get(key) ?? 0;
  }
  add(key: string) {
    this.counts.set(key, this.of(key) + 1);
    this.total += 1;
  }
  remove(key: string) {
    const left = this.of(key) - 1;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
    this.total -= 1;
  }
}

export async function startSmtpReceiver(
  deps: ReceiveDeps,
  { port, host, limits = defaultReceiverLimits }: { port: number; host: string; limits?: ReceiverLimits },
): Promise<SmtpReceiver> {
  const connections = new Counter();
  const transfers = new Counter();
  // The sessions that hold a connection's place and a transfer's, by session id.
  const connected = new Map<string, string>();
  const transferring = new Map<string, string>();
  const clientOf = (session: SMTPServerSession) => clientGroupOf(session.remoteAddress.replace(/^::ffff:/, ''));
  const endTransfer = (session: SMTPServerSession) => {
    const client = transferring.get(session.id);
    if (client === undefined) return;
    transferring.delete(session.id);
    transfers.remove(client);
  };
  const refused = (reason: string) => {
    countInbound('rate_limited', 'smtp');
    deps.log.info({ outcome: 'rate_limited', via: 'smtp', reason }, 'inbound mail');
  };

  const server = new SMTPServer({
    name: deps.replyAddress.slice(deps.replyAddress.lastIndexOf('@') + 1),
    banner: 'replies only',
    size: INBOUND_MAIL_MAX_BYTES,
    // Replies come from other mail servers, which do not sign in; TLS is the relay's (README).
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    maxClients: limits.connections,
    // No DNS lookup per connection: nothing here needs the client's name.
    disableReverseLookup: true,
    // A stop waits at most a second for connections still open (smtp-server waits 30 s).
    closeTimeout: 1_000,
    socketTimeout: limits.idleMs,
    logger: false,
    onConnect(session, callback) {
      const client = clientOf(session);
      if (connections.of(client) >= limits.perClient.connections) {
        refused('connections');
        return callback(smtpError(421, '4.7.0 Too many connections from your address, try again later'));
      }
      connections.add(client);
      connected.set(session.id, client);
      callback();
    },
    onClose(session) {
      endTransfer(session);
      const client = connected.get(session.id);
      if (client === undefined) return;
      connected.delete(session.id);
      connections.remove(client);
    },
    onMailFrom(address, session, callback) {
      const client = clientOf(session);
      // A second MAIL FROM in one session (after RSET) keeps the place it holds.
      if (!transferring.has(session.id)) {
        if (transfers.of(client) >= limits.perClient.transfers) {
          refused('transfers');
          return callback(smtpError(451, '4.7.0 Too many mails from your address at once, try again later'));
        }
        if (transfers.total >= limits.transfers) {
          refused('transfers');
          return callback(smtpError(451, '4.3.2 Too many mails at once, try again later'));
        }
        transfers.add(client);
        transferring.set(session.id, client);
      }
      // A refused MAIL FROM gives its place back at once.
      const refuse = (error: Error) => {
        endTransfer(session);
        callback(error);
      };
      Promise.all([roomForMail(deps), address.address ? replyLimited(deps, { sender: address.address }) : false]).then(
        ([room, limited]) => {
          if (!room) return refuse(smtpError(452, '4.3.1 Insufficient system storage, try again later'));
          if (limited) {
            refused('sender');
            return refuse(smtpError(451, '4.7.1 Too many mails from this sender just now, try again later'));
          }
          callback();
        },
        () => refuse(smtpError(451, '4.3.0 Try again later')),
      );
    },
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(smtpError(452, '4.5.3 Too many recipients'));
      threadOf(deps, [address.address]).then(
        async (target) => {
          if (!target) {
            countInbound('unknown_recipient', 'smtp');
            deps.log.info({ outcome: 'unknown_recipient', via: 'smtp' }, 'inbound mail');
            return callback(smtpError(550, '5.1.1 No such mailbox here'));
          }
          if (await replyLimited(deps, { thread: target })) {
            refused('thread');
            return callback(smtpError(451, '4.7.1 Too many mails to this conversation just now, try again later'));
          }
          callback();
        },
        () => callback(smtpError(451, '4.3.0 Try again later')),
      );
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      receiveMail(deps, stream, 'smtp', {
        recipients,
        remoteAddress: session.remoteAddress,
        helo: session.hostNameAppearsAs,
        mailFrom,
      }).then(
        (received) => {
          endTransfer(session);
          if (received.outcome === 'too_large') return callback(smtpError(552, '5.3.4 Message too big: 25 MB at most'));
          if (received.outcome === 'malformed') return callback(smtpError(550, '5.6.0 The message could not be read'));
          if (received.outcome === 'unknown_recipient') return callback(smtpError(550, '5.1.1 No such mailbox here'));
          if (received.outcome === 'rate_limited')
            return callback(smtpError(451, '4.7.1 Too many mails to this conversation just now, try again later'));
          if (received.outcome === 'failed') return callback(smtpError(451, '4.3.0 Try again later'));
          callback(null, 'Received');
        },
        () => {
          endTransfer(session);
          callback(smtpError(451, '4.3.0 Try again later'));
        },
      );
    },
  });
  server.on('error', (error) => deps.log.warn({ err: { message: error.message } }, 'inbound SMTP error'));
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.server.once('error', failed);
    server.listen(port, host, () => {
      server.server.off('error', failed);
      resolve();
    });
  });
  const bound = (server.server.address() as AddressInfo).port;
  deps.log.info({ port: bound, host }, 'inbound SMTP receiver listening');
  return {
    port: bound,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
