/**
 * The first focusable element of every page: jumps past the header to the page's content. When
 * focused it shows just below the sticky header (4 rem), clear of the logo and the menu, so the
 * header it lets you skip stays in view. The padding is marked important: not-sr-only resets it.
 */
export function SkipLink() {
  return (
    <a
      href="#main-content"
      className="sr-only z-[60] rounded-md bg-primary font-semibold text-primary-foreground shadow-popover focus:not-sr-only focus:fixed focus:top-[4.5rem] focus:left-4 focus:px-5! focus:py-3! sm:focus:left-6 lg:focus:left-8"
    >
      Skip to content
    </a>
  );
}
