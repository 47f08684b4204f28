import { actions } from 'astro:actions';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldError } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { showToast } from '@/components/ui/toast';
import type { SearchSnippet } from '@/lib/applications/search';
import { candidateHref } from '@/lib/candidates/profile';
import { defaultInvitation, invitationPlaceholders, poolMessages } from '@/lib/candidates/talent-pool';
import { formatDate } from '@/lib/format';
import { runAdminAction } from './run-admin-action';
import { SnippetLine } from './SnippetLine';

export interface PoolRow {
  candidateId: string;
  fullName: string;
  email: string;
  positionTitle: string;
  appliedAt: Date;
  until: Date;
  applied: boolean;
  invitedAt: Date | null;
  snippet: SearchSnippet | null;
}

/**
 * The talent pool's candidates (issue 33), and with a position chosen, the invitation to apply:
 * its text (the default, editable for this sending, placeholders filled per candidate) and a
 * button per candidate, each sending it once.
 */
export function TalentPoolList({ rows, position }: { rows: PoolRow[]; position: { id: string; title: string } | null }) {
  const [subject, setSubject] = useState<string>(defaultInvitation.subject);
  const [body, setBody] = useState<string>(defaultInvitation.body);
  const [error, setError] = useState<string | null>(null);
  const [invited, setInvited] = useState<Record<string, Date>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const id = useId();

  async function invite(row: PoolRow) {
    if (!position || busy) return;
    setBusy(row.candidateId);
    let refused: string | null = null;
    const ok = await runAdminAction(async () => {
      const result = await actions.admin.inviteToApply({ candidateId: row.candidateId, positionId: position.id, subject, body });
      // A refused text is said beside the invitation, where it is fixed.
      if (result.error && /placeholder|position’s link|subject|invitation/i.test(result.error.message)) refused = result.error.message;
      return result;
    });
    setError(refused);
    if (ok) {
      setInvited((current) => ({ ...current, [row.candidateId]: new Date() }));
      showToast({ kind: 'success', title: poolMessages.invited(row.fullName) });
    }
    setBusy(null);
  }

  return (
    <div className="flex flex-col gap-4">
      {position ? (
        <details className="rounded-xl border border-border bg-card p-4">
          <summary className="cursor-pointer font-semibold">The invitation to apply for {position.title}</summary>
          <div className="mt-3 flex flex-col gap-3">
            <label htmlFor={`${id}-subject`} className="text-sm font-medium">
              Subject
            </label>
            <Input id={`${id}-subject`} value={subject} maxLength={200} onChange={(event) => setSubject(event.target.value)} />
            <label htmlFor={`${id}-body`} className="text-sm font-medium">
              Text
            </label>
            <Textarea
              id={`${id}-body`}
              rows={10}
              value={body}
              onChange={(event) => setBody(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-placeholders${error ? ` ${id}-error` : ''}`}
            />
            {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
            <p id={`${id}-placeholders`} className="text-xs text-muted-foreground">
              Filled for each candidate:{' '}
              {Object.entries(invitationPlaceholders)
                .map(([name, meaning]) => `{{${name}}} ${meaning}`)
                .join('; ')}
              .
            </p>
          </div>
        </details>
      ) : (
        <p className="text-sm text-muted-foreground">Choose a position above to invite candidates to apply for it.</p>
      )}
      {rows.length === 0 ? (
        <p className="rounded-xl border border-border bg-card p-6 text-muted-foreground">No candidate of the talent pool matches.</p>
      ) : (
        <ul
          aria-label="Candidates in the talent pool"
          className="flex flex-col divide-y divide-border rounded-xl border border-border bg-card"
        >
          {rows.map((row) => {
            const sentAt = invited[row.candidateId] ?? row.invitedAt;
            return (
              <li key={row.candidateId} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 flex-1">
                  <a className="font-medium text-primary underline-offset-4 hover:underline" href={candidateHref(row.candidateId)}>
                    {row.fullName}
                  </a>
                  <p className="text-xs text-muted-foreground">
                    <span className="break-all">{row.email}</span> · applied for {row.positionTitle} on {formatDate(row.appliedAt)} · in the
                    pool until {formatDate(row.until)}
                  </p>
                  {row.snippet && <SnippetLine snippet={row.snippet} />}
                </div>
                {position &&
                  (row.applied ? (
                    <p className="text-sm text-muted-foreground">Applied for it already</p>
                  ) : sentAt ? (
                    <p className="text-sm text-muted-foreground">Invited {formatDate(sentAt)}</p>
                  ) : (
                    <Button size="sm" variant="outline" aria-disabled={busy !== null} onClick={() => void invite(row)}>
                      Invite to apply<span className="sr-only">: {row.fullName}</span>
                    </Button>
                  ))}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
