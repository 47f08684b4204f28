import { useEffect, useRef, useState, type Ref } from 'react';

export interface ErrorSummaryItem {
  /** The control to go to. */
  id: string;
  label: string;
  message: string;
}

/** "3 fields need your attention" */
export function errorCountText(count: number): string {
  return count === 1 ? '1 field needs your attention' : `${count} fields need your attention`;
}

/**
 * What a refused submit says, once: how many fields need attention and a link to each, with its
 * message (issue 27, after the GOV.UK error summary). The form moves focus here, so a screen reader
 * reads the count (the group's name) and a keyboard user is one Tab from the first field to fix.
 */
export function ErrorSummary({ items, ref }: { items: ErrorSummaryItem[]; ref?: Ref<HTMLDivElement> }) {
  if (items.length === 0) return null;
  return (
    <div
      ref={ref}
      role="group"
      aria-labelledby="error-summary-heading"
      tabIndex={-1}
      className="rounded-lg border-2 border-destructive bg-destructive-soft p-4"
    >
      <h3 id="error-summary-heading" className="font-semibold text-destructive">
        {errorCountText(items.length)}
      </h3>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm text-destructive">
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              onClick={(event) => {
                // A fragment link scrolls; the field should also get the focus, ready to type.
                const field = document.getElementById(item.id);
                if (!field) return;
                event.preventDefault();
                field.focus();
              }}
              className="font-medium underline underline-offset-4"
            >
              {item.label}: {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A form's summary: shown from the first refused submit on (or from the start, for a page given back
 * with the server's errors), and focused after each refused submit as soon as it is on screen. The
 * form's errors may reach React a render after the refusal (react-hook-form publishes them after
 * calling onInvalid), so the focus waits for the render that shows the summary.
 */
export function useErrorSummary(shownAtFirst: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(shownAtFirst);
  const [, setRefusals] = useState(0);
  const focusPending = useRef(false);
  useEffect(() => {
    if (focusPending.current && ref.current) {
      focusPending.current = false;
      ref.current.focus();
    }
  });
  const refused = () => {
    focusPending.current = true;
    setShown(true);
    setRefusals((count) => count + 1);
  };
  return { ref, shown, refused };
}
