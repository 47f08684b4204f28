// GET /healthz asked every `intervalMs` from a thread of its own (health-prober.mjs) while a drill
// runs. Resolves once the thread has had its first answer, so the samples time the server alone.
//   const probe = await startHealthProbe(url, 25); …the drill…; const samples = await probe.stop();
import { once } from 'node:events';
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';

// The drill's priority before it lowers its own (its load is not the server's work; bench:staff and
// bench:hostile run at nice 10): read when the drill imports this, before it does.
const checkerPriority = getPriority();

/** @returns {Promise<{ stop(): Promise<Array<{ ms: number, status: number }> & { nice: number }> }>} */
export async function startHealthProbe(url, intervalMs = 25) {
  const worker = new Worker(new URL('./health-prober.mjs', import.meta.url), {
    workerData: { url, intervalMs, priority: checkerPriority },
  });
  await once(worker, 'message');
  return {
    async stop() {
      const answer = once(worker, 'message');
      worker.postMessage('stop');
      const [{ samples, nice }] = await answer;
      // The priority the samples were asked at (the thread's nice): the drill's own, unless it could not be set back.
      samples.nice = nice;
      // Its fetch keeps connections open: end the thread, or the drill never exits.
      await worker.terminate();
      return samples;
    },
  };
}
