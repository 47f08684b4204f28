import { actions } from 'astro:actions';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { integrationPageTexts as texts } from '@/lib/integrations/texts';
import { runAdminAction } from '../run-admin-action';
import { SecretOnce } from './SecretOnce';

export interface IntegrationControlsProps {
  id: string;
  enabled: boolean;
  webhook: boolean;
}

/** Switch an integration off or on, give a webhook a new secret (shown once), delete it. */
export function IntegrationControls({ id, enabled, webhook }: IntegrationControlsProps) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<'secret' | 'delete' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  async function run(call: () => Promise<{ error?: { message: string } | undefined }>, done: string) {
    setBusy(true);
    if (await runAdminAction(call)) return window.location.assign(done);
    setBusy(false);
  }

  async function renew() {
    setBusy(true);
    let made: string | undefined;
    const ok = await runAdminAction(async () => {
      const result = await actions.admin.newIntegrationSecret({ id });
      made = result.data?.secret;
      return result;
    });
    setBusy(false);
    setConfirming(null);
    if (ok && made) setSecret(made);
  }

  if (secret) return <SecretOnce secret={secret} heading={texts.secretOnce} onKept={() => setSecret(null)} />;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        type="button"
        size="sm"
        variant={enabled ? 'outline' : 'primary'}
        disabled={busy}
        onClick={() =>
          void run(
            () => actions.admin.setIntegrationEnabled({ id, enabled: !enabled }),
            `/admin/integrations/${id}?done=${enabled ? 'disabled' : 'enabled'}`,
          )
        }
      >
        {enabled ? texts.switchOff : texts.switchOn}
      </Button>
      {confirming ? (
        <>
          <span className="text-sm">{confirming === 'secret' ? texts.newSecretConfirm : texts.deleteConfirm}</span>
          <Button
            type="button"
            size="sm"
            variant="destructive"
            disabled={busy}
            onClick={() =>
              void (confirming === 'secret'
                ? renew()
                : run(() => actions.admin.deleteIntegration({ id }), '/admin/integrations?done=deleted'))
            }
          >
            {confirming === 'secret' ? texts.newSecret : texts.delete}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(null)}>
            {texts.keep}
          </Button>
        </>
      ) : (
        <>
          {webhook && (
            <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => setConfirming('secret')}>
              {texts.newSecret}
            </Button>
          )}
          <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => setConfirming('delete')}>
            {texts.delete}
          </Button>
        </>
      )}
    </div>
  );
}
