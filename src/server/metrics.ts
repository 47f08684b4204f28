import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The server's vital signs in Prometheus format (GET /metrics, bearer METRICS_TOKEN): requests by
 * route pattern and status, the database pool, the job queues, e-mails, uploads, and Node's own
 * process metrics. One registry per process, shared through a global: Astro's bundle and the
 * server load separate copies of this module (see runtime-registry.ts).
 */

export interface MetricSources {
  /** The database pool: connections in use, idle, and requests waiting for one. */
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
  /** Is the database answering (and, embedded, how often it was restarted)? */
  database?: () => Promise<boolean>;
  databaseRestarts?: () => number;
  /** Per queue: jobs waiting, running, and failed (kept by the queue for a while). */
  queues?: () => Promise<{ name: string; queued: number; active: number; failed: number }[]>;
}

/** The requests' histogram, as the server writes to it: once per request. */
export interface RequestDurations {
  /** One answer: its method, route pattern, status and duration. */
  observe(method: string, route: string, status: number, seconds: number): void;
}

export interface Metrics {
  registry: Registry;
  httpRequests: RequestDurations;
  jobFailures: Counter<'queue'>;
  emails: Counter<'outcome'>;
  /** Where the gauges read from; set by the runtime once it is started. */
  sources: MetricSources;
}

/** Gauges read at scrape time must answer quickly even while the database is away. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  const sources: MetricSources = {};
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'helixpoint_db_pool_connections',
    help: 'Database pool connections by state (in_use, idle) and requests waiting for one (waiting).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = sources.pool;
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'helixpoint_database_up',
    help: '1 while the database answers, 0 while it is away.',
    registers: [registry],
    async collect() {
      if (sources.database) this.set((await within(sources.database(), 1_000)) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'helixpoint_database_restarts',
    help: 'Times the embedded PostgreSQL was restarted after exiting unexpectedly.',
    registers: [registry],
    collect() {
      if (sources.databaseRestarts) this.set(sources.databaseRestarts());
    },
  });
  new Gauge({
    name: 'helixpoint_job_queue_jobs',
    help: 'Jobs per queue by state: queued (waiting, including retries), active, failed (retained).',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const queues = sources.queues ? await within(sources.queues(), 1_000) : undefined;
      if (!queues) return;
      this.reset();
      for (const queue of queues) {
        this.set({ queue: queue.name, state: 'queued' }, queue.queued);
        this.set({ queue: queue.name, state: 'active' }, queue.active);
        this.set({ queue: queue.name, state: 'failed' }, queue.failed);
      }
    },
  });
  return {
    registry,
    sources,
    httpRequests: requestDurations(registry),
    jobFailures: new Counter({
      name: 'helixpoint_job_failures_total',
      help: 'Job attempts that failed (and will be retried while the queue allows), per queue.',
      labelNames: ['queue'],
      registers: [registry],
    }),
    emails: new Counter({
      name: 'helixpoint_emails_total',
      help: 'E-mails by outcome: sent, failed (the job retries it), or withheld (the recipient had all the unsolicited e-mails the site sends one address).',
      labelNames: ['outcome'],
      registers: [registry],
    }),
  };
}

const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

interface RequestSeries {
  labels: { method: string; route: string; status: string };
  status: number;
  /** Per bucket (and one past the last, +Inf): the requests that took at most its bound and more than the one before. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * helixpoint_http_request_duration_seconds, counted in plain arrays per label set and handed to
 * the registry in prom-client's own form when scraped. prom-client's Histogram checks and hashes
 * the labels on every observation (0.65 µs here, a few per cent of a page answered from memory;
 * issue 36). Here an observation makes nothing: the series are found by route, then among that
 * route's few methods and statuses, with no key built and no labels object per answer.
 */
function requestDurations(registry: Registry): RequestDurations {
  const name = 'helixpoint_http_request_duration_seconds';
  const help = 'HTTP requests by method, route pattern and status, with their durations.';
  const byRoute = new Map<string, RequestSeries[]>();
  const values = () =>
    [...byRoute.values()].flat().flatMap(({ labels, counts, sum, count }) => {
      let cumulative = 0;
      const buckets = [...REQUEST_BUCKETS, '+Inf' as const].map((le, index) => {
        cumulative += counts[index]!;
        return { labels: { le, ...labels }, value: cumulative, metricName: `${name}_bucket` };
      });
      return [...buckets, { labels, value: sum, metricName: `${name}_sum` }, { labels, value: count, metricName: `${name}_count` }];
    });
  const described = { name, help, type: 'histogram', aggregator: 'sum' };
  const metric = { ...described, get: async () => ({ ...described, values: values() }), reset: () => byRoute.clear() };
  registry.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);
  return {
    observe(method, route, status, seconds) {
      let series = byRoute.get(route);
      if (!series) {
        series = [];
        byRoute.set(route, series);
      }
      let entry: RequestSeries | undefined;
      for (const candidate of series) {
        if (candidate.status === status && candidate.labels.method === method) {
          entry = candidate;
          break;
        }
      }
      if (!entry) {
        entry = {
          labels: { method, route, status: String(status) },
          status,
          counts: new Array<number>(REQUEST_BUCKETS.length + 1).fill(0),
          sum: 0,
          count: 0,
        };
        series.push(entry);
      }
      let bucket = 0;
      while (bucket < REQUEST_BUCKETS.length && seconds > REQUEST_BUCKETS[bucket]!) bucket += 1;
      entry.counts[bucket]! += 1;
      entry.sum += seconds;
      entry.count += 1;
    },
  };
}

const METRICS = Symbol.for('helixpoint.metrics');
type GlobalWithMetrics = typeof globalThis & { [METRICS]?: Metrics };

/** The process's metrics, created on first use. */
export function getMetrics(): Metrics {
  const global = globalThis as GlobalWithMetrics;
  return (global[METRICS] ??= createMetrics());
}

/**
 * A domain's own counter, on the process's registry (decision 038): declared in the domain
 * (src/server/uploads/metrics.ts), created on first use, the same one however often it is asked
 * for (the server evaluates modules twice: its own and Astro's bundle).
 */
export function domainCounter<Label extends string>(name: string, help: string, labelNames: readonly Label[]): () => Counter<Label> {
  return () => {
    const { registry } = getMetrics();
    return (registry.getSingleMetric(name) as Counter<Label> | undefined) ?? new Counter({ name, help, labelNames, registers: [registry] });
  };
}

/**
 * A domain's running total that is read, not counted, on the request path (decision 038): the
 * domain adds to a plain number as it goes (a counter's inc per request costs more than what it
 * would measure), and the counter takes what was added since the last scrape when it is scraped.
 * `read` gives the total so far; the first registration in the process wins.
 */
export function domainRunningTotal(name: string, help: string, read: () => number): void {
  const { registry } = getMetrics();
  if (registry.getSingleMetric(name)) return;
  let published = 0;
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const total = read();
      if (total > published) this.inc(total - published);
      published = total;
    },
  });
}

/** Does the request carry `Authorization: Bearer <token>`? Compared in constant time. */
export function hasMetricsToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
