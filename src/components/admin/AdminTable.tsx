import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface AdminColumn {
  label: string;
  /** Named for screen readers only (an actions column). */
  hidden?: boolean;
  className?: string;
}

export interface AdminTableProps {
  /** Read by screen readers; names the table for tests too. */
  caption: string;
  columns: AdminColumn[];
  /** Wide tables scroll sideways on narrow screens rather than squeeze: e.g. "min-w-[44rem]". */
  tableClassName?: string;
  children: ReactNode;
}

/** The admin area's tables: one look, a caption, column headers with scope. Server-rendered. */
export function AdminTable({ caption, columns, tableClassName = 'min-w-[44rem]', children }: AdminTableProps) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card shadow-card">
      <table className={cn('w-full text-left text-sm', tableClassName)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border bg-surface text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cn('px-4 py-3 font-semibold', column.className)}>
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}

/** What an admin list shows when it has no rows yet. */
export function AdminEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-border bg-surface px-6 py-12 text-center text-muted-foreground">{children}</p>
  );
}
