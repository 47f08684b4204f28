// Resident memory of a process, as the benches report it.
import { readFileSync } from 'node:fs';

/** Resident set size of a process in MB, from /proc (Linux). */
export function rssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024);
}
