// Free times of the booking engine (issue 31): 20 staff in four zones over the next 14 days, each
// with a day off and a full diary (four meetings a working day), computed for Book a Meeting (any
// of them free) and for three-person interview panels (all free). Fails when the p95 of either
// is 50 ms or more.
//   npm run bench:slots [-- --runs 300]
import { COMPANY_HOURS } from '../src/lib/scheduling/hours.ts';
import { freeTimes, wallClock, dayIn } from '../src/server/scheduling/slots.ts';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 300;
const BUDGET_MS = 50;
const zones = ['America/Chicago', 'America/New_York', 'Europe/Berlin', 'Europe/London'];
const now = new Date('2026-03-20T12:00:00Z'); // the window spans the EU change of clocks (March 29)
const window = { from: now, to: new Date(now.getTime() + 14 * 86_400_000) };

// A seeded generator: the same diaries every run.
let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

const hosts = Array.from({ length: 20 }, (_, i) => {
  const timeZone = zones[i % zones.length];
  const holds = [];
  const daysOff = new Set();
  for (let d = 0; d < 15; d += 1) {
    const day = dayIn(now.getTime() + d * 86_400_000, timeZone);
    if (d === (i % 10) + 1) daysOff.add(day);
    for (let m = 0; m < 4; m += 1) {
      const start = wallClock(day, '09:00', timeZone) + Math.floor(random() * 32) * 15 * 60_000;
      holds.push({ start: new Date(start), end: new Date(start + 40 * 60_000) });
    }
  }
  return {
    userId: `staff-${i}`,
    timeZone,
    weeklyHours: COMPANY_HOURS,
    daysOff,
    bufferMinutes: 10,
    noticeMinutes: 24 * 60,
    dailyCap: i % 3 === 0 ? 6 : null,
    holds,
  };
});

function measure(label, compute) {
  const times = [];
  let result;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    result = compute();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(
    `${label.padEnd(44)} p50 ${p(0.5).toFixed(2)} ms  p95 ${p(0.95).toFixed(2)} ms  max ${times.at(-1).toFixed(2)} ms  (${result.length} free times)`,
  );
  return p(0.95);
}

const meeting = { durationMinutes: 30, ...window, now };
const p95s = [
  measure('Book a Meeting: 20 staff, any free, 14 days', () => freeTimes(hosts, meeting, 'any')),
  measure('Interview panel: 3 staff, all free, 14 days', () => freeTimes(hosts.slice(0, 3), { ...meeting, durationMinutes: 60 }, 'all')),
];
if (p95s.some((p95) => p95 >= BUDGET_MS)) {
  console.error(`Free times over budget: p95 must stay under ${BUDGET_MS} ms.`);
  process.exit(1);
}
console.log(`Within budget (p95 < ${BUDGET_MS} ms, ${runs} runs each).`);
