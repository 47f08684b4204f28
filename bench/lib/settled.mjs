// Waits until a freshly started server has finished its first-start work, for a bench that
// measures speed. A first start makes the seeded illustrations' sizes (in the image process), and
// each one announces a content change, which empties the page cache. All of that lasts about ten
// seconds here, and a bench started meanwhile measures it as well as the server.
import { readdirSync } from 'node:fs';
import { processCpu } from './cpu.mjs';

/**
 * CPU seconds used so far by a process and every process under it (the embedded PostgreSQL, the
 * image process). `ended`: with those under it that have ended, which the kernel adds to the parent
 * that waited for them (PostgreSQL's closed connections, its autovacuum workers done).
 */
export function treeCpuSeconds(rootPid, { ended = false } = {}) {
  let seconds = 0;
  for (const [, own] of processTree(rootPid)) seconds += own.seconds + (ended ? own.children : 0);
  return seconds;
}

/** A process and every process under it, each with its CPU (processCpu), by pid. */
export function processTree(rootPid) {
  const processes = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      processes.set(Number(entry), processCpu(entry));
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid) => {
    for (let current = pid; current > 1; current = processes.get(current)?.parent ?? 0) if (current === rootPid) return true;
    return false;
  };
  return new Map([...processes].filter(([pid]) => inTree(pid)));
}

/**
 * Resolves once the process tree has used under `maxShare` of one core for `quietSeconds` in a
 * row, or after `timeoutSeconds` (the figures then say the server was still busy). Returns how long it took.
 */
export async function untilSettled(pid, { maxShare = 0.05, quietSeconds = 2, timeoutSeconds = 60 } = {}) {
  const started = performance.now();
  let quiet = 0;
  let before = treeCpuSeconds(pid);
  while (quiet < quietSeconds && performance.now() - started < timeoutSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = treeCpuSeconds(pid);
    quiet = now - before < maxShare ? quiet + 1 : 0;
    before = now;
  }
  return { seconds: Math.round((performance.now() - started) / 100) / 10, settled: quiet >= quietSeconds };
}
