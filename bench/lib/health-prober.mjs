// A worker thread that asks GET /healthz every `intervalMs` and reports each answer's time: on its
// own event loop, so the drill's attacker (building and sending megabytes) does not skew the figures.
// Start it with startHealthProbe (health-probe.mjs), which waits for its first, untimed answer.
import { parentPort, workerData } from 'node:worker_threads';

const { url, intervalMs = 25 } = workerData;
const samples = [];
let stopping = false;

parentPort.on('message', (message) => {
  if (message === 'stop') stopping = true;
});

const ask = async () => {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
};

// Untimed: a thread's first fetch loads its HTTP client and opens the connection (135-290 ms while
// three exports ran), which is the prober's start, not the server's answer.
await ask();
parentPort.postMessage({ ready: true });
while (!stopping) {
  const started = performance.now();
  const status = await ask();
  samples.push({ ms: performance.now() - started, status });
  await new Promise((resolve) => setTimeout(resolve, intervalMs));
}
parentPort.postMessage({ samples });
