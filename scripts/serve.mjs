// Starts the production build (`npm run build` first): configuration, database (embedded unless
// DATABASE_URL is set), demo data on first start, jobs, then the HTTP server. Defaults from the
// operating contract: 127.0.0.1:4321, DATA_DIR ./data.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataDirError } from '../src/server/data-dir.ts';
import { configOrExit } from './lib/config-or-exit.mjs';
import { closeGracefully, createAppServer } from '../src/server/http/server.ts';
import { createPageCache } from '../src/server/http/page-cache.ts';
import { prepareStaticSite } from '../src/server/http/static-site.ts';
import { countViews } from '../src/server/insights/views.ts';
import { externalReferrerHost } from '../src/server/insights/visit-source.ts';
import { createLogger } from '../src/server/logger.ts';
import { onPositionsChanged } from '../src/server/positions/changes.ts';
import { startRuntime } from '../src/server/runtime.ts';
import { withOneClickUnsubscribe } from '../src/server/alerts/one-click.ts';

const entry = new URL('../dist/server/entry.mjs', import.meta.url);
if (!existsSync(entry)) {
  console.error('No build found in dist/. Run `npm run build` (or `npm start`, which builds and serves).');
  process.exit(1);
}

const config = configOrExit();

const logger = createLogger(config.logLevel);
let runtime;
try {
  runtime = await startRuntime(config, logger);
} catch (error) {
  if (error instanceof DataDirError) {
    console.error(error.message);
    process.exit(1);
  }
  logger.fatal({ err: error }, 'could not start');
  process.exit(1);
}

const { handler } = await import(entry.href);
// The build carries a placeholder address: the pages that show it are written once with SITE_URL.
const staticSite = await prepareStaticSite({
  clientDir: fileURLToPath(new URL('../dist/client/', import.meta.url)),
  siteUrl: config.siteUrl,
  cacheDir: join(config.dataDir, 'site'),
});
if (staticSite.created) logger.info({ files: staticSite.rewritten, siteUrl: config.siteUrl }, 'static pages written for SITE_URL');
// The job board, apply pages and sitemap from memory, until positions change here or elsewhere.
// The careers pages carry the referring site on as the visit's source (?ref= on their links), so
// a page is kept per referring host.
const pageCache = createPageCache({ vary: (req) => externalReferrerHost(req, config.siteUrl) ?? '' });
onPositionsChanged(() => pageCache.invalidate());
const server = createAppServer({
  clientDir: staticSite.dirs,
  // Job alerts' one-click unsubscribe comes from mail providers' sites: answered before Astro's origin check.
  astroHandler: withOneClickUnsubscribe(handler, runtime.database.db),
  isHealthy: runtime.isHealthy,
  logRequest: (entry) => logger.info(entry, 'request'),
  hsts: config.siteUrl.startsWith('https://'),
  metricsToken: config.metricsToken,
  pageCache,
  afterResponse: countViews(runtime.views),
  siteOrigin: config.siteUrl,
  warn: (data, message) => logger.warn(data, message),
});

server.listen(config.port, config.host, () => {
  logger.info(
    { address: `http://${config.host}:${config.port}`, dataDir: config.dataDir, embeddedPostgresPort: runtime.database.embeddedPort },
    'Helixpoint is listening',
  );
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    await closeGracefully(server);
    await runtime.stop();
    logger.info('stopped');
    process.exit(0);
  });
}
