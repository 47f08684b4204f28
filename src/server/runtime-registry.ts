import type { Runtime } from './runtime-types.ts';

/*
 * Pages rendered by Astro run in its bundle, which has its own copies of our modules; the one
 * runtime of the process is shared with them through a global. This file imports nothing at run
 * time, so code loaded by the Astro config (the build) can ask "is a runtime started?" cheaply.
 */
const RUNTIME = Symbol.for('helixpoint.runtime');
type GlobalWithRuntime = typeof globalThis & { [RUNTIME]?: Runtime };

export function setRuntime(runtime: Runtime | undefined): void {
  (globalThis as GlobalWithRuntime)[RUNTIME] = runtime;
}

/** The started runtime, or undefined (while `astro build` prerenders pages, nothing is started). */
export function findRuntime(): Runtime | undefined {
  return (globalThis as GlobalWithRuntime)[RUNTIME];
}

export function getRuntime(): Runtime {
  const runtime = findRuntime();
  if (!runtime) throw new Error('The server runtime is not started (database, jobs, storage).');
  return runtime;
}
