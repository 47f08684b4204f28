import { formatDateTime } from '@/lib/format';
import { AdminEmpty, AdminTable } from './AdminTable';

export interface AuditRow {
  id: string | number;
  actorEmail: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details: unknown;
  createdAt: Date;
}

const describe = (details: unknown) =>
  Object.entries((details ?? {}) as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');

/** Who changed what in the admin area, newest first. */
export function AuditTable({ entries }: { entries: AuditRow[] }) {
  if (entries.length === 0) return <AdminEmpty>Nothing has been changed yet.</AdminEmpty>;
  return (
    <AdminTable
      caption="Audit log, newest first"
      columns={[{ label: 'When' }, { label: 'Who' }, { label: 'What' }, { label: 'Target' }, { label: 'Details' }]}
      tableClassName="min-w-[48rem]"
    >
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">{formatDateTime(entry.createdAt)}</td>
          <td className="px-4 py-3">{entry.actorEmail ?? 'system'}</td>
          <td className="px-4 py-3 font-mono text-xs">{entry.action}</td>
          <td className="px-4 py-3 font-mono text-xs break-all">
            {entry.targetType} {entry.targetId}
          </td>
          <td className="px-4 py-3 text-muted-foreground">{describe(entry.details)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
