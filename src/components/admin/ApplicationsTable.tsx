import { FilterLinks } from '@/components/ui/filter-links';
import { applicationStatuses, statusLabels, type ApplicationStatus } from '@/lib/applications/status';
import { formatPhone } from '@/lib/applications/phone';
import { applicationsHref } from '@/lib/applications/query';
import { formatDate } from '@/lib/format';
import { AdminEmpty, AdminTable, PhoneLabel } from './AdminTable';
import { StatusBadge } from './StatusBadge';

export interface ApplicationRow {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  status: ApplicationStatus;
  createdAt: Date;
}

/** All, or one step of the pipeline, each with its count. */
export function ApplicationsFilter({
  positionId,
  status,
  all,
  byStatus,
}: {
  positionId: string;
  status: ApplicationStatus | null;
  all: number;
  byStatus: Partial<Record<ApplicationStatus, number>>;
}) {
  return (
    <FilterLinks
      label="Show applications"
      options={[
        { label: 'All', count: all, href: applicationsHref(positionId, { status: null, page: 1 }), active: status === null },
        ...applicationStatuses.map((step) => ({
          label: statusLabels[step],
          count: byStatus[step] ?? 0,
          href: applicationsHref(positionId, { status: step, page: 1 }),
          active: status === step,
        })),
      ]}
    />
  );
}

/** A position's applications, newest first; each row is a link target (#application-{id}) for e-mails. */
export function ApplicationsTable({
  position,
  rows,
  status,
}: {
  position: { id: string; title: string };
  rows: ApplicationRow[];
  /** The pipeline step shown, or null for all. */
  status: ApplicationStatus | null;
}) {
  if (rows.length === 0)
    return <AdminEmpty>{status ? `No applications are ${statusLabels[status].toLowerCase()}.` : 'No applications yet.'}</AdminEmpty>;
  return (
    <AdminTable
      caption={`Applications for ${position.title}, newest first`}
      columns={[{ label: 'Applicant' }, { label: 'Email' }, { label: 'Phone' }, { label: 'Status' }, { label: 'Applied' }]}
      tableClassName="sm:min-w-[44rem]"
      stackOnPhones
    >
      {rows.map((row) => (
        <tr key={row.id} id={`application-${row.id}`} className="target:bg-primary-soft">
          <td className="px-4 py-3 font-medium">
            <a href={`/admin/applications/${position.id}/${row.id}`} className="text-primary underline-offset-4 hover:underline">
              {row.fullName}
            </a>
          </td>
          <td className="px-4 py-3 break-all">{row.email}</td>
          <td className="px-4 py-3 whitespace-nowrap">{formatPhone(row.phone)}</td>
          <td className="px-4 py-3">
            <StatusBadge status={row.status} />
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
            <PhoneLabel>Applied</PhoneLabel>
            {formatDate(row.createdAt)}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
