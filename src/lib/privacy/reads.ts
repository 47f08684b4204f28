import { companyDay } from '../format.ts';

/** One read of an application as the audit log has it (opened, resume read or downloaded). */
export interface ApplicationRead {
  id: number;
  action: string;
  actorEmail: string | null;
  actorName: string | null;
  at: Date;
}

/** A person's reads of one company day: what they did (each with how often), first and last time. */
export interface ReadsOfADay<Read extends ApplicationRead> {
  key: string;
  /** The newest read of the day (who, with their role as the caller has it). */
  latest: Read;
  first: Date;
  /** Actions in the order first done that day, with how many times. */
  actions: { action: string; count: number }[];
}

/**
 * "Who has read it", one line per person and day instead of one per visit: a recruiter who opens
 * an application ten times in a morning is one line that says so. Newest day first; the day is
 * the company's (its time zone), as the screens show times. `reads` come newest first.
 */
export function groupReads<Read extends ApplicationRead>(reads: readonly Read[]): ReadsOfADay<Read>[] {
  const groups = new Map<string, Omit<ReadsOfADay<Read>, 'actions'> & { actions: { action: string; count: number; firstAt: Date }[] }>();
  for (const read of reads) {
    const key = `${read.actorEmail ?? read.actorName ?? 'system'}\u0000${companyDay(read.at)}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, latest: read, first: read.at, actions: [] }));
    if (read.at > group.latest.at) group.latest = read;
    if (read.at < group.first) group.first = read.at;
    const done = group.actions.find((entry) => entry.action === read.action);
    if (done) {
      done.count += 1;
      if (read.at < done.firstAt) done.firstAt = read.at;
    } else group.actions.push({ action: read.action, count: 1, firstAt: read.at });
  }
  return [...groups.values()]
    .map((group) => ({
      ...group,
      actions: group.actions.sort((a, b) => a.firstAt.getTime() - b.firstAt.getTime()).map(({ action, count }) => ({ action, count })),
    }))
    .sort((a, b) => b.latest.at.getTime() - a.latest.at.getTime());
}
