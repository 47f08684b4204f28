import type { ServerModule } from '../runtime-types.ts';
import { isUuid } from '../../lib/ids.ts';
import { createResumeReader } from './reader.ts';
import { READ_RESUME, READ_RESUMES_BACKLOG, readResume, resumesToRead } from './resume-texts.ts';

/** Resumes read per run of the backlog job, before it queues its next run (other jobs get their turn). */
const BACKLOG_BATCH = 200;

/**
 * Resume text (issue 33): each application's resume is read by a job queued with it; a backlog
 * job, hourly and at each start, reads those never read (applications from before this feature, a
 * job lost) and those read by an older reader (EXTRACTOR_VERSION raised), so a better reader
 * re-reads every file by itself. The reader is one process per instance (reader.ts).
 */
export const resumesModule: ServerModule = {
  name: 'resumes',
  queues: [
    // A reading ends within its 10 s limit; one still active after two minutes died with its instance.
    { name: READ_RESUME, options: { retryLimit: 3, retryDelay: 60, expireInSeconds: 120 } },
    { name: READ_RESUMES_BACKLOG, options: { retryLimit: 3, retryDelay: 300, expireInSeconds: 40 * 60 }, schedule: '37 * * * *' },
  ],
  async start({ database, storage, logger, jobs }) {
    const reader = createResumeReader();
    const deps = { db: database.db, storage, read: reader.read };
    await jobs.send(READ_RESUMES_BACKLOG);
    return {
      workers: [
        {
          queue: READ_RESUME,
          async run(job) {
            const { applicationId } = job.data as { applicationId?: unknown };
            if (typeof applicationId !== 'string' || !isUuid(applicationId)) return;
            const result = await readResume(deps, applicationId);
            // The outcome, never the text.
            logger.info(
              { applicationId, result: result.kind, ...(result.kind === 'no-text' ? { reason: result.reason } : {}) },
              'resume read',
            );
          },
        },
        {
          queue: READ_RESUMES_BACKLOG,
          async run(_job, sender) {
            const ids = await resumesToRead(database.db, BACKLOG_BATCH);
            for (const applicationId of ids) await readResume(deps, applicationId);
            if (ids.length > 0) logger.info({ resumes: ids.length }, 'resume backlog read');
            if (ids.length === BACKLOG_BATCH) await sender.send(READ_RESUMES_BACKLOG);
          },
        },
      ],
      stop: () => reader.close(),
    };
  },
};
