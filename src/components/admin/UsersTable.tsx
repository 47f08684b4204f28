import { actions } from 'astro:actions';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { formatDate } from '@/lib/format';
import type { Role } from '@/lib/accounts/schema';
import { accountToasts } from '@/lib/accounts/texts';
import { AdminTable } from './AdminTable';
import { runAdminAction } from './run-admin-action';

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  username: string;
  role: Role;
  emailVerified: boolean;
  createdAt: Date;
}

/** All profiles, newest first: change a role, delete after confirming (spec section 6). */
export function UsersTable({ users: initialUsers, currentUserId }: { users: AdminUserRow[]; currentUserId: string }) {
  const [users, setUsers] = useState(initialUsers);
  const [pending, setPending] = useState<string | null>(null);

  async function changeRole(user: AdminUserRow, role: Role) {
    setPending(user.id);
    const ok = await runAdminAction(() => actions.admin.setRole({ userId: user.id, role }), accountToasts.roleChanged);
    if (ok) setUsers((rows) => rows.map((row) => (row.id === user.id ? { ...row, role } : row)));
    setPending(null);
  }

  async function remove(user: AdminUserRow) {
    setPending(user.id);
    const ok = await runAdminAction(() => actions.admin.deleteUser({ userId: user.id }), accountToasts.userDeleted);
    if (ok) setUsers((rows) => rows.filter((row) => row.id !== user.id));
    setPending(null);
  }

  if (users.length === 0) return <p className="text-muted-foreground">No users yet.</p>;

  return (
    <AdminTable
      caption="Users, newest first"
      columns={[{ label: 'Name' }, { label: 'Email' }, { label: 'Joined' }, { label: 'Role' }, { label: 'Actions', hidden: true }]}
    >
      {users.map((user) => {
        const self = user.id === currentUserId;
        return (
          <tr key={user.id}>
            <td className="px-4 py-3">
              <div className="font-medium">{user.name}</div>
              <div className="text-muted-foreground">@{user.username}</div>
            </td>
            <td className="px-4 py-3">
              {user.email}
              {!user.emailVerified && (
                <Badge variant="neutral" className="ml-2">
                  Unverified
                </Badge>
              )}
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">{formatDate(user.createdAt)}</td>
            <td className="px-4 py-3">
              <label className="sr-only" htmlFor={`role-${user.id}`}>
                Role for {user.name}
              </label>
              <select
                id={`role-${user.id}`}
                value={user.role}
                disabled={self || pending === user.id}
                title={self ? 'You cannot change your own role' : undefined}
                onChange={(event) => void changeRole(user, event.target.value as Role)}
                className="h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
              >
                <option value="user">user</option>
                <option value="admin">admin</option>
              </select>
            </td>
            <td className="px-4 py-3 text-right">
              {self ? (
                <span className="text-xs text-muted-foreground">You</span>
              ) : (
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
              )}
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
