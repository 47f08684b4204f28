import { actions } from 'astro:actions';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { offerMessages, type ApprovalDecision } from '@/lib/offers/offer';
import { offerPageTexts as texts } from '@/lib/offers/texts';
import { runAdminAction } from '../run-admin-action';

/** The approver's decision on an offer whose approval is theirs now: approve, or ask for changes saying which. */
export function OfferApproval({ offerId }: { offerId: string }) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function decide(decision: ApprovalDecision) {
    if (decision === 'changes' && !comment.trim()) return setError(offerMessages.comment);
    setError(undefined);
    setBusy(true);
    if (await runAdminAction(() => actions.admin.decideOffer({ offerId, decision, comment })))
      return window.location.assign(`/admin/offers/${offerId}?done=${decision}`);
    setBusy(false);
  }

  return (
    <form
      aria-label={texts.decideHeading}
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void decide('approved');
      }}
    >
      <FormField id="offer-approval-comment" label={texts.comment} hint={texts.commentHint} error={error}>
        {(control) => (
          <Textarea {...control} rows={3} maxLength={2000} value={comment} onChange={(event) => setComment(event.target.value)} />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {texts.approve}
        </Button>
        <Button type="button" variant="outline" disabled={busy} onClick={() => void decide('changes')}>
          {texts.askChanges}
        </Button>
      </div>
    </form>
  );
}
