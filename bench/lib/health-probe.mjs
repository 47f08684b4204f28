// GET /healthz asked every `intervalMs` from a thread of its own (health-prober.mjs) while a drill
// runs. Resolves once the thread has had its first answer, so the samples time the server alone.
//   const probe = await startHealthProbe(url, 25); …the drill…; const samples = await probe.stop();
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/** @returns {Promise<{ stop(): Promise<Array<{ ms: number, status: number }>> }>} */
export async function startHealthProbe(url, intervalMs = 25) {
  const worker = new Worker(new URL('./health-prober.mjs', import.meta.url), { workerData: { url, intervalMs } });
  await once(worker, 'message');
  return {
    async stop() {
      const answer = once(worker, 'message');
      worker.postMessage('stop');
      const [{ samples }] = await answer;
      // Its fetch keeps connections open: end the thread, or the drill never exits.
      await worker.terminate();
      return samples;
    },
  };
}
