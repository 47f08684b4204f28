import { actions } from 'astro:actions';
import { Pencil, Users } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { positionToasts } from '@/lib/positions/texts';
import { AdminTable, PhoneLabel } from './AdminTable';
import { runAdminAction } from './run-admin-action';

export interface AdminPositionRow {
  id: string;
  title: string;
  departmentName: string;
  location: string;
  type: string;
  isActive: boolean;
  applicationCount: number;
  createdAt: Date;
  /** Past its closing date. */
  closed: boolean;
}

const linkClass =
  'inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-semibold text-primary hover:bg-muted focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-4';

/**
 * Positions, newest first: status, applications, View Applications; with `canManage` (recruiters and
 * admins) also edit and activate/deactivate.
 */
export function PositionsTable({ positions: initialPositions, canManage = true }: { positions: AdminPositionRow[]; canManage?: boolean }) {
  const [positions, setPositions] = useState(initialPositions);
  const [pending, setPending] = useState<string | null>(null);

  async function toggle(position: AdminPositionRow) {
    if (pending) return;
    const active = !position.isActive;
    setPending(position.id);
    const ok = await runAdminAction(
      () => actions.admin.setPositionActive({ positionId: position.id, active }),
      active ? positionToasts.activated : positionToasts.deactivated,
    );
    if (ok) setPositions((rows) => rows.map((row) => (row.id === position.id ? { ...row, isActive: active } : row)));
    setPending(null);
  }

  if (positions.length === 0)
    return (
      <p className="text-muted-foreground">
        {canManage ? 'No positions yet. Add the first one.' : 'You are not on the hiring team of any position yet.'}
      </p>
    );

  return (
    <AdminTable
      caption="Job positions, newest first"
      columns={[
        { label: 'Position' },
        { label: 'Type' },
        { label: 'Status' },
        { label: 'Applications', className: 'text-right' },
        { label: 'Actions', hidden: true },
      ]}
      tableClassName="sm:min-w-[52rem]"
      stackOnPhones
    >
      {positions.map((position) => (
        <tr key={position.id}>
          <td className="px-4 py-3">
            <div className="font-medium">{position.title}</div>
            <div className="text-muted-foreground">
              {position.departmentName} · {position.location} · posted {formatDate(position.createdAt)}
            </div>
          </td>
          <td className="px-4 py-3 whitespace-nowrap">
            <PhoneLabel>Type</PhoneLabel>
            {position.type}
          </td>
          <td className="px-4 py-3">
            <Badge variant={position.isActive && !position.closed ? 'success' : 'neutral'}>
              {position.isActive ? (position.closed ? 'Closed' : 'Active') : 'Inactive'}
            </Badge>
          </td>
          <td className="px-4 py-3 text-right tabular-nums">
            <PhoneLabel>Applications</PhoneLabel>
            {position.applicationCount}
          </td>
          <td className="px-4 py-3">
            <div className="flex flex-wrap items-center gap-1 max-sm:-ml-2 sm:justify-end">
              <a href={`/admin/applications/${position.id}`} className={linkClass} aria-label={`View Applications: ${position.title}`}>
                <Users aria-hidden="true" />
                View Applications
              </a>
              {canManage && (
                <>
                  <a href={`/admin/positions/${position.id}`} className={linkClass} aria-label={`Edit ${position.title}`}>
                    <Pencil aria-hidden="true" />
                    Edit
                  </a>
                  <Button
                    variant="outline"
                    size="sm"
                    // Not `disabled`: a disabled button loses the keyboard focus, which would fall to the page.
                    aria-disabled={pending === position.id}
                    onClick={() => void toggle(position)}
                    aria-label={`${position.isActive ? 'Deactivate' : 'Activate'} ${position.title}`}
                  >
                    {position.isActive ? 'Deactivate' : 'Activate'}
                  </Button>
                </>
              )}
            </div>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
