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
  /**
   * A table too wide for a phone scrolls sideways inside its frame rather than squeeze, e.g.
   * "min-w-[44rem]"; lists that stack their facts on phones set it from sm: up.
   */
  tableClassName?: string;
  /** On phones each row becomes a card, its cells one under another (no sideways scrolling). */
  stackOnPhones?: boolean;
  children: ReactNode;
}

const stacked =
  'max-sm:block max-sm:[&_thead]:hidden max-sm:[&_tbody]:block max-sm:[&_tbody>tr]:flex max-sm:[&_tbody>tr]:flex-col max-sm:[&_tbody>tr]:gap-1.5 max-sm:[&_tbody>tr]:p-4 max-sm:[&_td]:p-0 max-sm:[&_td]:text-left';

/** A cell's column name, shown only where the row is a card (phones), where no header names it. */
export function PhoneLabel({ children }: { children: ReactNode }) {
  return <span className="text-muted-foreground sm:hidden">{children}: </span>;
}

/**
 * The admin area's tables: one look, a caption, column headers with scope. Server-rendered. The
 * frame is a labelled region a keyboard can focus, so a table wider than the screen can be
 * scrolled without a mouse; it is the positioning context of the hidden labels inside, which would
 * otherwise widen the whole page.
 */
export function AdminTable({ caption, columns, tableClassName = 'min-w-[44rem]', stackOnPhones = false, children }: AdminTableProps) {
  return (
    <div
      role="region"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-border bg-card shadow-card focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <table className={cn('w-full text-left text-sm', stackOnPhones && stacked, tableClassName)}>
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
