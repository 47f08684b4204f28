import { actions } from 'astro:actions';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { isReplaceableOffer, type OfferStatus } from '@/lib/offers/offer';
import { offerPageTexts as texts } from '@/lib/offers/texts';
import { runAdminAction } from '../run-admin-action';

export interface OfferActionsProps {
  offerId: string;
  status: OfferStatus;
  /** The application is decided (hired, rejected, withdrawn): no new version. */
  decided: boolean;
}

type Step = 'submit' | 'send' | 'withdraw' | 'replace' | 'discard';

/** What the offer's drafters do next, by its status; withdrawing and discarding ask once more. */
export function OfferActions({ offerId, status, decided }: OfferActionsProps) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<Step | null>(null);

  async function run(step: Step) {
    setBusy(true);
    const input = { offerId };
    if (step === 'replace') {
      let next: string | undefined;
      const ok = await runAdminAction(async () => {
        const result = await actions.admin.replaceOffer(input);
        next = result.data;
        return result;
      });
      if (ok && next) return window.location.assign(`/admin/offers/${next}`);
    } else {
      const call = {
        submit: () => actions.admin.submitOffer(input),
        send: () => actions.admin.sendOffer(input),
        withdraw: () => actions.admin.withdrawOffer(input),
        discard: () => actions.admin.discardOffer(input),
      }[step];
      if (await runAdminAction(call))
        return window.location.assign(step === 'discard' ? '/admin/offers?done=discarded' : `/admin/offers/${offerId}?done=${step}`);
    }
    setBusy(false);
    setConfirming(null);
  }

  // What follows each status; a new version only while the application is undecided (isReplaceableOffer).
  const next: Partial<Record<OfferStatus, Step[]>> = {
    draft: ['submit', 'discard'],
    approval: ['discard'],
    approved: ['send', 'discard'],
    sent: ['withdraw'],
  };
  const steps: Step[] = [...(next[status] ?? []), ...(isReplaceableOffer(status) && !decided ? (['replace'] as const) : [])];
  if (steps.length === 0) return null;

  return (
    <div className="flex flex-wrap items-center gap-2">
      {steps.map((step) =>
        confirming === step ? (
          <span key={step} className="flex flex-wrap items-center gap-2" role="group" aria-label={texts.confirm[step] ?? ''}>
            <span className="text-sm">{texts.confirm[step]}</span>
            <Button type="button" variant="destructive" size="sm" disabled={busy} onClick={() => void run(step)}>
              {texts.steps[step]}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setConfirming(null)}>
              {texts.keep}
            </Button>
          </span>
        ) : (
          <Button
            key={step}
            type="button"
            size="sm"
            variant={step === 'withdraw' || step === 'discard' ? 'outline' : 'primary'}
            disabled={busy}
            onClick={() => (step in texts.confirm ? setConfirming(step) : void run(step))}
          >
            {texts.steps[step]}
          </Button>
        ),
      )}
    </div>
  );
}
