import { actions } from 'astro:actions';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { integrationPageTexts as texts } from '@/lib/integrations/texts';
import { runAdminAction } from '../run-admin-action';

/** Sends one delivery again (same id, same bytes), after its thread's earlier ones. */
export function RedeliverButton({ deliveryId, label }: { deliveryId: string; label: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={busy}
      aria-label={label}
      onClick={() => {
        setBusy(true);
        void runAdminAction(() => actions.admin.redeliver({ deliveryId })).then((ok) => {
          if (ok) window.location.reload();
          else setBusy(false);
        });
      }}
    >
      {texts.redeliver}
    </Button>
  );
}
