// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { clientCodeSplitting, entriesMayExtend, lucideDirectImports } from './src/integrations/client-chunks.ts';
import { contentSecurityPolicy } from './src/integrations/csp.ts';
import { devRuntime } from './src/integrations/dev-runtime.ts';
import { precompress } from './src/integrations/precompress.ts';
import { reactWholeBoundaries } from './src/integrations/react-whole-boundaries.ts';
import { iconsRenderedOnce } from './src/integrations/icons-rendered-once.ts';
import { islandIds } from './src/integrations/island-ids.ts';
import { reactWithoutTrial } from './src/integrations/react-without-trial.ts';
import { BUILD_SITE_PLACEHOLDER } from './src/server/site-url.ts';

// Content pages are prerendered; a page opts into on-demand rendering with
// `export const prerender = false` (careers, apply, auth, admin, API, the 404 page).
export default defineConfig({
  // Not SITE_URL: one build serves any address, the server puts SITE_URL in at start (decision 011).
  site: BUILD_SITE_PLACEHOLDER,
  output: 'static',
  // Middleware mode: our own server (src/server/http/server.ts) adds compression, caching and headers.
  // No request body may exceed the largest upload (10 MB) by more than a little; the upload
  // endpoint enforces the exact limit itself.
  adapter: node({ mode: 'middleware', bodySizeLimit: 11 * 1024 * 1024 }),
  integrations: [react({ experimentalDisableStreaming: true }), precompress(), devRuntime()],
  server: { host: '127.0.0.1', port: 4321 },
  trailingSlash: 'ignore',
  build: { inlineStylesheets: 'auto' },
  // The only SVGs we rasterise are our own (scripts/generate-illustrations.mjs), never uploads.
  image: { dangerouslyProcessSVG: true },
  prefetch: false,
  devToolbar: { enabled: false },
  // A Content-Security-Policy on every page: hashes for every script, no 'unsafe-inline' for scripts.
  security: { csp: contentSecurityPolicy },
  vite: {
    // reactWholeBoundaries: islands render to a string with their own ids, and a Suspense
    // boundary is never streamed out of line (src/integrations/react-whole-boundaries.ts,
    // decisions 051 and 066). islandIds: an island's name is its number in the page, not a hash of
    // its whole HTML (src/integrations/island-ids.ts, issue 52). reactWithoutTrial: a component
    // goes to React without a trial render to ask whether it is React's (the only framework here).
    // iconsRenderedOnce: an icon drawn with the same props is rendered once (src/server/render/icons-rendered-once.ts).
    plugins: [
      tailwindcss(),
      entriesMayExtend(),
      lucideDirectImports(),
      reactWholeBoundaries(),
      islandIds(),
      reactWithoutTrial(),
      iconsRenderedOnce(),
    ],
    // Bundled into the server build, so only the icons we draw are loaded: imported from
    // node_modules at run time, each package is loaded whole (simple-icons is 5 MB of source,
    // and lucide-react was loaded twice, as ESM and CommonJS). Decision 026.
    ssr: { noExternal: ['simple-icons', 'lucide-react'] },
    // A few script files per page instead of dozens (src/integrations/client-chunks.ts).
    environments: { client: { build: { rolldownOptions: { output: { codeSplitting: clientCodeSplitting } } } } },
  },
});
