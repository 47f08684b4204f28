import { statusLabels, type ApplicationStatus } from '@/lib/applications/status';
import { formatDate } from '@/lib/format';
import { AdminEmpty, AdminTable, PhoneLabel } from './AdminTable';

export interface AssignedRow {
  id: string;
  positionId: string;
  positionTitle: string;
  fullName: string;
  status: ApplicationStatus;
  assignedAt: Date;
}

/** The applications someone is assigned to interview: each opens the application's page. */
export function AssignedApplications({ rows }: { rows: AssignedRow[] }) {
  if (rows.length === 0) return <AdminEmpty>No application is assigned to you yet.</AdminEmpty>;
  return (
    <AdminTable
      caption="Applications assigned to you, newest first"
      columns={[{ label: 'Applicant' }, { label: 'Position' }, { label: 'Status' }, { label: 'Assigned' }]}
      stackOnPhones
    >
      {rows.map((row) => (
        <tr key={row.id}>
          <td className="px-4 py-3">
            <a
              href={`/admin/applications/${row.positionId}/${row.id}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {row.fullName}
            </a>
          </td>
          <td className="px-4 py-3">
            <PhoneLabel>Position</PhoneLabel>
            {row.positionTitle}
          </td>
          <td className="px-4 py-3">
            <PhoneLabel>Status</PhoneLabel>
            {statusLabels[row.status]}
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
            <PhoneLabel>Assigned</PhoneLabel>
            {formatDate(row.assignedAt)}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
