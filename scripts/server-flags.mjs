// How the server's Node process is started, wherever it is started: `npm run serve`
// (package.json), the systemd unit (deploy/helixpoint@.service) and the benchmarks. A small young
// generation and a ceiling on the old one make V8 collect before it grows, and two malloc arenas
// keep glibc from holding freed memory per thread: resident memory after start 334 -> about 150 MB,
// under load 456 -> about 250 MB. Decision 026; scripts/server-flags.test.mjs keeps the copies equal.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=1', '--max-old-space-size=256'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
