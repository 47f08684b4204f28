const number = new Intl.NumberFormat('en-US');
const HEIGHT = 160;

/**
 * Visitors per day as columns, drawn on the server like the insights' charts (BarChart): an SVG
 * without a viewBox, columns as percentages of its width, one image named by its summary; the
 * exact numbers are in the table under it.
 */
export function DailyChart({ days }: { days: ReadonlyArray<{ day: string; visitors: number; views: number }> }) {
  const max = Math.max(1, ...days.map((entry) => entry.visitors));
  const width = 100 / Math.max(1, days.length);
  const busiest = days.reduce(
    (best, entry) => (entry.visitors > best.visitors ? entry : best),
    days[0] ?? { day: '', visitors: 0, views: 0 },
  );
  const total = days.reduce((sum, entry) => sum + entry.visitors, 0);
  if (total === 0) return <p className="text-sm">No visitors in this period.</p>;
  return (
    <div className="flex flex-col gap-3">
      <svg
        role="img"
        aria-label={`Visitors per day: ${number.format(total)} in ${days.length} days, the most ${number.format(busiest.visitors)} on ${busiest.day}.`}
        width="100%"
        height={HEIGHT}
        className="block"
      >
        <line x1="0" x2="100%" y1={HEIGHT - 1} y2={HEIGHT - 1} className="stroke-border" />
        {days.map((entry, index) => {
          const height = (entry.visitors / max) * (HEIGHT - 8);
          return entry.visitors > 0 ? (
            <rect
              key={entry.day}
              x={`${index * width + width * 0.15}%`}
              y={HEIGHT - 1 - Math.max(height, 2)}
              width={`${width * 0.7}%`}
              height={Math.max(height, 2)}
              rx="2"
              className="fill-primary"
            />
          ) : null;
        })}
      </svg>
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>{days[0]!.day}</span>
        <span>{days.at(-1)!.day}</span>
      </div>
      <details className="rounded-lg border border-border bg-surface">
        <summary className="cursor-pointer rounded-lg px-4 py-2 text-sm font-semibold text-primary">Show the numbers</summary>
        <div className="max-h-80 overflow-y-auto rounded-b-lg border-t border-border bg-card px-4 pb-2">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Visitors per day</caption>
            <thead className="text-xs tracking-wide text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="w-full py-2 font-semibold">
                  Day
                </th>
                <th scope="col" className="py-2 pl-4 text-right font-semibold">
                  Visitors
                </th>
                <th scope="col" className="py-2 pl-4 text-right font-semibold">
                  Views
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {days.map((entry) => (
                <tr key={entry.day}>
                  <th scope="row" className="py-2 font-normal">
                    {entry.day}
                  </th>
                  <td className="py-2 pl-4 text-right tabular-nums">{number.format(entry.visitors)}</td>
                  <td className="py-2 pl-4 text-right tabular-nums">{number.format(entry.views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
