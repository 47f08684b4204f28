import { SMTPServer } from 'smtp-server';

/** What a test SMTP server received: each message's recipients and raw text. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback that records what it receives (tests of the mail queue). `refuse`
 * answers 550 for a recipient (a refusal of that message, not an outage). Closing does not wait
 * for a mailer's pooled connections (smtp-server waits 30 s by default).
 */
export function startSmtpRecorder(
  port: number,
  { refuse = () => false }: { refuse?: (address: string) => boolean } = {},
): Promise<{ received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      if (refuse(address.address)) return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => resolve({ received, close: () => new Promise((done) => server.close(() => done())) }));
  });
}
