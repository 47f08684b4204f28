// A worker thread that asks GET /healthz every `intervalMs` and reports each answer's time: on its
// own event loop, so the drill's attacker (building and sending megabytes) does not skew the figures.
//   new Worker(new URL('./health-prober.mjs', import.meta.url), { workerData: { url, intervalMs } })
// Post 'stop' to it; it answers with { samples: [{ ms, status }] }.
import { parentPort, workerData } from 'node:worker_threads';

const { url, intervalMs = 25 } = workerData;
const samples = [];
let stopping = false;

parentPort.on('message', (message) => {
  if (message === 'stop') stopping = true;
});

while (!stopping) {
  const started = performance.now();
  let status;
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    status = response.status;
  } catch {
    status = 0;
  }
  samples.push({ ms: performance.now() - started, status });
  await new Promise((resolve) => setTimeout(resolve, intervalMs));
}
parentPort.postMessage({ samples });
