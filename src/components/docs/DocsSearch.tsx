import { Search } from 'lucide-react';
import { useState } from 'react';
import { matchesQuery, resultSummary } from '@/lib/docs-search';

/**
 * The documentation search box. Without JavaScript it is a GET form (/docs?q=...) answered by the
 * server; with JavaScript it filters the topics already on the page as you type and keeps the
 * query in the address bar. Topics carry their search text in `data-search`.
 */
export function DocsSearch({ initialQuery, total, initialSummary }: { initialQuery: string; total: number; initialSummary: string }) {
  const [query, setQuery] = useState(initialQuery);
  const [summary, setSummary] = useState(initialSummary);

  const filter = (value: string) => {
    setQuery(value);
    let count = 0;
    document.querySelectorAll<HTMLElement>('[data-docs-card]').forEach((card) => {
      const match = matchesQuery(card.dataset.search ?? '', value);
      if (match) count += 1;
      card.hidden = !match;
      const section = document.getElementById(card.dataset.docsCard ?? '');
      if (section) section.hidden = !match;
    });
    setSummary(resultSummary(count, total, value));
    const url = new URL(window.location.href);
    if (value.trim()) url.searchParams.set('q', value.trim());
    else url.searchParams.delete('q');
    window.history.replaceState(null, '', url);
  };

  return (
    <form
      method="get"
      action="/docs"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        filter(query);
      }}
      className="w-full max-w-2xl"
    >
      <label htmlFor="docs-search" className="text-sm font-semibold text-white">
        Search documentation
      </label>
      <div className="mt-2 flex gap-2">
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
          />
          <input
            id="docs-search"
            type="search"
            name="q"
            value={query}
            onChange={(event) => filter(event.target.value)}
            placeholder="e.g. terraform, soc 2"
            autoComplete="off"
            aria-describedby="docs-search-summary"
            className="h-12 w-full rounded-md border border-white/30 bg-white pr-3 pl-10 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
          />
        </div>
        <button
          type="submit"
          className="inline-flex h-12 items-center rounded-md bg-white px-5 text-sm font-semibold text-navy hover:bg-navy-foreground focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Search
        </button>
      </div>
      <p id="docs-search-summary" role="status" className="mt-3 text-sm text-[#c3cee3]">
        {summary}
      </p>
    </form>
  );
}
