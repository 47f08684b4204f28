import type { ChildProcess } from 'node:child_process';

/**
 * Keeps a child process running: when it exits without being asked to, it is started again after
 * a growing pause (250 ms, 500 ms, 1 s … at most 10 s), with one log line per attempt. Used for
 * the embedded PostgreSQL, so a crashed or killed database comes back without restarting the
 * site; the connection pool and the job queue reconnect on their own.
 */

export type SupervisedState = 'running' | 'restarting' | 'stopped';

export interface SupervisorLog {
  warn(data: object, message: string): void;
  info(data: object, message: string): void;
}

export interface SupervisorOptions {
  /** What is supervised, for the log lines ("embedded PostgreSQL"). */
  name: string;
  /** Starts the process and resolves once it is ready to serve. */
  start(): Promise<ChildProcess>;
  /** Called after an unexpected exit, before the next start (e.g. to forget the dead child). */
  onExit?(): void;
  log: SupervisorLog;
  minDelayMs?: number;
  maxDelayMs?: number;
}

export interface Supervisor {
  readonly state: SupervisedState;
  /** How many times the process was restarted after an unexpected exit. */
  readonly restarts: number;
  /** The current child's pid, while running. */
  readonly pid: number | undefined;
  /** Stops supervising (a later exit is expected); the caller then stops the process itself. */
  release(): void;
}

export function backoffDelay(attempt: number, minDelayMs = 250, maxDelayMs = 10_000): number {
  return Math.min(maxDelayMs, minDelayMs * 2 ** Math.max(0, attempt - 1));
}

export function supervise(first: ChildProcess, options: SupervisorOptions): Supervisor {
  let state: SupervisedState = 'running';
  let restarts = 0;
  let child: ChildProcess | undefined = first;
  let timer: NodeJS.Timeout | undefined;

  const watch = (process: ChildProcess) => {
    process.once('exit', (code, signal) => {
      if (state === 'stopped' || process !== child) return;
      child = undefined;
      state = 'restarting';
      options.onExit?.();
      options.log.warn({ code, signal }, `${options.name} exited unexpectedly; restarting it`);
      schedule(1);
    });
  };

  const schedule = (attempt: number) => {
    const delay = backoffDelay(attempt, options.minDelayMs, options.maxDelayMs);
    options.log.info({ attempt, delayMs: delay }, `${options.name}: restart attempt ${attempt} in ${delay} ms`);
    timer = setTimeout(() => {
      if (state === 'stopped') return;
      options.start().then(
        (process) => {
          if (state === 'stopped') {
            process.kill('SIGINT');
            return;
          }
          child = process;
          state = 'running';
          restarts += 1;
          watch(process);
          options.log.info({ attempt, pid: process.pid }, `${options.name} is running again`);
        },
        (error: unknown) => {
          options.onExit?.();
          options.log.warn(
            { attempt, err: { message: error instanceof Error ? error.message : String(error ?? 'exited during start') } },
            `${options.name}: restart attempt ${attempt} failed`,
          );
          if (state !== 'stopped') schedule(attempt + 1);
        },
      );
    }, delay);
    timer.unref();
  };

  watch(first);
  return {
    get state() {
      return state;
    },
    get restarts() {
      return restarts;
    },
    get pid() {
      return child?.pid;
    },
    release() {
      state = 'stopped';
      clearTimeout(timer);
    },
  };
}
