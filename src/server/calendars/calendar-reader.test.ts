import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { createCalendarReader } from './calendar-reader';

const team = readFileSync(new URL('./fixtures/team.ics', import.meta.url), 'utf8');
const window = {
  from: new Date('2026-03-02T00:00:00Z'),
  to: new Date('2026-04-05T00:00:00Z'),
  timeZone: 'America/Chicago',
  ownerEmails: ['rita@helixpoint.example'],
};
/** A rule that repeats every second since 1970: followed until the calendar's budget, or the reader's time limit. */
const hostile = readFileSync(new URL('./fixtures/every-second.ics', import.meta.url), 'utf8');

const reader = createCalendarReader();
/**
 * A reader whose reads may take 150 ms (counted once its process is up): the hostile file takes
 * 0.4-1 s to reach its budget (at 500 ms it sometimes got there first), an empty one a few ms.
 */
const strict = createCalendarReader({ timeLimitMs: 150 });
afterAll(() => Promise.all([reader.close(), strict.close()]));
const empty = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR';

describe('the calendar reader', () => {
  it('reads a calendar in a process of its own', async () => {
    const read = await reader.read(team, window);
    expect(read.ok && read.busy.length).toBe(9);
    expect(reader.pid).toBeGreaterThan(0);
    expect(reader.pid).not.toBe(process.pid);
  });

  it('ends a read past its time limit there, while the server goes on, and reads the next in a new process', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    expect(await strict.read(empty, window)).toEqual({ ok: true, busy: [] });
    const first = strict.pid;
    expect(await strict.read(hostile, window)).toEqual({ ok: false, error: 'The calendar could not be read: it took too long.' });
    delay.disable();
    // This process's event loop never waited on the reading.
    expect(delay.max / 1e6).toBeLessThan(200);
    expect(await strict.read(empty, window)).toEqual({ ok: true, busy: [] });
    expect(strict.pid).not.toBe(first);
  });

  it('says in words why a file is not a calendar', async () => {
    expect(await reader.read('<html>Sign in</html>', window)).toEqual({
      ok: false,
      error: 'The calendar could not be read: it is not an iCalendar file.',
    });
  });
});
