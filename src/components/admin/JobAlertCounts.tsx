export interface JobAlertCountRow {
  departmentName: string | null;
  location: string | null;
  confirmed: number;
  pending: number;
}

/** Job alerts for admins: how many confirmed subscribers each filter has. Never an address, no export. */
export function JobAlertCounts({ rows }: { rows: JobAlertCountRow[] }) {
  const confirmed = rows.reduce((sum, row) => sum + row.confirmed, 0);
  const pending = rows.reduce((sum, row) => sum + row.pending, 0);
  const shown = rows.filter((row) => row.confirmed > 0);
  return (
    <section aria-labelledby="job-alert-counts" className="rounded-xl border border-border bg-card p-5 shadow-card sm:p-6">
      <h2 id="job-alert-counts" className="text-xl font-bold tracking-tight">
        Job alert subscribers
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {confirmed} confirmed{pending > 0 ? `, ${pending} waiting for confirmation` : ''}. Addresses are used only for job alerts: they are
        not shown, exported or sold.
      </p>
      {shown.length > 0 && (
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-2 pr-4 font-medium">
                Department
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Location
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Subscribers
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={`${row.departmentName ?? ''}|${row.location ?? ''}`} className="border-b border-border last:border-0">
                <td className="py-2 pr-4">{row.departmentName ?? 'Any'}</td>
                <td className="py-2 pr-4">{row.location ?? 'Any'}</td>
                <td className="py-2 text-right tabular-nums">{row.confirmed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
