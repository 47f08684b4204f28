import type { ServerModule } from '../runtime-types.ts';
import { removeUnconfirmedAlerts, sendAlertDigests } from './alerts.ts';
import { CLEANUP_ALERTS, JOB_ALERTS, queueAlertDigest } from './digest-queue.ts';
import { withOneClickUnsubscribe } from './one-click.ts';

/**
 * Job alerts (issue 19): the digest job, the clean-up of alerts never confirmed, and the RFC 8058
 * one-click unsubscribe, which mail providers POST from their own sites (answered before Astro's
 * origin check).
 */
export const alertsModule: ServerModule = {
  name: 'alerts',
  queues: [
    // Hourly as well as when a position is published (a run lost with its instance, a deployment between runs).
    { name: JOB_ALERTS, options: { retryLimit: 3, retryDelay: 300 }, schedule: '11 * * * *' },
    { name: CLEANUP_ALERTS, options: { retryLimit: 3, retryDelay: 300 }, schedule: '23 * * * *' },
  ],
  start: ({ database, config, logger }) => ({
    workers: [
      {
        queue: JOB_ALERTS,
        async run(_job, jobs) {
          const run = await sendAlertDigests({ db: database.db, jobs, siteUrl: config.siteUrl, secret: config.authSecret });
          // Alerts mailed within the last 24 hours: a run when the first of them is due.
          if (run.nextDueAt) await queueAlertDigest(jobs, { startAfter: run.nextDueAt });
          logger.info({ sent: run.sent, nextDueAt: run.nextDueAt }, 'job alert digests queued');
        },
      },
      {
        queue: CLEANUP_ALERTS,
        async run() {
          const removed = await removeUnconfirmedAlerts(database.db);
          logger.info({ unconfirmedAlerts: removed }, 'unconfirmed job alerts cleaned up');
        },
      },
    ],
    wrapHandler: (handler) => withOneClickUnsubscribe(handler, database.db),
  }),
};
