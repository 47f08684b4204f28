import type pg from 'pg';
import { changeChannel, type ChangeListener } from '../db/change-channel.ts';

/**
 * What a search of the workspace costs PostgreSQL most, remembered until the data it is made of
 * changes (issue 52, decision 066): its ranked matches (the order "previous" and "next" step
 * through too), the count of each status, and the snippets of the rows shown. A recruiter pages
 * through a search and opens its applications one after the other; each of those asked for the
 * same 16,000 matches again (about 60 ms of PostgreSQL's time for a word in a third of 50,000
 * resumes).
 *
 * Forgotten whenever applications, their notes, resume texts, ratings' totals, hiring teams or
 * interviewers change: migration 0038's triggers NOTIFY on every statement that changes them, which
 * PostgreSQL delivers to every instance when the transaction commits. Until this process LISTENs
 * (`listenForWorkspaceChanges`, started by the applications module) nothing is remembered: the
 * tests and scripts that run the queries without a server get them fresh. A lost connection forgets
 * everything, once when lost and once when listening again (change-channel.ts).
 */

export const WORKSPACE_CHANNEL = 'helixpoint_workspace_changed';
const channel = changeChannel(WORKSPACE_CHANNEL);

/** Searches remembered (their matches and counts), least recently used forgotten first. */
const MAX_SEARCHES = 64;
/** Snippets remembered, each of one application for one search. */
const MAX_SNIPPETS = 4_000;
/**
 * A safety net only: every change is announced. Long enough that a search looked at again and
 * again (a recruiter's morning, the bench's rounds) is made once.
 */
const TTL_MS = 10 * 60_000;

interface Kept<T> {
  value: T;
  at: number;
}

interface State {
  listening: number;
  generation: number;
  searches: Map<string, Kept<unknown>>;
  snippets: Map<string, Kept<unknown>>;
  underWay: Map<string, Promise<unknown>>;
}

/**
 * One state for the process, kept on globalThis as the metrics and the runtime are: the server's
 * wiring (which listens) and Astro's build (whose pages search) each evaluate this module
 * (decision 060), and both must read and forget the same searches.
 */
const STATE = Symbol.for('helixpoint.searchCache');
const state = ((globalThis as typeof globalThis & { [STATE]?: State })[STATE] ??= {
  listening: 0,
  generation: 0,
  searches: new Map(),
  snippets: new Map(),
  underWay: new Map(),
});
const { searches, snippets, underWay } = state;

channel.onChanged(() => {
  state.generation += 1;
  searches.clear();
  snippets.clear();
  underWay.clear();
});

/** Whether anything is remembered: only while this process hears the changes. */
export const remembering = () => state.listening > 0;

/** Holds one connection that LISTENs for changes (here and in every other instance), and remembers meanwhile. */
export function listenForWorkspaceChanges(
  pool: pg.Pool,
  log: { warn(data: object, message: string): void },
  retryMs = 1000,
): ChangeListener {
  const listener = channel.listen(pool, log, retryMs);
  state.listening += 1;
  return {
    async stop() {
      state.listening -= 1;
      await listener.stop();
    },
  };
}

/** Calls `listener` after each change has been heard (tests wait on it). */
export const onWorkspaceChanged = (listener: () => void): (() => void) => channel.onChanged(listener);

function fresh<T>(map: Map<string, Kept<unknown>>, key: string): T | undefined {
  const kept = map.get(key);
  if (!kept) return undefined;
  if (Date.now() - kept.at >= TTL_MS) {
    map.delete(key);
    return undefined;
  }
  // Used: to the end of the order, so the oldest is forgotten first.
  map.delete(key);
  map.set(key, kept);
  return kept.value as T;
}

function keep(map: Map<string, Kept<unknown>>, key: string, value: unknown, max: number) {
  map.set(key, { value, at: Date.now() });
  while (map.size > max) map.delete(map.keys().next().value!);
}

/**
 * The value of `key`: remembered, or made by `make` (once for requests that ask together) and
 * remembered unless the data changed while it was being made (it may have read the old data).
 */
export async function rememberedSearch<T>(key: string, make: () => Promise<T>): Promise<T> {
  if (!remembering()) return make();
  const kept = fresh<T>(searches, key);
  if (kept !== undefined) return kept;
  const pending = underWay.get(key);
  if (pending) return pending as Promise<T>;
  const began = state.generation;
  const made = make().then(
    (value) => {
      if (underWay.get(key) === made) underWay.delete(key);
      if (state.generation === began) keep(searches, key, value, MAX_SEARCHES);
      return value;
    },
    (error: unknown) => {
      if (underWay.get(key) === made) underWay.delete(key);
      throw error;
    },
  );
  underWay.set(key, made);
  return made;
}

/**
 * Each id's value for the search `q`: those remembered, and the rest made by `make` at once (it
 * returns the ones it found; the others have none, which is remembered too).
 */
export async function rememberedSnippets<T>(
  q: string,
  ids: readonly string[],
  make: (ids: readonly string[]) => Promise<Map<string, T>>,
): Promise<Map<string, T>> {
  if (!remembering()) return make(ids);
  const found = new Map<string, T>();
  const missing: string[] = [];
  for (const id of ids) {
    const kept = fresh<{ value: T | null }>(snippets, `${q}\0${id}`);
    if (kept === undefined) missing.push(id);
    else if (kept.value !== null) found.set(id, kept.value);
  }
  if (missing.length === 0) return found;
  const began = state.generation;
  const made = await make(missing);
  for (const id of missing) {
    const value = made.get(id);
    if (value !== undefined) found.set(id, value);
    if (state.generation === began) keep(snippets, `${q}\0${id}`, { value: value ?? null }, MAX_SNIPPETS);
  }
  return found;
}
