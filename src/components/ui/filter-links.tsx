export interface FilterOption {
  label: string;
  count: number;
  href: string;
  active: boolean;
}

/**
 * A row of views of one list (All, Unread; or statuses), each with its count. Plain links: every
 * view has its own address and works without JavaScript.
 */
export function FilterLinks({ label, options }: { label: string; options: FilterOption[] }) {
  return (
    // On a phone the views stay one row that scrolls sideways (each link, focused, scrolls into view)
    // instead of three rows pushing the list down.
    <nav aria-label={label} className="inline-flex max-w-full gap-1 overflow-x-auto rounded-lg bg-muted p-1 sm:flex-wrap">
      {options.map((option) => (
        <a
          key={option.href}
          href={option.href}
          aria-current={option.active ? 'page' : undefined}
          className={`inline-flex shrink-0 items-center gap-2 rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring max-sm:focus-visible:-outline-offset-3 ${option.active ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground'}`}
        >
          {option.label}
          <span className="text-muted-foreground tabular-nums">{option.count}</span>
        </a>
      ))}
    </nav>
  );
}
