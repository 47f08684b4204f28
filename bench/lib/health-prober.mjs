// A worker thread that asks GET /healthz every `intervalMs` and reports each answer's time: on its
// own event loop, so the drill's attacker (building and sending megabytes) does not skew the figures.
// Start it with startHealthProbe (health-probe.mjs), which waits for its first, untimed answer.
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

const { url, intervalMs = 25, priority } = workerData;
// A health checker (nginx, a load balancer, systemd) asks at its own priority, not at the drill's
// lowered one: this thread inherits the drill's nice 10, and on two busy cores a thread at nice 10
// waited up to 100 ms to run, which /healthz's figures then counted as the server's (bench:staff:
// p99 53.6 and 72.2 ms at nice 10, 23.8 and 18.5 ms at the drill's own priority, same build and
// data). Setting it back needs the right to (root, or CAP_SYS_NICE); without it the figures say so.
if (priority !== undefined && getPriority() !== priority) {
  try {
    setPriority(priority);
  } catch {
    // Left at the inherited priority; reported with the samples.
  }
}
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
parentPort.postMessage({ samples, nice: getPriority() });
