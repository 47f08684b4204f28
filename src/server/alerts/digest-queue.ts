import type { Db as BossDb } from 'pg-boss';
import type { JobSender } from '../jobs/queue.ts';

/** Job alert digests: queued when a position is published (with its transaction), and hourly. */
export const JOB_ALERTS = 'job-alerts';
/** Alerts never confirmed are deleted after a while: hourly. */
export const CLEANUP_ALERTS = 'cleanup-alerts';

/** Queues a run of the digests; with a transaction's connection, the job commits with it. */
export async function queueAlertDigest(jobs: Pick<JobSender, 'send'>, options: { db?: BossDb; startAfter?: Date } = {}): Promise<void> {
  await jobs.send(JOB_ALERTS, {}, options);
}
