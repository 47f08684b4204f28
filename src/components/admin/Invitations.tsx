import { zodResolver } from '@hookform/resolvers/zod';
import { actions } from 'astro:actions';
import { Mail, RotateCw, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { RadioGroupField } from '@/components/ui/radio-group-field';
import { showToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/format';
import { invitationSchema, type InvitationInput } from '@/lib/accounts/schema';
import { roleDescriptions, roleLabels, staffRoles, type Role } from '@/lib/accounts/roles';
import { invitationTexts } from '@/lib/accounts/texts';
import { runAdminAction } from './run-admin-action';

export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  sentAt: Date;
  expiresAt: Date;
  expired: boolean;
  invitedBy: string | null;
}

/** Invite staff by e-mail with a role; the pending invitations, each sent again or revoked. */
export function Invitations({ pending: initial }: { pending: PendingInvitation[] }) {
  const [pending, setPending] = useState(initial);
  const [busy, setBusy] = useState(false);
  const { register, handleSubmit, formState, reset } = useForm<InvitationInput>({
    mode: 'onTouched',
    resolver: zodResolver(invitationSchema),
    // No role chosen for you: a colleague invited with the wrong role by accident would be locked out, or let in too far.
    defaultValues: { email: '' },
  });

  async function invite(values: InvitationInput) {
    setBusy(true);
    let created: { id: string; email: string } | undefined;
    const ok = await runAdminAction(async () => {
      const result = await actions.admin.invite(values);
      created = result.data;
      return result;
    });
    if (ok && created) {
      const now = new Date();
      const invitation: PendingInvitation = {
        id: created.id,
        email: created.email,
        role: values.role as Role,
        sentAt: now,
        expiresAt: new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000),
        expired: false,
        invitedBy: 'You',
      };
      setPending((rows) => [invitation, ...rows.filter((row) => row.email !== invitation.email)]);
      showToast({ kind: 'success', title: invitationTexts.sent(created.email) });
      reset();
    }
    setBusy(false);
  }

  async function resend(invitation: PendingInvitation) {
    setBusy(true);
    const ok = await runAdminAction(() => actions.admin.resendInvitation({ invitationId: invitation.id }), {
      kind: 'success',
      title: invitationTexts.resent(invitation.email),
    });
    if (ok) {
      const now = new Date();
      setPending((rows) =>
        rows.map((row) =>
          row.id === invitation.id
            ? { ...row, sentAt: now, expiresAt: new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000), expired: false }
            : row,
        ),
      );
    }
    setBusy(false);
  }

  async function revoke(invitation: PendingInvitation) {
    setBusy(true);
    const ok = await runAdminAction(() => actions.admin.revokeInvitation({ invitationId: invitation.id }), {
      kind: 'success',
      title: invitationTexts.revoked(invitation.email),
    });
    if (ok) setPending((rows) => rows.filter((row) => row.id !== invitation.id));
    setBusy(false);
  }

  return (
    <div className="flex flex-col gap-5">
      <form noValidate onSubmit={(event) => void handleSubmit(invite)(event)} className="flex max-w-2xl flex-col gap-5">
        <FormField id="invite-email" label="Email" required error={formState.errors.email?.message}>
          {(control) => <Input {...control} {...register('email')} type="email" autoComplete="off" inputMode="email" maxLength={254} />}
        </FormField>
        <RadioGroupField
          id="invite-role"
          cards
          legend="Role"
          required
          options={staffRoles.map((role) => ({ value: role, label: roleLabels[role], description: roleDescriptions[role] }))}
          registration={register('role')}
          error={formState.errors.role?.message}
        />
        <div>
          <Button type="submit" disabled={busy}>
            <Mail aria-hidden="true" />
            {invitationTexts.invite}
          </Button>
        </div>
      </form>
      {pending.length === 0 ? (
        <p className="text-sm text-muted-foreground">{invitationTexts.none}</p>
      ) : (
        <ul aria-label="Pending invitations" className="divide-y divide-border rounded-xl border border-border bg-card">
          {pending.map((invitation) => (
            <li key={invitation.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-all">
                  {invitation.email}{' '}
                  <Badge variant="neutral" className="ml-1">
                    {roleLabels[invitation.role]}
                  </Badge>
                  {invitation.expired && (
                    <Badge variant="destructive" className="ml-1">
                      Expired
                    </Badge>
                  )}
                </p>
                <p className="text-sm text-muted-foreground">
                  Sent {formatDate(new Date(invitation.sentAt))}
                  {invitation.invitedBy ? ` by ${invitation.invitedBy}` : ''} · {invitation.expired ? 'expired' : 'expires'}{' '}
                  {formatDate(new Date(invitation.expiresAt))}
                </p>
              </div>
              <div className="-ml-3 flex gap-1 sm:ml-0">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  onClick={() => void resend(invitation)}
                  aria-label={`Resend the invitation to ${invitation.email}`}
                >
                  <RotateCw aria-hidden="true" />
                  Resend
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      disabled={busy}
                      aria-label={`Revoke the invitation to ${invitation.email}`}
                    >
                      <X aria-hidden="true" className="text-destructive" />
                      Revoke
                    </Button>
                  }
                  title={`Revoke the invitation to ${invitation.email}?`}
                  description="The link in the e-mail stops working."
                  confirmLabel="Revoke invitation"
                  destructive
                  onConfirm={() => void revoke(invitation)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
