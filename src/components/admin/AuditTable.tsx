import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format';
import { roleLabels, type Role } from '@/lib/accounts/roles';
import { AdminEmpty, AdminTable, PhoneLabel } from './AdminTable';

export interface AuditRow {
  id: string | number;
  actorEmail: string | null;
  actorName: string | null;
  /** The actor's role when they acted (older entries have none). */
  actorRole?: Role | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details: unknown;
  createdAt: Date;
  target: { label: string | null; href: string | null };
}

const describe = (details: unknown) =>
  Object.entries((details ?? {}) as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');

/** A target by name (linked while it exists); its kind and id when nothing else is known. */
function Target({ entry }: { entry: AuditRow }): ReactNode {
  const { label, href } = entry.target;
  if (!label)
    return (
      <span className="font-mono text-xs break-all">
        {entry.targetType} {entry.targetId}
      </span>
    );
  return href ? (
    <a href={href} className="text-primary underline-offset-4 hover:underline">
      {label}
    </a>
  ) : (
    label
  );
}

/** Who changed what in the admin area, newest first, people and things by name. */
export function AuditTable({ entries }: { entries: AuditRow[] }) {
  if (entries.length === 0) return <AdminEmpty>Nothing has been changed yet.</AdminEmpty>;
  return (
    <AdminTable
      caption="Audit log, newest first"
      columns={[{ label: 'When' }, { label: 'Who' }, { label: 'What' }, { label: 'Target' }, { label: 'Details' }]}
      tableClassName="sm:min-w-[56rem]"
      stackOnPhones
    >
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td className="px-4 py-3 align-top whitespace-nowrap text-muted-foreground">{formatDateTime(entry.createdAt)}</td>
          <td className="px-4 py-3 align-top">
            {entry.actorEmail ? (
              <>
                {entry.actorName && <span className="font-medium">{entry.actorName} </span>}
                <span className="break-all text-muted-foreground">{entry.actorEmail}</span>
                {entry.actorRole && <span className="block text-xs text-muted-foreground">{roleLabels[entry.actorRole]}</span>}
              </>
            ) : (
              'system'
            )}
          </td>
          <td className="px-4 py-3 align-top font-mono text-xs">{entry.action}</td>
          <td className="px-4 py-3 align-top">
            <PhoneLabel>About</PhoneLabel>
            <Target entry={entry} />
          </td>
          <td className="px-4 py-3 align-top text-muted-foreground">{describe(entry.details)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
