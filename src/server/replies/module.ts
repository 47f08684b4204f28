import type { Runtime, ServerModule } from '../runtime-types.ts';
import type { ImapPoller } from './imap-poller.ts';
import type { MailReader } from './mail-reader.ts';
import type { ReceiveDeps } from './receive.ts';
import type { SmtpReceiver } from './smtp-receiver.ts';

declare module '../runtime-types.ts' {
  interface Runtime {
    /** Two-way e-mail (issue 35): the receiver's port (when on) and a poll of the mailbox now (when on). */
    replies?: { smtpPort: number | null; pollMailbox: (() => Promise<void>) | null };
  }
}

/** What receiving needs of the runtime, with the reader and spool folder the module (or a test) made. */
export function receiveDeps(
  runtime: Pick<Runtime, 'database' | 'storage' | 'config' | 'logger' | 'rateLimits'>,
  replyAddress: string,
  { reader, spoolDir, dns }: Pick<ReceiveDeps, 'reader' | 'spoolDir' | 'dns'>,
): ReceiveDeps {
  const { config } = runtime;
  return {
    db: runtime.database.db,
    pool: runtime.database.pool,
    storage: runtime.storage,
    rateLimits: runtime.rateLimits,
    reader,
    spoolDir,
    dns,
    quota: config.uploads,
    diskPaths: [config.dataDir],
    replyAddress,
    trustedAuthservId: config.inbound.authservId,
    outboundRelayHost: config.mail.smtpUrl ? new URL(config.mail.smtpUrl).hostname : null,
    log: { info: (data, message) => runtime.logger.info(data, message), warn: (data, message) => runtime.logger.warn(data, message) },
  };
}

/**
 * Replies coming in (issue 35): the SMTP receiver on INBOUND_SMTP_PORT and the IMAP poller of
 * IMAP_URL, each when configured, both reading mail in the mail reader's process (issue 50). A fleet
 * on one machine cannot bind one port twice: an instance that finds the port taken says so and goes
 * on (another instance receives). Their libraries are loaded only then: imapflow and smtp-server
 * took some of the server's resident memory (bench:ssr), which an installation that receives no
 * replies should not carry (issue 36's 180 MB); mailparser and mailauth live in the reader's process.
 */
export const repliesModule: ServerModule = {
  name: 'replies',
  async start(runtime) {
    const { inbound } = runtime.config;
    if (!inbound.replyAddress || (inbound.smtpPort === undefined && !inbound.imapUrl)) return {};
    const [{ createMailReader }, { openSpool }] = await Promise.all([import('./mail-reader.ts'), import('./spool.ts')]);
    const reader: MailReader = createMailReader();
    const deps = receiveDeps(runtime, inbound.replyAddress, { reader, spoolDir: await openSpool(runtime.config.dataDir) });
    let receiver: SmtpReceiver | null = null;
    let poller: ImapPoller | null = null;
    if (inbound.smtpPort !== undefined) {
      try {
        const { startSmtpReceiver } = await import('./smtp-receiver.ts');
        receiver = await startSmtpReceiver(deps, { port: inbound.smtpPort, host: inbound.smtpHost });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
        runtime.logger.warn({ port: inbound.smtpPort }, 'inbound SMTP port in use (another instance receives there): this one does not');
      }
    }
    if (inbound.imapUrl) {
      const { startImapPoller } = await import('./imap-poller.ts');
      poller = startImapPoller(deps, inbound.imapUrl, inbound.imapPollMs);
    }
    return {
      services: { replies: { smtpPort: receiver?.port ?? null, pollMailbox: poller ? () => poller.pollNow() : null } },
      async stop() {
        await Promise.all([receiver?.close(), poller?.stop()]);
        await reader.close();
      },
    };
  },
};
