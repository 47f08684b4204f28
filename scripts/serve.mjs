// Starts the production build (`npm run build` first). The contract's defaults: 127.0.0.1:4321.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/server/entry.mjs', import.meta.url);
if (!existsSync(entry)) {
  console.error('No build found in dist/. Run `npm run build` (or `npm start`, which builds and serves).');
  process.exit(1);
}
process.env.HOST ??= '127.0.0.1';
process.env.PORT ??= '4321';
await import(entry.href);
