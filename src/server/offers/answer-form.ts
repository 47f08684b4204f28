import { acceptOfferSchema, declineOfferSchema, type SigningState } from '../../lib/offers/offer.ts';
import { declineOffer, signOffer, type AnswerDeps } from './answer.ts';

/**
 * The candidate page's offer forms (plain posts, no JavaScript): signing in two steps (the name,
 * then the e-mailed code, decision 071) and declining. What the page shows next: a redirect when
 * done, else the signing step with what was typed and why it was refused, or a notice.
 */

export type OfferFormOutcome =
  | { kind: 'redirect'; to: string }
  | { kind: 'signing'; signing: SigningState }
  | { kind: 'notice'; notice: string; declineReason?: string };

const firstIssue = (issues: readonly { message: string; path: readonly PropertyKey[] }[]) => issues[0];

export async function answerOfferForm(
  deps: AnswerDeps,
  page: { token: string; path: string },
  fields: Record<string, string>,
  clientKey: string,
): Promise<OfferFormOutcome> {
  const { token, path } = page;
  if (fields['intent'] === 'decline-offer') {
    const reason = fields['reason'] ?? '';
    const input = declineOfferSchema.safeParse({ token, offerId: fields['offer'], reason });
    if (!input.success)
      return { kind: 'notice', notice: firstIssue(input.error.issues)?.message ?? 'Check your answer', declineReason: reason };
    const result = await declineOffer(deps.db, token, input.data.offerId, input.data.reason);
    if (result.kind === 'declined') return { kind: 'redirect', to: `${path}?done=declined#offer` };
    return {
      kind: 'notice',
      notice: result.kind === 'refused' ? result.message : 'This offer is not open for an answer',
      declineReason: reason,
    };
  }
  const typed = fields['signature'] ?? '';
  const code = fields['code'];
  const input = acceptOfferSchema.safeParse({ token, offerId: fields['offer'], signature: typed, ...(code === undefined ? {} : { code }) });
  if (!input.success) {
    const issue = firstIssue(input.error.issues);
    const onCode = issue?.path[0] === 'code';
    return {
      kind: 'signing',
      signing: { signature: onCode ? typed.trim() : typed, step: onCode ? 'code' : 'name', error: issue?.message },
    };
  }
  const result = await signOffer(deps, input.data, clientKey);
  switch (result.kind) {
    case 'accepted':
      return { kind: 'redirect', to: `${path}?done=accepted#offer` };
    case 'code-sent':
      return { kind: 'signing', signing: { signature: input.data.signature, step: 'code', sentTo: result.to } };
    case 'refused':
      if (!result.field) return { kind: 'notice', notice: result.message };
      return {
        kind: 'signing',
        signing: {
          signature: result.field === 'code' ? input.data.signature : typed,
          step: result.field === 'code' ? 'code' : 'name',
          error: result.message,
        },
      };
    default:
      return { kind: 'notice', notice: 'This offer is not open for an answer' };
  }
}
