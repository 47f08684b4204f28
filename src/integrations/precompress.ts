import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { precompressDirectory } from '../server/http/precompress.ts';

/**
 * The static files (prerendered pages, JS, CSS) are served as these precompressed copies
 * (src/server/http/server.ts), so no request pays for compression.
 */
export function precompress(): AstroIntegration {
  return {
    name: 'helixpoint:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const count = await precompressDirectory(fileURLToPath(dir));
        logger.info(`${count} static files precompressed (br, gzip)`);
      },
    },
  };
}
