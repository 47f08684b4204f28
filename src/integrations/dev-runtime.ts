import type { AstroIntegration } from 'astro';

/**
 * `astro dev` has no scripts/serve.mjs in front of it: start the same runtime (configuration,
 * database, seed, storage, mail, jobs) when the dev server starts, and stop it with the server,
 * so pages that read the database work in development too.
 */
export function devRuntime(): AstroIntegration {
  let stop: (() => Promise<unknown>) | undefined;
  return {
    name: 'helixpoint:dev-runtime',
    hooks: {
      'astro:server:setup': async ({ logger }) => {
        // Imported here, not at the top: `astro build` must never load (or start) any of it.
        const { loadConfig } = await import('../server/config.ts');
        const { createLogger } = await import('../server/logger.ts');
        const { startApp } = await import('../server/modules.ts');
        const config = loadConfig();
        const { runtime } = await startApp(config, createLogger(config.logLevel, config.logFormat));
        stop = runtime.stop;
        logger.info(`runtime started (data in ${config.dataDir})`);
      },
      'astro:server:done': async () => {
        await stop?.();
      },
    },
  };
}
