import type { ReactNode } from 'react';
import { LinkButton } from '@/components/ui/link-button';

/** A titled card of the admin detail pages (applicant, message, resume, attachment). */
export function DetailCard({ id, title, small = false, children }: { id?: string; title: string; small?: boolean; children: ReactNode }) {
  const heading = small ? 'text-sm font-medium' : 'text-lg font-semibold';
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-card p-6 shadow-card">
      <h2 id={id} className={heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Label/value rows, two columns from small screens up. */
export function DetailList({ rows }: { rows: ReadonlyArray<readonly [label: string, value: ReactNode]> }) {
  return (
    <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-muted-foreground">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export const detailLinkClass = 'text-primary underline-offset-4 hover:underline';

/** Text a person wrote (cover letter, message), shown as written: escaped, never rendered as HTML. */
export function WrittenText({ children }: { children: string }) {
  return <p className="mt-4 text-sm leading-relaxed whitespace-pre-wrap">{children}</p>;
}

export const notGiven = <span className="text-muted-foreground">Not given</span>;

/**
 * The two columns of a detail page: what was sent, and beside it (below on phones) what to do
 * with it. `decision` (the controls a reviewer came for: status, rating) heads the side column,
 * and on a phone comes first, above what was sent, instead of two screens down (issue 30).
 */
export function DetailLayout({
  main,
  aside,
  asideLabel,
  decision,
}: {
  main: ReactNode;
  aside: ReactNode;
  asideLabel: string;
  decision?: ReactNode;
}) {
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-x-10 gap-y-6 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr] lg:px-8">
      {decision && (
        <section aria-label="Decision" className="flex flex-col gap-6 lg:col-start-2 lg:row-start-1">
          {decision}
        </section>
      )}
      <div className="flex min-w-0 flex-col gap-8 lg:col-start-1 lg:row-span-2 lg:row-start-1">{main}</div>
      <aside
        className={`flex flex-col gap-6 lg:col-start-2 lg:self-start ${decision ? 'lg:row-start-2' : 'lg:row-span-2 lg:row-start-1'}`}
        aria-label={asideLabel}
      >
        {aside}
      </aside>
    </div>
  );
}

/** A private file (resume, attachment): its name and size and the authorised download, or why there is none. */
export function PrivateFileCard(props: {
  title: string;
  file: { fileName: string; size: number | null } | null;
  href: string;
  downloadLabel: string;
  none: string;
  id?: string;
  small?: boolean;
  /** Shown under the download (the resume drawn in the page). */
  children?: ReactNode;
}) {
  const { title, file, href, downloadLabel, none, id, small = true, children } = props;
  return (
    <DetailCard id={id} title={title} small={small}>
      {file ? (
        <>
          <p className="mt-2 text-sm break-all text-muted-foreground">
            {file.fileName} ({Math.max(1, Math.round((file.size ?? 0) / 1024))} KB)
          </p>
          <div className="mt-4">
            <LinkButton href={href} size="sm" download>
              {downloadLabel}
            </LinkButton>
          </div>
          {children && <div className="mt-4">{children}</div>}
        </>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">{none}</p>
      )}
    </DetailCard>
  );
}
