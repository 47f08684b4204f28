// Starts the production build (`npm run build` first): configuration, database (embedded unless
// DATABASE_URL is set), demo data on first start, jobs, then the HTTP server. Defaults from the
// operating contract: 127.0.0.1:4321, DATA_DIR ./data. The wiring is scripts/lib/server-main.mjs,
// run from its bundle in dist/serve (scripts/build-server.mjs, decision 060).
// First: React's production build, before any module loads React.
import './lib/production-react.mjs';
import { existsSync } from 'node:fs';

const app = new URL('../dist/serve/server-main.mjs', import.meta.url);
if (!existsSync(app) || !existsSync(new URL('../dist/server/entry.mjs', import.meta.url))) {
  console.error('No build found in dist/. Run `npm run build` (or `npm start`, which builds and serves).');
  process.exit(1);
}
await import(app.href);
