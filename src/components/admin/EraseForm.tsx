import { actions } from 'astro:actions';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { privacyToasts } from '@/lib/privacy/admin';
import { runAdminAction } from './run-admin-action';

type Erasure = Awaited<ReturnType<typeof actions.admin.erasePerson.orThrow>>;

/** Erase everything held about an address, after a confirmation that says what it removes. */
export function EraseForm({ email, summary }: { email: string; summary: string }) {
  const [result, setResult] = useState<Erasure | null>(null);
  const [busy, setBusy] = useState(false);

  async function erase() {
    setBusy(true);
    let erased: Erasure | undefined;
    const ok = await runAdminAction(async () => {
      const answer = await actions.admin.erasePerson({ email });
      erased = answer.data;
      return answer;
    }, privacyToasts.erased);
    if (ok && erased) setResult(erased);
    setBusy(false);
  }

  if (result)
    return (
      <div role="status" className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4 text-sm">
        <p className="font-semibold">
          Erased: {result.applications} applications, {result.messages} messages, {result.files} files, account {result.account}.
        </p>
        {result.accountKeptBecause && <p>The account was kept: {result.accountKeptBecause}</p>}
        {result.held.length > 0 && (
          <div>
            <p>Kept because they are on legal hold:</p>
            <ul className="mt-1 list-disc pl-5">
              {result.held.map((held) => (
                <li key={held.id}>
                  {held.positionTitle}: {held.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
        <p className="text-muted-foreground">
          The audit log records the erasure under {result.reference}; a confirmation e-mail is on its way to the person.
        </p>
      </div>
    );
  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive" size="sm" aria-disabled={busy}>
          <Trash2 aria-hidden="true" />
          Erase everything
        </Button>
      }
      title={`Erase everything held about ${email}?`}
      description={`${summary} Files are deleted from storage too, and the person is told by e-mail. Applications on legal hold are kept. This cannot be undone.`}
      confirmLabel="Erase"
      destructive
      onConfirm={() => void erase()}
    />
  );
}
