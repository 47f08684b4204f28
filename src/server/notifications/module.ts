import type { Runtime, ServerModule } from '../runtime-types.ts';
import { NOTICE_DIGESTS, noticeDigestsQueue, sendDigests } from './digests.ts';
import { removeOldNotifications } from './list.ts';
import { flushNotices, NOTICE_MAILS, noticeEvent, noticeMailsQueue, type Addressee, type NoticeDeps } from './notices.ts';

export const NOTICE_CLEANUP = 'notice-cleanup';

export function noticeDeps(runtime: Pick<Runtime, 'database' | 'config'>): NoticeDeps {
  return {
    db: runtime.database.db,
    pool: runtime.database.pool,
    siteUrl: runtime.config.siteUrl,
    hiringEmail: runtime.config.mail.hiringEmail,
    contactEmail: runtime.config.mail.contactEmail,
  };
}

/**
 * Notifications (issues 50, 51): a reader of the record of domain events; the e-mails a coalescing
 * window gathered; the daily digests (every quarter of an hour, once across a fleet); and a daily
 * clean-up of what is older than the list keeps.
 */
export const notificationsModule: ServerModule = {
  name: 'notifications',
  queues: [
    noticeMailsQueue,
    noticeDigestsQueue,
    { name: NOTICE_CLEANUP, options: { retryLimit: 3, retryDelay: 300 }, schedule: '51 3 * * *' },
  ],
  start(runtime) {
    const deps = noticeDeps(runtime);
    return {
      eventConsumers: [{ name: 'notifications', handle: (event, jobs) => noticeEvent(deps, event, jobs).then(() => undefined) }],
      workers: [
        {
          queue: NOTICE_MAILS,
          run: (job, jobs) => flushNotices(deps, job.data as { recipient: Addressee; thread: string }, jobs),
        },
        {
          queue: NOTICE_DIGESTS,
          async run(_job, jobs) {
            const sent = await sendDigests(deps, jobs);
            if (sent > 0) runtime.logger.info({ digests: sent }, 'notification digests queued');
          },
        },
        {
          queue: NOTICE_CLEANUP,
          async run() {
            const removed = await removeOldNotifications(deps.db);
            if (removed.notifications + removed.events > 0) runtime.logger.info(removed, 'old notifications removed');
          },
        },
      ],
    };
  },
};
