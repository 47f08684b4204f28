import type { Runtime, ServerModule } from '../runtime-types.ts';
import type { ImapPoller } from './imap-poller.ts';
import type { ReceiveDeps } from './receive.ts';
import type { SmtpReceiver } from './smtp-receiver.ts';

declare module '../runtime-types.ts' {
  interface Runtime {
    /** Two-way e-mail (issue 35): the receiver's port (when on) and a poll of the mailbox now (when on). */
    replies?: { smtpPort: number | null; pollMailbox: (() => Promise<void>) | null };
  }
}

export function receiveDeps(
  runtime: Pick<Runtime, 'database' | 'storage' | 'jobs' | 'config' | 'logger'>,
  replyAddress: string,
): ReceiveDeps {
  return {
    db: runtime.database.db,
    pool: runtime.database.pool,
    storage: runtime.storage,
    jobs: runtime.jobs,
    replyAddress,
    siteUrl: runtime.config.siteUrl,
    hiringEmail: runtime.config.mail.hiringEmail,
    contactEmail: runtime.config.mail.contactEmail,
    log: { info: (data, message) => runtime.logger.info(data, message), warn: (data, message) => runtime.logger.warn(data, message) },
  };
}

/**
 * Replies coming in (issue 35): the SMTP receiver on INBOUND_SMTP_PORT and the IMAP poller of
 * IMAP_URL, each when configured. A fleet on one machine cannot bind one port twice: an instance
 * that finds the port taken says so and goes on (another instance receives). Their libraries are
 * loaded only then: imapflow, smtp-server and mailparser took about 12 MB of the server's resident
 * memory (bench:ssr, 184 -> 172 MB after start), which an installation that receives no replies
 * should not carry (issue 36's 180 MB).
 */
export const repliesModule: ServerModule = {
  name: 'replies',
  async start(runtime) {
    const { inbound } = runtime.config;
    let receiver: SmtpReceiver | null = null;
    let poller: ImapPoller | null = null;
    if (inbound.replyAddress && inbound.smtpPort !== undefined) {
      try {
        const { startSmtpReceiver } = await import('./smtp-receiver.ts');
        receiver = await startSmtpReceiver(receiveDeps(runtime, inbound.replyAddress), { port: inbound.smtpPort, host: inbound.smtpHost });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
        runtime.logger.warn({ port: inbound.smtpPort }, 'inbound SMTP port in use (another instance receives there): this one does not');
      }
    }
    if (inbound.replyAddress && inbound.imapUrl) {
      const { startImapPoller } = await import('./imap-poller.ts');
      poller = startImapPoller(receiveDeps(runtime, inbound.replyAddress), inbound.imapUrl, inbound.imapPollMs);
    }
    return {
      services: { replies: { smtpPort: receiver?.port ?? null, pollMailbox: poller ? () => poller.pollNow() : null } },
      async stop() {
        await Promise.all([receiver?.close(), poller?.stop()]);
      },
    };
  },
};
