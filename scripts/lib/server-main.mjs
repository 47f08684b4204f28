// The server's wiring: configuration, database (embedded unless DATABASE_URL is set), demo data on
// first start, jobs, then the HTTP server. Started by scripts/serve.mjs from its bundle
// (dist/serve/server-main.mjs, scripts/build-server.mjs: decision 060), which is why its imports
// of src/server are .ts files that Node itself never reads in the built server.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataDirError } from '../../src/server/data-dir.ts';
import { takeOverShutdownSignals } from '../../src/server/db/embedded.ts';
import { configOrExit } from './config-or-exit.mjs';
import { closeGracefully, createAppServer } from '../../src/server/http/server.ts';
import { createPageCache } from '../../src/server/http/page-cache.ts';
import { prepareStaticSite } from '../../src/server/http/static-site.ts';
import { visitSourceSlots } from '../../src/server/insights/visit-source.ts';
import { loadStaticFiles } from '../../src/server/http/static-files.ts';
import { keepPagesFilled, pageTextFiller } from '../../src/server/page-texts/fill.ts';
import { createLogger } from '../../src/server/logger.ts';
import { startApp } from '../../src/server/modules.ts';

const entry = new URL('../../dist/server/entry.mjs', import.meta.url);

const config = configOrExit();

const logger = createLogger(config.logLevel, config.logFormat);
let app;
try {
  app = await startApp(config, logger);
} catch (error) {
  if (error instanceof DataDirError) {
    console.error(error.message);
    process.exit(1);
  }
  logger.fatal({ err: error }, 'could not start');
  process.exit(1);
}

const { runtime } = app;
const { handler } = await import(entry.href);
// The build carries a placeholder address: the pages that show it are written once with SITE_URL.
const staticSite = await prepareStaticSite({
  clientDir: fileURLToPath(new URL('../../dist/client/', import.meta.url)),
  siteUrl: config.siteUrl,
  cacheDir: join(config.dataDir, 'site'),
});
if (staticSite.created) logger.info({ files: staticSite.rewritten, siteUrl: config.siteUrl }, 'static pages written for SITE_URL');
// Every prerendered page and asset in memory, with its compressed copies (decision 034).
// The content pages' texts are stand-ins in the build, filled with the published ones (decision 049).
const pageTexts = await pageTextFiller(runtime.database.db);
const staticFiles = loadStaticFiles(staticSite.dirs, pageTexts.fill);
runtime.pageTemplate = (pathname) => staticFiles.find(pathname)?.template;
const refillPages = keepPagesFilled(pageTexts, staticFiles, (data, message) => logger.warn(data, message));
logger.info(
  {
    files: staticFiles.files,
    pagesWithTexts: staticFiles.templates,
    megabytes: Math.round(staticFiles.bytes / 1e5) / 10,
    build: staticFiles.build,
  },
  'static files held in memory',
);
// The job board, apply pages and sitemap from memory, until positions change here or elsewhere.
// The careers pages carry the visit's source on (?ref= on their links, hidden fields): rendered
// once, the source filled in per request (decision 035).
const pageCache = createPageCache({
  slots: visitSourceSlots(config.siteUrl),
  onUntemplatable: (route) =>
    logger.warn({ route }, 'page cache: this page writes the visit source where it cannot be filled in; kept per source'),
});
app.onPagesChanged(() => {
  pageCache.invalidate();
  refillPages();
});
const server = createAppServer({
  clientDir: staticSite.dirs,
  staticFiles,
  // The modules' own routes in front (job alerts' one-click unsubscribe, before Astro's origin check).
  astroHandler: app.wrapHandler(handler),
  isHealthy: runtime.isHealthy,
  // Below LOG_LEVEL=info nothing is written, so no line is made either.
  logRequest: logger.isLevelEnabled('info') ? (entry) => logger.info(entry, 'request') : undefined,
  hsts: config.siteUrl.startsWith('https://'),
  metricsToken: config.metricsToken,
  pageCache,
  afterResponse: app.afterResponse,
  siteOrigin: config.siteUrl,
  warn: (data, message) => logger.warn(data, message),
});

server.listen(config.port, config.host, () => {
  logger.info(
    { address: `http://${config.host}:${config.port}`, dataDir: config.dataDir, embeddedPostgresPort: runtime.database.embeddedPort },
    'Helixpoint is listening',
  );
});

// SIGTERM (systemd, an upgrade) or SIGINT: drain, then stop (decision 035). /readyz turns 503 and
// the port closes at once, so nginx sends new requests to another instance; requests in flight
// are answered (up to DRAIN_TIMEOUT_SECONDS) and each closes its connection; no new job is taken,
// and a job still running a few seconds after the drain is handed back for another instance.
const JOBS_AFTER_DRAIN_MS = 5_000;
let stopping = false;
takeOverShutdownSignals();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    const began = performance.now();
    // Whatever hangs (a database that went away), the process ends within its budget.
    setTimeout(
      () => {
        logger.error('shutdown took too long: exiting now');
        process.exit(1);
      },
      config.drainTimeoutMs + JOBS_AFTER_DRAIN_MS + 10_000,
    ).unref();
    logger.info(
      { signal, drainTimeoutSeconds: config.drainTimeoutMs / 1000 },
      'draining: unready, no new connections, finishing requests in flight',
    );
    runtime.jobs.pause();
    const drained = await closeGracefully(server, config.drainTimeoutMs);
    logger.info({ drainMs: drained.ms, connectionsCut: drained.forced }, 'requests drained');
    const { jobs } = await runtime.stop({ jobsTimeoutMs: JOBS_AFTER_DRAIN_MS });
    logger.info(
      { jobsFinished: jobs.finished, jobsHandedBack: jobs.handedBack, shutdownMs: Math.round(performance.now() - began) },
      'stopped',
    );
    process.exit(0);
  });
}
