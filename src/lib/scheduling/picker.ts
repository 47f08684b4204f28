import { dayKey, dayLabel, timeLabel } from './format.ts';

/**
 * Free times arranged for a page: grouped by day in the visitor's zone, the chosen day (or the day
 * of the chosen time, or the first day) with its times. Days are links, so each day has its own
 * address and the page works without JavaScript.
 */
export function pickerOf(
  starts: readonly Date[],
  timeZone: string,
  options: { day: string | null; selected: string; href: (day: string) => string },
) {
  const byDay = new Map<string, Date[]>();
  for (const start of starts) {
    const key = dayKey(start, timeZone);
    const list = byDay.get(key);
    if (list) list.push(start);
    else byDay.set(key, [start]);
  }
  const keys = [...byDay.keys()];
  const selectedDay = options.selected && !Number.isNaN(Date.parse(options.selected)) ? dayKey(new Date(options.selected), timeZone) : null;
  const current = [options.day, selectedDay].find((key) => key !== null && byDay.has(key)) ?? keys[0] ?? null;
  const short = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone });
  return {
    days: keys.map((key) => ({
      key,
      label: short.format(byDay.get(key)![0]!),
      count: byDay.get(key)!.length,
      href: options.href(key),
      current: key === current,
    })),
    times: current ? byDay.get(current)!.map((start) => ({ value: start.toISOString(), label: timeLabel(start, timeZone) })) : [],
    dayLabel: current ? dayLabel(byDay.get(current)![0]!, timeZone) : '',
    current,
  };
}

/** Every zone the runtime knows, for the zone select. */
export const allTimeZones = (): string[] => Intl.supportedValuesOf('timeZone');
