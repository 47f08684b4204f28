import { actions } from 'astro:actions';
import { ShieldCheck, ShieldOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { formatDate } from '@/lib/format';
import { roleLabels, roles, type Role } from '@/lib/accounts/roles';
import { accountToasts, twoFactorTexts, userRuleMessages } from '@/lib/accounts/texts';
import { AdminEmpty, AdminTable } from './AdminTable';
import { runAdminAction } from './run-admin-action';

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  username: string;
  role: Role;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  createdAt: Date;
}

const TwoFactorState = ({ on }: { on: boolean }) =>
  on ? (
    <Badge variant="success">
      <ShieldCheck aria-hidden="true" />
      2FA on
    </Badge>
  ) : (
    <Badge variant="neutral">2FA off</Badge>
  );

/** Small screens: the row becomes a card (no sideways scroll, the name stays first). */
const card = 'max-sm:block max-sm:px-4 max-sm:py-1';

/**
 * A page of profiles, newest first: change a role (after a confirmation naming the person and the
 * new role), reset another user's second factor, delete after confirming (spec section 6).
 */
export function UsersTable({
  users: initialUsers,
  currentUserId,
  query,
}: {
  users: AdminUserRow[];
  currentUserId: string;
  query?: string;
}) {
  const [users, setUsers] = useState(initialUsers);
  const [pending, setPending] = useState<string | null>(null);
  const [roleChange, setRoleChange] = useState<{ user: AdminUserRow; role: Role } | null>(null);

  async function changeRole(user: AdminUserRow, role: Role) {
    setPending(user.id);
    const ok = await runAdminAction(() => actions.admin.setRole({ userId: user.id, role }), accountToasts.roleChanged);
    if (ok) setUsers((rows) => rows.map((row) => (row.id === user.id ? { ...row, role } : row)));
    setPending(null);
  }

  async function resetFactor(user: AdminUserRow) {
    setPending(user.id);
    const ok = await runAdminAction(() => actions.admin.resetTwoFactor({ userId: user.id }), {
      kind: 'success',
      title: twoFactorTexts.resetDone,
    });
    if (ok) setUsers((rows) => rows.map((row) => (row.id === user.id ? { ...row, twoFactorEnabled: false } : row)));
    setPending(null);
  }

  async function remove(user: AdminUserRow) {
    setPending(user.id);
    const ok = await runAdminAction(() => actions.admin.deleteUser({ userId: user.id }), accountToasts.userDeleted);
    if (ok) setUsers((rows) => rows.filter((row) => row.id !== user.id));
    setPending(null);
  }

  if (users.length === 0) return <AdminEmpty>{query ? `No users match “${query}”.` : 'No users yet.'}</AdminEmpty>;

  const wide = 'max-sm:hidden';
  return (
    <>
      <AdminTable
        caption="Users, newest first"
        columns={[
          { label: 'Name', className: wide },
          { label: 'Email', className: wide },
          { label: 'Joined', className: wide },
          { label: '2FA', className: wide },
          { label: 'Role', className: wide },
          { label: 'Actions', hidden: true, className: wide },
        ]}
        tableClassName="max-sm:block sm:min-w-[52rem] [&_tbody]:max-sm:block"
      >
        {users.map((user) => {
          const self = user.id === currentUserId;
          return (
            <tr key={user.id} className="max-sm:block max-sm:py-3">
              <td className={`px-4 py-3 ${card}`}>
                <div className="font-medium">{user.name}</div>
                <div className="text-muted-foreground">@{user.username}</div>
              </td>
              <td className={`px-4 py-3 break-all ${card}`}>
                {user.email}
                {!user.emailVerified && (
                  <Badge variant="neutral" className="ml-2">
                    Unverified
                  </Badge>
                )}
              </td>
              <td className={`px-4 py-3 whitespace-nowrap text-muted-foreground ${card}`}>
                <span className="sm:hidden">Joined </span>
                {formatDate(user.createdAt)}
              </td>
              <td className={`px-4 py-3 ${card}`}>
                <TwoFactorState on={user.twoFactorEnabled} />
              </td>
              <td className={`px-4 py-3 ${card}`}>
                <label className="sr-only" htmlFor={`role-${user.id}`}>
                  Role for {user.name}
                </label>
                <select
                  id={`role-${user.id}`}
                  value={user.role}
                  disabled={self || pending === user.id}
                  title={self ? 'You cannot change your own role' : undefined}
                  onChange={(event) => setRoleChange({ user, role: event.target.value as Role })}
                  className="h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
                >
                  {roles.map((role) => (
                    <option key={role} value={role}>
                      {roleLabels[role]}
                    </option>
                  ))}
                </select>
              </td>
              <td className={`px-4 py-3 text-right max-sm:text-left ${card}`}>
                {self ? (
                  <span className="text-xs text-muted-foreground">You</span>
                ) : (
                  <div className="flex flex-wrap justify-end gap-1 max-sm:justify-start">
                    {user.twoFactorEnabled && (
                      <ConfirmDialog
                        trigger={
                          <Button
                            variant="ghost"
                            size="sm"
                            disabled={pending === user.id}
                            aria-label={`${twoFactorTexts.reset} for ${user.name}`}
                          >
                            <ShieldOff aria-hidden="true" />
                            {twoFactorTexts.reset}
                          </Button>
                        }
                        title={twoFactorTexts.resetTitle(user.name)}
                        description={twoFactorTexts.resetDescription(user.name)}
                        confirmLabel={twoFactorTexts.reset}
                        destructive
                        onConfirm={() => void resetFactor(user)}
                      />
                    )}
                    <ConfirmDialog
                      trigger={
                        <Button variant="ghost" size="sm" disabled={pending === user.id} aria-label={`Delete ${user.name}`}>
                          <Trash2 aria-hidden="true" className="text-destructive" />
                          Delete
                        </Button>
                      }
                      title="Are you sure you want to delete this user?"
                      description={`${user.name} (${user.email}) and their sessions will be removed. This cannot be undone.`}
                      confirmLabel="Delete user"
                      destructive
                      onConfirm={() => void remove(user)}
                    />
                  </div>
                )}
              </td>
            </tr>
          );
        })}
      </AdminTable>
      <ConfirmDialog
        open={roleChange !== null}
        onOpenChange={(open) => {
          // Cancelled: the select shows the role the user still has.
          if (!open) setRoleChange(null);
        }}
        title={roleChange ? userRuleMessages.roleConfirmTitle(roleChange.user.name, roleChange.role) : ''}
        description={
          roleChange ? userRuleMessages.roleConfirmDescription(roleChange.user.name, roleChange.user.email, roleChange.role) : undefined
        }
        confirmLabel={roleChange ? userRuleMessages.roleConfirm(roleChange.role) : 'Confirm'}
        destructive
        onConfirm={() => {
          if (roleChange) void changeRole(roleChange.user, roleChange.role);
          setRoleChange(null);
        }}
      />
    </>
  );
}
