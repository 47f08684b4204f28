/**
 * The mail reader's process (forked by mail-reader.ts with --mail-reader): reads one spooled mail at
 * a time, as the server sends them. Its heap is capped and the server stops it beyond its time or
 * memory limit, so a mail built to exhaust a parser ends this process, never the server.
 */
import { readMail, type ReadMailRequest } from './read-mail.ts';

if (process.send && process.argv.includes('--mail-reader')) {
  process.on('message', (request: ReadMailRequest & { id: number }) => {
    void readMail(request).then(
      (answer) => process.send!({ id: request.id, ...answer }),
      () => process.send!({ id: request.id, ok: false, reason: 'malformed' }),
    );
  });
  process.send({ ready: true });
}
