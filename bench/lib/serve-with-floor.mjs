// The server as `npm run serve` starts it (scripts/serve.mjs), with Node's bare HTTP server
// (node-floor.mjs) answering files of BENCH_FLOOR_ROOT on a port of its own in the same process;
// that port is written to BENCH_FLOOR_PORT_FILE once listening. For bench:nginx: what a handler
// that does nothing costs inside the process of the whole application.
import { writeFileSync } from 'node:fs';
import { createFloor } from './node-floor.mjs';

const { BENCH_FLOOR_ROOT: root, BENCH_FLOOR_PORT_FILE: portFile } = process.env;
if (!root || !portFile) throw new Error('serve-with-floor.mjs needs BENCH_FLOOR_ROOT and BENCH_FLOOR_PORT_FILE');
await import('../../scripts/serve.mjs');
const floor = createFloor(root);
floor.listen(0, '127.0.0.1', () => writeFileSync(portFile, String(floor.address().port)));
