import { zodResolver } from '@hookform/resolvers/zod';
import { actions } from 'astro:actions';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LocalTime } from '@/components/ui/local-time';
import { RadioGroupField } from '@/components/ui/radio-group-field';
import { showToast } from '@/components/ui/toast';
import { formToasts } from '@/lib/forms';
import {
  apiTokenLifetimes,
  apiTokenSchema,
  apiTokenScopeLabels,
  apiTokenScopes,
  apiTokenTexts as texts,
  type ApiTokenInput,
} from '@/lib/api/tokens';
import { runAdminAction } from '@/components/admin/run-admin-action';
import { SecretOnce } from '@/components/admin/integrations/SecretOnce';

export interface ApiTokenView {
  id: string;
  name: string;
  scope: 'read' | 'write';
  prefix: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  state: 'working' | 'revoked' | 'expired';
}

/** One's own API tokens: the list (revoke), and a form that makes one (shown once). */
export function ApiTokens({ tokens }: { tokens: ApiTokenView[] }) {
  const id = useId();
  const { register, handleSubmit, formState } = useForm<ApiTokenInput>({
    mode: 'onTouched',
    resolver: zodResolver(apiTokenSchema),
    defaultValues: { name: '', scope: 'read', days: 90 },
  });
  const { errors } = formState;
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);

  async function onValid(input: ApiTokenInput) {
    setBusy(true);
    let token: string | undefined;
    const ok = await runAdminAction(async () => {
      const result = await actions.admin.createApiToken(input);
      token = result.data?.token;
      return result;
    });
    setBusy(false);
    if (ok && token) setMade(token);
  }

  async function revoke(tokenId: string) {
    setBusy(true);
    if (await runAdminAction(() => actions.admin.revokeApiToken({ id: tokenId }))) return window.location.reload();
    setBusy(false);
  }

  return (
    <div className="flex flex-col gap-8">
      {tokens.length === 0 ? (
        <p className="text-muted-foreground">{texts.none}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-col gap-2 rounded-lg border border-border p-4 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{token.name}</span>
                  <code className="font-mono text-xs text-muted-foreground">{token.prefix}…</code>
                  <Badge variant={token.scope === 'write' ? 'accent' : 'neutral'}>{apiTokenScopeLabels[token.scope].label}</Badge>
                  {token.state !== 'working' && (
                    <Badge variant="destructive">{token.state === 'revoked' ? texts.revoked : texts.expired}</Badge>
                  )}
                </div>
                {token.state === 'working' &&
                  (revoking === token.id ? (
                    <div className="flex flex-wrap items-center gap-2">
                      <span>{texts.revokeConfirm}</span>
                      <Button type="button" size="sm" variant="destructive" disabled={busy} onClick={() => void revoke(token.id)}>
                        {texts.revoke}
                      </Button>
                      <Button type="button" size="sm" variant="ghost" onClick={() => setRevoking(null)}>
                        {texts.keep}
                      </Button>
                    </div>
                  ) : (
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      aria-label={`${texts.revoke} ${token.name}`}
                      onClick={() => setRevoking(token.id)}
                    >
                      {texts.revoke}
                    </Button>
                  ))}
              </div>
              <p className="text-muted-foreground">
                {texts.created} <LocalTime iso={token.createdAt} /> · {texts.expires} <LocalTime iso={token.expiresAt} /> ·{' '}
                {token.lastUsedAt ? (
                  <>
                    {texts.lastUsed} <LocalTime iso={token.lastUsedAt} />
                  </>
                ) : (
                  texts.never
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      {made ? (
        <SecretOnce secret={made} heading={texts.shownOnce} onKept={() => window.location.reload()} />
      ) : (
        <form
          aria-labelledby={`${id}-title`}
          noValidate
          className="flex flex-col gap-4 border-t border-border pt-6"
          onSubmit={(event) => void handleSubmit(onValid, () => showToast(formToasts.validationError))(event)}
        >
          <h3 id={`${id}-title`} className="text-lg font-semibold">
            {texts.make}
          </h3>
          <FormField id={`${id}-name`} label={texts.name} required error={errors.name?.message} hint={texts.nameHint}>
            {(control) => <Input {...control} {...register('name')} maxLength={100} autoComplete="off" />}
          </FormField>
          <RadioGroupField
            id={`${id}-scope`}
            legend={texts.scope}
            cards
            options={apiTokenScopes.map((value) => ({
              value,
              label: apiTokenScopeLabels[value].label,
              description: apiTokenScopeLabels[value].hint,
            }))}
            registration={register('scope')}
            initialValue="read"
            required
            error={errors.scope?.message}
          />
          <RadioGroupField
            id={`${id}-days`}
            legend={texts.days}
            options={apiTokenLifetimes.map((days) => ({ value: String(days), label: `${days} days` }))}
            registration={register('days')}
            initialValue="90"
            required
            error={errors.days?.message}
          />
          <div>
            <Button type="submit" size="sm" disabled={busy}>
              {texts.create}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
