import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { INBOUND_MAIL_MAX_BYTES } from '../../lib/replies/kinds.ts';
import { countInbound } from './metrics.ts';
import { receiveMail, threadOf, type ReceiveDeps } from './receive.ts';

/**
 * The built-in SMTP receiver (INBOUND_SMTP_PORT, issue 35): the company's MX or relay forwards the
 * replies to its reply addresses here. It takes mail for those addresses only, each leading to a
 * thread that still exists (anything else is refused at RCPT, 550: never an open relay), up to
 * 25 MB (refused with 552 as soon as it is larger, announced by SIZE), and answers every mail:
 * stored (250), unreadable (550), or not stored this time (451, the sender tries again).
 */

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/** Most recipients one mail may have here: a reply goes to one thread. */
const MAX_RECIPIENTS = 10;

export interface SmtpReceiver {
  port: number;
  close(): Promise<void>;
}

export async function startSmtpReceiver(deps: ReceiveDeps, { port, host }: { port: number; host: string }): Promise<SmtpReceiver> {
  const server = new SMTPServer({
    name: new URL(deps.siteUrl).hostname,
    banner: 'replies only',
    size: INBOUND_MAIL_MAX_BYTES,
    // Replies come from other mail servers, which do not sign in; TLS is the relay's (README).
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    maxClients: 100,
    // A stop waits at most a second for connections still open (smtp-server waits 30 s).
    closeTimeout: 1_000,
    socketTimeout: 60_000,
    logger: false,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(smtpError(452, '4.5.3 Too many recipients'));
      threadOf(deps, [address.address]).then(
        (target) => {
          if (target) return callback();
          countInbound('unknown_recipient', 'smtp');
          deps.log.info({ outcome: 'unknown_recipient', via: 'smtp' }, 'inbound mail');
          callback(smtpError(550, '5.1.1 No such mailbox here'));
        },
        () => callback(smtpError(451, '4.3.0 Try again later')),
      );
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        // Past the limit the rest is read and dropped, never held.
        if (bytes <= INBOUND_MAIL_MAX_BYTES) chunks.push(chunk);
      });
      stream.on('error', () => callback(smtpError(451, '4.3.0 Try again later')));
      stream.on('end', () => {
        if (stream.sizeExceeded || bytes > INBOUND_MAIL_MAX_BYTES) {
          countInbound('too_large', 'smtp');
          deps.log.info({ outcome: 'too_large', via: 'smtp', bytes }, 'inbound mail');
          return callback(smtpError(552, '5.3.4 Message too big: 25 MB at most'));
        }
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        receiveMail(deps, Buffer.concat(chunks), 'smtp', recipients).then(
          (received) => {
            if (received.outcome === 'malformed') return callback(smtpError(550, '5.6.0 The message could not be read'));
            if (received.outcome === 'unknown_recipient') return callback(smtpError(550, '5.1.1 No such mailbox here'));
            callback(null, 'Received');
          },
          () => callback(smtpError(451, '4.3.0 Try again later')),
        );
      });
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
