import { CheckCircle2, FileDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { candidateOfferTexts as texts } from '@/lib/offers/texts';
import type { SigningState } from '@/lib/offers/offer';

/**
 * The candidate's offer on their application page (issue 54), rendered on the server with plain
 * forms posted to the page: the letter (the same text as its PDF), the PDF, and the answer. Accepting
 * is signing: they type their full name. A refused signature keeps what they typed and says why.
 */

export interface CandidateOfferView {
  id: string;
  status: 'sent' | 'accepted' | 'declined' | 'expired' | 'withdrawn' | 'replaced';
  /** "the end of March 9, 2027, Central Time (America/Chicago)" */
  deadline: string;
  letterHtml: string;
  answeredOn: string | null;
}

export interface CandidateOfferProps {
  offer: CandidateOfferView;
  fullName: string;
  path: string;
  signing?: SigningState | null;
  reason?: string;
}

export function CandidateOffer({ offer, fullName, path, signing = null, reason = '' }: CandidateOfferProps) {
  const signed = offer.status === 'accepted';
  const closed =
    offer.status === 'declined'
      ? texts.declined
      : offer.status === 'expired'
        ? texts.expired
        : offer.status === 'withdrawn'
          ? texts.withdrawn
          : offer.status === 'replaced'
            ? texts.replaced
            : null;
  return (
    <section id="offer" aria-labelledby="offer-heading" className="rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8">
      <h2 id="offer-heading" className="text-2xl font-bold tracking-tight">
        {texts.heading}
      </h2>
      {offer.status === 'sent' && <p className="mt-2 text-muted-foreground">{texts.lead(offer.deadline)}</p>}
      {signed && offer.answeredOn && (
        <p role="status" className="mt-3 flex gap-2 rounded-xl bg-success-soft p-4">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          {texts.accepted(offer.answeredOn)}
        </p>
      )}
      {closed && <p className="mt-3 rounded-xl bg-surface p-4">{closed}</p>}
      {offer.status !== 'withdrawn' && offer.status !== 'replaced' && (
        <>
          <article
            aria-label="Offer letter"
            className="offer-letter mt-6 rounded-lg border border-border bg-white p-5 leading-relaxed sm:p-8"
            dangerouslySetInnerHTML={{ __html: offer.letterHtml }}
          />
          <p className="mt-4">
            <a
              href={`${path}/offer.pdf`}
              className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
            >
              <FileDown aria-hidden="true" className="size-4" />
              {signed ? texts.downloadSigned : texts.download}
            </a>
          </p>
        </>
      )}
      {offer.status === 'sent' && (
        <div className="mt-8 grid gap-8 md:grid-cols-2">
          {signing?.step === 'code' ? (
            <div className="flex flex-col gap-3">
              <form method="post" action={`${path}#offer`} aria-labelledby="accept-heading" noValidate className="flex flex-col gap-3">
                <h3 id="accept-heading" className="text-lg font-semibold">
                  {texts.acceptHeading}
                </h3>
                {signing.sentTo && (
                  <p role="status" className="text-sm">
                    {texts.codeSent(signing.sentTo)}
                  </p>
                )}
                <p className="text-sm text-muted-foreground">{texts.signingAs(signing.signature)}</p>
                <input type="hidden" name="intent" value="accept-offer" />
                <input type="hidden" name="offer" value={offer.id} />
                <input type="hidden" name="signature" value={signing.signature} />
                <FormField id="offer-code" label={texts.code} required error={signing.error}>
                  {(control) => (
                    <Input {...control} name="code" autoComplete="one-time-code" inputMode="numeric" maxLength={6} pattern="[0-9]{6}" />
                  )}
                </FormField>
                <div>
                  <Button type="submit">{texts.sign}</Button>
                </div>
              </form>
              <form method="post" action={`${path}#offer`} aria-label={texts.newCode}>
                <input type="hidden" name="intent" value="accept-offer" />
                <input type="hidden" name="offer" value={offer.id} />
                <input type="hidden" name="signature" value={signing.signature} />
                <Button type="submit" variant="link" className="h-auto p-0">
                  {texts.newCode}
                </Button>
              </form>
            </div>
          ) : (
            <form method="post" action={`${path}#offer`} aria-labelledby="accept-heading" noValidate className="flex flex-col gap-3">
              <h3 id="accept-heading" className="text-lg font-semibold">
                {texts.acceptHeading}
              </h3>
              <p className="text-sm text-muted-foreground">{texts.acceptLead(fullName)}</p>
              <input type="hidden" name="intent" value="accept-offer" />
              <input type="hidden" name="offer" value={offer.id} />
              <FormField id="offer-signature" label={texts.signature} required error={signing?.error}>
                {(control) => (
                  <Input {...control} name="signature" autoComplete="name" maxLength={200} defaultValue={signing?.signature ?? ''} />
                )}
              </FormField>
              <div>
                <Button type="submit">{texts.accept}</Button>
              </div>
            </form>
          )}
          <form method="post" action={`${path}#offer`} aria-labelledby="decline-heading" noValidate className="flex flex-col gap-3">
            <h3 id="decline-heading" className="text-lg font-semibold">
              {texts.declineHeading}
            </h3>
            <input type="hidden" name="intent" value="decline-offer" />
            <input type="hidden" name="offer" value={offer.id} />
            <FormField id="offer-reason" label={texts.reason} hint={texts.reasonHint}>
              {(control) => <Textarea {...control} name="reason" rows={3} maxLength={2000} defaultValue={reason} />}
            </FormField>
            <div>
              <Button type="submit" variant="outline">
                {texts.decline}
              </Button>
            </div>
          </form>
        </div>
      )}
    </section>
  );
}
