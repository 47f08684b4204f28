import type { ReactNode } from 'react';
import { BarChart, type Bar } from './BarChart';

export interface NumbersTable {
  /** Names the table (read by screen readers, and by the tests). */
  caption: string;
  columns: readonly string[];
  rows: ReadonlyArray<readonly ReactNode[]>;
}

/**
 * A chart and its text alternative: the SVG is one image named by a summary, and under it, behind
 * a disclosure, the exact numbers as a table a screen reader can walk cell by cell.
 */
export function ReportChart({
  summary,
  bars,
  table,
  note,
}: {
  summary: string;
  bars: readonly Bar[];
  table: NumbersTable;
  note?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      <BarChart summary={summary} bars={bars} />
      {note && <p className="text-sm text-muted-foreground">{note}</p>}
      <details className="rounded-lg border border-border bg-surface">
        <summary className="cursor-pointer rounded-lg px-4 py-2 text-sm font-semibold text-primary">Show the numbers</summary>
        <div className="rounded-b-lg border-t border-border bg-card px-4 pb-2">
          {/* The first column takes what the numbers leave; only a name longer than that wraps. */}
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{table.caption}</caption>
            <thead className="text-xs tracking-wide text-muted-foreground uppercase">
              <tr>
                {table.columns.map((column, index) => (
                  <th
                    key={column}
                    scope="col"
                    className={index > 0 ? 'py-2 pl-4 text-right font-semibold sm:whitespace-nowrap' : 'w-full py-2 font-semibold'}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {table.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((value, index) =>
                    index === 0 ? (
                      <th key={index} scope="row" className="w-full py-2 font-normal [overflow-wrap:anywhere]">
                        {value}
                      </th>
                    ) : (
                      <td key={index} className="py-2 pl-4 text-right whitespace-nowrap tabular-nums">
                        {value}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
