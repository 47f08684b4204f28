// How the server's Node process is started, wherever it is started: `npm run serve`
// (package.json), the systemd unit (deploy/helixpoint@.service) and the benchmarks. A small young
// generation and a ceiling on the old one make V8 collect before it grows; two malloc arenas keep
// glibc from holding freed memory per thread, and fixed mmap and trim thresholds (64 KB) stop it
// from raising them after a burst of large blocks and keeping those in its heap (glibc's dynamic
// threshold goes up to 32 MB). Decision 026; scripts/server-flags.test.mjs keeps the copies equal.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=256'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536', MALLOC_TRIM_THRESHOLD_: '65536' };
