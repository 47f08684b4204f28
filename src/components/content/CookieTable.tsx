import type { SiteCookie } from '@/lib/privacy/notice';

/** Every cookie the site sets, from the one list the code and a test share. */
export function CookieTable({ cookies }: { cookies: readonly SiteCookie[] }) {
  return (
    <dl className="mt-4 flex flex-col gap-4">
      {cookies.map((cookie) => (
        <div key={cookie.name} className="rounded-lg border border-border p-4">
          <dt className="font-mono text-sm font-semibold break-all">{cookie.name}</dt>
          <dd className="mt-1 text-sm leading-relaxed text-muted-foreground">
            {cookie.purpose} Kept: {cookie.lifetime}.
          </dd>
        </div>
      ))}
    </dl>
  );
}
