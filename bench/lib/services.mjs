// The real parts a drill runs the site against, each on loopback, each stoppable and startable
// again on the same port: an S3-compatible server (s3rver) and an SMTP catcher (smtp-server).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import { startEmbeddedPostgres } from '../../src/server/db/embedded.ts';
import { freePort } from '../../src/server/net.ts';

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
            // Headers unfolded: a long one (a reply address) continues on the next line.
            const raw = Buffer.concat(chunks)
              .toString('utf8')
              .replace(/\r?\n[ \t]+/g, ' ');
            received.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '',
              replyTo: /^Reply-To: (?:.*<)?([^<>\s]+@[^<>\s]+?)>?\r?$/m.exec(raw)?.[1] ?? null,
            });
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

/**
 * What the instances of a fleet behind nginx share (the fleet and upgrade drills): one PostgreSQL,
 * an S3 bucket, an SMTP catcher, the ports nginx will take, and the environment every instance
 * gets (plus `env`). Each part's stop is pushed onto `stops`.
 */
export async function startFleetServices({ dir, bucket, stops, env = {} }) {
  const database = await startEmbeddedPostgres(join(dir, 'postgres'));
  stops.push(() => database.stop());
  const s3 = await startS3({ port: await freePort(), directory: join(dir, 's3'), bucket });
  stops.push(() => s3.stop());
  const smtp = await startSmtpCatcher({ port: await freePort() });
  stops.push(() => smtp.stop());
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const siteUrl = `https://127.0.0.1:${httpsPort}`;
  const shared = {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    SITE_URL: siteUrl,
    TRUST_PROXY: '1',
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'info',
    ...s3.env,
    ...env,
  };
  return { database, s3, smtp, httpPort, httpsPort, siteUrl, shared };
}
