// CPU time of processes, from /proc (Linux), as the benches read it.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/**
 * A process's parent and the CPU it has used so far (all its threads, user and system), in seconds;
 * `children`: that of its children which have ended and been waited for.
 */
export function processCpu(pid) {
  return cpuOfStat(`/proc/${pid}/stat`);
}

/** A process's or a thread's stat file (/proc/<pid>/stat, /proc/<pid>/task/<tid>/stat) as processCpu reads it. */
function cpuOfStat(path) {
  const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ');
  return {
    parent: Number(fields[1]),
    seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
    /** Of `seconds`, that in user mode (the rest is the kernel's: system calls, page faults). */
    user: Number(fields[11]) / CLOCK_TICKS,
    children: (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS,
  };
}

/** CPU time a process has used so far (all its threads), in microseconds. */
export const cpuMicros = (pid) => processCpu(pid).seconds * 1e6;

/**
 * Pins `pids` (every thread of each) to the CPUs listed ("1", "0-2"), as taskset does; false when
 * taskset is missing (util-linux) or the machine has one CPU: the caller then says the figures are
 * not pinned. Processes they start later inherit it.
 */
export function pinProcesses(pids, cpus) {
  try {
    for (const pid of pids) execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A process's CPU so far (user and system, seconds) split between its main thread (where
 * JavaScript runs: the thread whose id is the process's) and all its other threads (V8's
 * concurrent marking and compiling, libuv's pool). Threads that have ended are not in it.
 */
export function threadsCpu(pid) {
  const split = { main: 0, others: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let seconds;
    try {
      ({ seconds } = cpuOfStat(`/proc/${pid}/task/${tid}/stat`));
    } catch {
      continue; // ended since the listing
    }
    if (tid === String(pid)) split.main += seconds;
    else split.others += seconds;
  }
  return split;
}
