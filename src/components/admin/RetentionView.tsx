import { countOf, formatDate, formatDateTime } from '@/lib/format';
import { AdminEmpty, AdminTable, PhoneLabel } from './AdminTable';
import { DetailCard } from './DetailCard';

export interface RetentionViewProps {
  policy: { applicationDays: number; messageDays: number; auditDays: number; talentPoolMonths: number };
  due: {
    applications: ReadonlyArray<{ id: string; positionId: string; positionTitle: string; fullName: string; dueAt: Date | null }>;
    messages: ReadonlyArray<{ id: string; firstName: string; lastName: string; dueAt: Date | null }>;
    held: ReadonlyArray<{ id: string; positionId: string; fullName: string; reason: string | null; since: Date | null }>;
  };
  runs: ReadonlyArray<{ id: number; startedAt: Date; applications: number; messages: number; auditEntries: number; files: number }>;
}

/** What the retention job will delete in the next 30 days, what it keeps on hold, and what its last runs deleted. */
export function RetentionView({ policy, due, runs }: RetentionViewProps) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-10 px-4 py-10 sm:px-6 lg:px-8">
      <DetailCard id="policy-heading" title="Retention periods">
        <ul className="mt-3 flex flex-col gap-1 text-sm text-muted-foreground">
          <li>
            Applications: {countOf(policy.applicationDays, 'day')} after they are decided (hired, rejected) or their position closes; in the
            talent pool, up to {countOf(policy.talentPoolMonths, 'month')} from the applicant's consent (RETENTION_APPLICATION_DAYS,
            RETENTION_TALENT_POOL_MONTHS).
          </li>
          <li>Contact messages: {countOf(policy.messageDays, 'day')} after they arrive (RETENTION_MESSAGE_DAYS).</li>
          <li>Audit log entries: {countOf(policy.auditDays, 'day')} (RETENTION_AUDIT_DAYS).</li>
          <li>The job runs daily at 02:43 UTC. Applications on legal hold are never deleted.</li>
        </ul>
      </DetailCard>

      <section aria-labelledby="due-heading" className="flex flex-col gap-4">
        <h2 id="due-heading" className="text-2xl font-bold tracking-tight">
          Due in the next 30 days
        </h2>
        {due.applications.length === 0 && due.messages.length === 0 ? (
          <AdminEmpty>Nothing is due in the next 30 days.</AdminEmpty>
        ) : (
          <AdminTable
            caption="Due for deletion in the next 30 days, soonest first"
            columns={[{ label: 'What' }, { label: 'Due' }]}
            tableClassName=""
            stackOnPhones
          >
            {due.applications.map((row) => (
              <tr key={row.id}>
                <td className="px-4 py-3">
                  <a href={`/admin/applications/${row.positionId}/${row.id}`} className="text-primary underline underline-offset-4">
                    Application of {row.fullName} for {row.positionTitle}
                  </a>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                  <PhoneLabel>Due</PhoneLabel>
                  {row.dueAt ? formatDate(row.dueAt) : ''}
                </td>
              </tr>
            ))}
            {due.messages.map((row) => (
              <tr key={row.id}>
                <td className="px-4 py-3">
                  <a href={`/admin/messages/${row.id}`} className="text-primary underline underline-offset-4">
                    Message from {row.firstName} {row.lastName}
                  </a>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                  <PhoneLabel>Due</PhoneLabel>
                  {row.dueAt ? formatDate(row.dueAt) : ''}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>

      <section aria-labelledby="held-heading" className="flex flex-col gap-4">
        <h2 id="held-heading" className="text-2xl font-bold tracking-tight">
          On legal hold
        </h2>
        {due.held.length === 0 ? (
          <AdminEmpty>No application is on legal hold.</AdminEmpty>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {due.held.map((row) => (
              <li key={row.id}>
                <a href={`/admin/applications/${row.positionId}/${row.id}`} className="text-primary underline underline-offset-4">
                  {row.fullName}
                </a>{' '}
                <span className="text-muted-foreground">
                  · {row.reason} · since {row.since ? formatDateTime(row.since) : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="runs-heading" className="flex flex-col gap-4">
        <h2 id="runs-heading" className="text-2xl font-bold tracking-tight">
          Last runs
        </h2>
        {runs.length === 0 ? (
          <AdminEmpty>The job has not run yet.</AdminEmpty>
        ) : (
          <AdminTable
            caption="The last runs of the retention job, newest first"
            columns={[{ label: 'When' }, { label: 'Applications' }, { label: 'Messages' }, { label: 'Audit entries' }, { label: 'Files' }]}
            tableClassName="sm:min-w-[40rem]"
            stackOnPhones
          >
            {runs.map((run) => (
              <tr key={run.id}>
                <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(run.startedAt)}</td>
                <td className="px-4 py-3 tabular-nums">
                  <PhoneLabel>Applications</PhoneLabel>
                  {run.applications}
                </td>
                <td className="px-4 py-3 tabular-nums">
                  <PhoneLabel>Messages</PhoneLabel>
                  {run.messages}
                </td>
                <td className="px-4 py-3 tabular-nums">
                  <PhoneLabel>Audit entries</PhoneLabel>
                  {run.auditEntries}
                </td>
                <td className="px-4 py-3 tabular-nums">
                  <PhoneLabel>Files</PhoneLabel>
                  {run.files}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
    </div>
  );
}
