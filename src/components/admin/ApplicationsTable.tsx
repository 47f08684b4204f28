import { formatDate } from '@/lib/format';
import { AdminEmpty, AdminTable } from './AdminTable';
import { StatusBadge } from './StatusBadge';

export interface ApplicationRow {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  status: string;
  createdAt: Date;
}

/** A position's applications, newest first; each row is a link target (#application-{id}) for e-mails. */
export function ApplicationsTable({ position, rows }: { position: { id: string; title: string }; rows: ApplicationRow[] }) {
  if (rows.length === 0) return <AdminEmpty>No applications yet.</AdminEmpty>;
  return (
    <AdminTable
      caption={`Applications for ${position.title}, newest first`}
      columns={[{ label: 'Applicant' }, { label: 'Email' }, { label: 'Phone' }, { label: 'Status' }, { label: 'Applied' }]}
    >
      {rows.map((row) => (
        <tr key={row.id} id={`application-${row.id}`} className="target:bg-primary-soft">
          <td className="px-4 py-3 font-medium">
            <a href={`/admin/applications/${position.id}/${row.id}`} className="text-primary underline-offset-4 hover:underline">
              {row.fullName}
            </a>
          </td>
          <td className="px-4 py-3">{row.email}</td>
          <td className="px-4 py-3 whitespace-nowrap">{row.phone}</td>
          <td className="px-4 py-3">
            <StatusBadge status={row.status} />
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">{formatDate(row.createdAt)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
