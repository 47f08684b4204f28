// Starts the production build (`npm run build` first): configuration, database (embedded unless
// DATABASE_URL is set), demo data on first start, jobs, then the HTTP server. Defaults from the
// operating contract: 127.0.0.1:4321, DATA_DIR ./data.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { DataDirInUseError } from '../src/server/db/embedded.ts';
import { closeGracefully, createAppServer } from '../src/server/http/server.ts';
import { createLogger } from '../src/server/logger.ts';
import { startRuntime } from '../src/server/runtime.ts';

const entry = new URL('../dist/server/entry.mjs', import.meta.url);
if (!existsSync(entry)) {
  console.error('No build found in dist/. Run `npm run build` (or `npm start`, which builds and serves).');
  process.exit(1);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(config.logLevel);
let runtime;
try {
  runtime = await startRuntime(config, logger);
} catch (error) {
  if (error instanceof DataDirInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  logger.fatal({ err: error }, 'could not start');
  process.exit(1);
}

const { handler } = await import(entry.href);
const server = createAppServer({
  clientDir: fileURLToPath(new URL('../dist/client/', import.meta.url)),
  astroHandler: handler,
  isHealthy: runtime.isHealthy,
  logRequest: (entry) => logger.info(entry, 'request'),
  hsts: config.siteUrl.startsWith('https://'),
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
