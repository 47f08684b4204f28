import { describeError } from '../failures.ts';
import { domainCounter, domainRunningTotal } from '../metrics.ts';
import type { ServerModule } from '../runtime-types.ts';
import { withViewBeacon } from './beacon-route.ts';
import { countPageViews, createHitCollector, KnownPages } from './collect.ts';
import { goalsConsumer } from './goals.ts';
import { rollUpAnalytics } from './rollup.ts';

export const ROLL_UP_ANALYTICS = 'roll-up-analytics';

/** helixpoint_analytics_hits_total: page views written, so an operator (and bench:analytics) sees they are counted. */
const hitsCounter = domainCounter<never>(
  'helixpoint_analytics_hits_total',
  'Page views of the public site written for the analytics (bots, prefetches and visitors who ask not to be tracked are left out).',
  [],
);

/**
 * Seconds this process's main thread has spent counting views: the afterResponse hook below (which
 * queues each view), the drains that count the queue, and each write's own work before the
 * database (its rows taken, hashed and made). Summed in a plain number and published at each scrape
 * as helixpoint_analytics_counting_seconds_total: counting's own cost read directly
 * (bench:analytics divides it by the requests) instead of only as the difference between a server
 * that counts and one that does not, which spreads by more than that cost from one run to the next
 * on a shared machine.
 */
let countingSeconds = 0;
/**
 * One hook in TIMED_EVERY is timed, and its time counted for them all: reading the clock twice
 * was some 0.2 µs of the hook's 1.4 (a CPU profile under bench:analytics's load), paid by every
 * view to measure it. Views are alike in cost, so the estimate is unbiased, and a bench window's
 * tens of thousands of views time thousands.
 */
const TIMED_EVERY = 8;
let untimed = 0;

/**
 * First-party analytics (issue 57): views counted after each answer and written in batches, the
 * beacon of pages a cache in front served, goals read from the domain events, and the rollup
 * every five minutes (one at a time across a fleet).
 */
export const analyticsModule: ServerModule = {
  name: 'analytics',
  queues: [{ name: ROLL_UP_ANALYTICS, options: { policy: 'singleton', retryLimit: 1, retryDelay: 60 }, schedule: '*/5 * * * *' }],
  start({ database, config, logger }) {
    const where = { siteHost: new URL(config.siteUrl).host, trustProxy: config.trustProxy };
    const rollUp = async () => {
      const days = await rollUpAnalytics({ db: database.db, pool: database.pool });
      logger.info({ days }, 'analytics rolled up');
    };
    // ANALYTICS=false: nothing is counted, a beacon is answered and forgotten, and the rollup still
    // runs (it ends the days of what was kept before).
    if (!config.analytics)
      return {
        wrapHandler: (handler) => withViewBeacon(handler, { view: () => {} }, where, new KnownPages()),
        workers: [{ queue: ROLL_UP_ANALYTICS, run: rollUp }],
      };
    const addCountingTime = (seconds: number) => (countingSeconds += seconds);
    const collector = createHitCollector({
      db: database.db,
      siteHost: where.siteHost,
      onWritten: (count) => hitsCounter().inc(count),
      timed: addCountingTime,
      onError: (error) => logger.warn({ err: describeError(error) }, 'page views kept for the next write'),
    });
    const known = new KnownPages();
    // Every drain is timed (one a batch of views); the hook one time in TIMED_EVERY.
    const count = countPageViews(collector, where, known, { timed: addCountingTime });
    domainRunningTotal(
      'helixpoint_analytics_counting_seconds_total',
      "Time the server has spent counting page views after its answers: queueing them (estimated from one answer in 8), counting the queue, and making the rows of each write (the database's work is not in it).",
      () => countingSeconds,
    );
    return {
      afterResponse: (req, answer) => {
        if (++untimed < TIMED_EVERY) return count(req, answer);
        untimed = 0;
        const began = performance.now();
        count(req, answer);
        countingSeconds += (TIMED_EVERY * (performance.now() - began)) / 1000;
      },
      wrapHandler: (handler) => withViewBeacon(handler, collector, where, known),
      eventConsumers: [goalsConsumer(database.db)],
      workers: [{ queue: ROLL_UP_ANALYTICS, run: rollUp }],
      stop: () => collector.stop(),
    };
  },
};
