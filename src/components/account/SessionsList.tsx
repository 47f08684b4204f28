import { actions } from 'astro:actions';
import { LogOut, Monitor } from 'lucide-react';
import { useState } from 'react';
import { FormAlert } from '@/components/auth/FormAlert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { accountTexts } from '@/lib/accounts/texts';
import { useCommand } from './use-command';

export interface SessionItem {
  id: string;
  browser: string;
  ipAddress: string | null;
  lastSeen: Date;
  current: boolean;
}

/** Where the account is signed in: browser, IP address, last seen; end one, or every other. */
export function SessionsList({ sessions: initial }: { sessions: SessionItem[] }) {
  const [sessions, setSessions] = useState(initial);
  const { busy, formError, run } = useCommand();
  const others = sessions.filter((session) => !session.current);

  async function endOthers() {
    const done = await run(() => actions.account.signOutOthers({}), { kind: 'success', title: accountTexts.signedOutOthers });
    if (done) setSessions((rows) => rows.filter((row) => row.current));
  }
  async function end(session: SessionItem) {
    const done = await run(() => actions.account.signOutSession({ sessionId: session.id }), {
      kind: 'success',
      title: accountTexts.sessionEnded,
    });
    if (done) setSessions((rows) => rows.filter((row) => row.id !== session.id));
  }

  return (
    <div className="flex flex-col gap-4">
      <FormAlert message={formError.message} version={formError.version} />
      <ul className="divide-y divide-border rounded-xl border border-border">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
            <Monitor aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {session.browser}
                {session.current && (
                  <Badge variant="primary" className="ml-2">
                    {accountTexts.thisSession}
                  </Badge>
                )}
              </p>
              <p className="text-sm text-muted-foreground">
                IP {session.ipAddress || 'unknown'} · last seen {formatDateTime(new Date(session.lastSeen))}
              </p>
            </div>
            {!session.current && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={busy}
                onClick={() => void end(session)}
                aria-label={`Sign out ${session.browser}, last seen ${formatDateTime(new Date(session.lastSeen))}`}
              >
                {accountTexts.signOutSession}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <div>
          <Button type="button" variant="outline" disabled={busy} onClick={() => void endOthers()}>
            <LogOut aria-hidden="true" />
            {accountTexts.signOutOthers}
          </Button>
        </div>
      )}
    </div>
  );
}
