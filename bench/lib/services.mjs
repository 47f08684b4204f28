// The real parts a drill runs the site against, each on loopback, each stoppable and startable
// again on the same port: an S3-compatible server (s3rver) and an SMTP catcher (smtp-server).
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';

export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** s3rver keeping its objects in `directory`, so a stop and start loses nothing. */
export async function startS3({ port, directory, bucket }) {
  let server;
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
    await server.run();
  };
  await start();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    start,
    /** Stops at once: open keep-alive connections are cut, as a crashed server's would be. */
    stop: async () => {
      server.httpServer?.closeAllConnections();
      await server.close();
    },
  };
}

/** Collects every message: its recipients and subject. */
export async function startSmtpCatcher({ port }) {
  const received = [];
  let server;
  const start = () =>
    new Promise((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        closeTimeout: 100,
        onData(stream, session, callback) {
          const chunks = [];
          stream.on('data', (chunk) => chunks.push(chunk));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '' });
            callback();
          });
        },
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await start();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    start,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
