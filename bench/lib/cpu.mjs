// CPU time of processes, from /proc (Linux), as the benches read it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/**
 * A process's parent and the CPU it has used so far (all its threads, user and system), in seconds;
 * `children`: that of its children which have ended and been waited for.
 */
export function processCpu(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return {
    parent: Number(fields[1]),
    seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
    children: (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS,
  };
}

/** CPU time a process has used so far (all its threads), in microseconds. */
export const cpuMicros = (pid) => processCpu(pid).seconds * 1e6;
