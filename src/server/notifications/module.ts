import type { Runtime, ServerModule } from '../runtime-types.ts';
import { flushNotices, NOTICE_MAILS, noticeEvent, noticeMailsQueue, type NoticeDeps } from './notices.ts';
import type { Recipient } from './recipients.ts';

export function noticeDeps(runtime: Pick<Runtime, 'database' | 'config'>): NoticeDeps {
  return {
    db: runtime.database.db,
    pool: runtime.database.pool,
    siteUrl: runtime.config.siteUrl,
    hiringEmail: runtime.config.mail.hiringEmail,
    contactEmail: runtime.config.mail.contactEmail,
  };
}

/** Notices (issue 50): a reader of the record of domain events, and the e-mails a coalescing window gathered. */
export const notificationsModule: ServerModule = {
  name: 'notifications',
  queues: [noticeMailsQueue],
  start(runtime) {
    const deps = noticeDeps(runtime);
    return {
      eventConsumers: [{ name: 'notifications', handle: (event, jobs) => noticeEvent(deps, event, jobs).then(() => undefined) }],
      workers: [
        {
          queue: NOTICE_MAILS,
          run: (job, jobs) => flushNotices(deps, job.data as { recipient: Recipient; thread: string }, jobs),
        },
      ],
    };
  },
};
