import { noAccessTexts } from '@/lib/accounts/texts';

/**
 * What a person sees for a page their role does not include: that it is so, who can change it,
 * and the pages they may use. `heading` when the page has no title band of its own.
 */
export function NoAccess({
  role,
  links,
  heading,
}: {
  role: string;
  links: ReadonlyArray<{ href: string; label: string }>;
  heading?: string;
}) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-10 sm:px-6 lg:px-8">
      {heading && <h1 className="text-3xl font-extrabold tracking-tight">{heading}</h1>}
      <p className="text-lg">{noAccessTexts.body(role)}</p>
      {links.length > 0 && (
        <nav aria-labelledby="no-access-links">
          <h2 id="no-access-links" className="text-sm font-semibold text-muted-foreground">
            {noAccessTexts.goTo}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {links.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="inline-flex rounded-md border border-border bg-card px-3 py-1.5 text-sm font-semibold text-primary hover:bg-muted focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
