// Starts the production build (`npm run build` first). The contract's defaults: 127.0.0.1:4321.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { closeGracefully, createAppServer } from '../src/server/http/server.ts';

const entry = new URL('../dist/server/entry.mjs', import.meta.url);
if (!existsSync(entry)) {
  console.error('No build found in dist/. Run `npm run build` (or `npm start`, which builds and serves).');
  process.exit(1);
}

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 4321);
const { handler } = await import(entry.href);
const server = createAppServer({ clientDir: fileURLToPath(new URL('../dist/client/', import.meta.url)), astroHandler: handler });

server.listen(port, host, () => {
  console.log(`Helixpoint is listening on http://${host}:${port}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await closeGracefully(server);
    process.exit(0);
  });
}
