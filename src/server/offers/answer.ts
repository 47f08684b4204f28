import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { offers, positions } from '../db/schema.ts';
import { audit } from '../audit/log.ts';
import { recordEvent } from '../events/record.ts';
import { changeStatus } from '../applications/review.ts';
import { candidateActor } from '../candidates/withdraw.ts';
import { findApplicationByToken } from '../candidates/links.ts';
import { letterHtml, letterTitle } from './letter.ts';
import { companyToday } from './offers.ts';
import { letterSha256, renderOfferPdf, type OfferLetter } from './pdf.ts';
import { offerMessages, signatureMatches, type OfferStatus } from '../../lib/offers/offer.ts';
import { siteConfig } from '../../lib/site-config.ts';

/**
 * The candidate's side of an offer (issue 54): the offer on their application page (the latest one
 * sent; never a draft), its PDF, and their answer. Accepting signs it with their typed full name:
 * the letter as sent is sealed into a PDF with a certificate page (the name, the time, the address
 * it came from, the letter's SHA-256), stored with its own SHA-256, and from then on the database
 * refuses any change to the offer (migration 0040). The application moves to Hired and the team
 * hears of it; a decline, with its optional reason, is told to the team too.
 */

export interface CandidateOffer {
  id: string;
  version: number;
  /** Expired when its date passed, even before the daily job closed it. */
  status: Extract<OfferStatus, 'sent' | 'accepted' | 'declined' | 'expired' | 'withdrawn' | 'replaced'>;
  expiresOn: string;
  letterHtml: string;
  answeredAt: Date | null;
  signatureName: string | null;
}

/** The letter as the PDF prints it: the same Markdown the page shows. */
const pdfLetter = (
  offer: { id: string; version: number; letterText: string | null; sentAt: Date | null },
  positionTitle: string,
): OfferLetter => ({
  company: siteConfig.name,
  title: letterTitle(positionTitle),
  markdown: offer.letterText ?? '',
  reference: `Offer ${offer.id}, version ${offer.version}`,
  issuedAt: offer.sentAt ?? new Date(0),
});

/** The latest offer sent on an application, with its position's title; none while nothing was sent. */
async function latestSent(db: Pick<Database, 'select'>, applicationId: string) {
  const [row] = await db
    .select({ offer: offers, positionTitle: positions.title })
    .from(offers)
    .innerJoin(positions, eq(positions.id, offers.positionId))
    .where(
      and(
        eq(offers.applicationId, applicationId),
        ne(offers.status, 'draft'),
        ne(offers.status, 'approval'),
        ne(offers.status, 'approved'),
      ),
    )
    .orderBy(desc(offers.version))
    .limit(1);
  return row ?? null;
}

const effectiveStatus = (offer: { status: OfferStatus; expiresOn: string }, now: Date): CandidateOffer['status'] =>
  offer.status === 'sent' && offer.expiresOn < companyToday(now) ? 'expired' : (offer.status as CandidateOffer['status']);

/** The offer the candidate's page shows; the first opening is noted (the team sees it was read). */
export async function candidateOffer(db: Database, applicationId: string, now = new Date()): Promise<CandidateOffer | null> {
  const row = await latestSent(db, applicationId);
  if (!row) return null;
  const { offer } = row;
  if (offer.status === 'sent' && !offer.readAt)
    await db
      .update(offers)
      .set({ readAt: now })
      .where(and(eq(offers.id, offer.id), isNull(offers.readAt)));
  return {
    id: offer.id,
    version: offer.version,
    status: effectiveStatus(offer, now),
    expiresOn: offer.expiresOn,
    letterHtml: letterHtml(offer.letterText ?? ''),
    answeredAt: offer.answeredAt,
    signatureName: offer.signatureName,
  };
}

/** The candidate's PDF of their offer: the sealed one once signed, else the letter as sent. */
export async function candidateOfferPdf(db: Database, token: string, now = new Date()): Promise<{ pdf: Buffer; fileName: string } | null> {
  const application = await findApplicationByToken(db, token, now);
  if (!application) return null;
  const row = await latestSent(db, application.id);
  if (!row) return null;
  return { pdf: await offerPdf(row.offer, row.positionTitle), fileName: offerFileName(row.offer.version, row.offer.status === 'accepted') };
}

/** An offer's PDF: the sealed one once signed, else its letter (as sent, or as it would be sent: the staff's preview). */
export async function offerPdf(
  offer: { id: string; version: number; letterText: string | null; sentAt: Date | null; sealedPdf: Buffer | null },
  positionTitle: string,
): Promise<Buffer> {
  return offer.sealedPdf ?? renderOfferPdf(pdfLetter(offer, positionTitle));
}

export const offerFileName = (version: number, signed: boolean) => `offer-v${version}${signed ? '-signed' : ''}.pdf`;

export type AnswerResult =
  { kind: 'accepted' } | { kind: 'declined' } | { kind: 'not-found' } | { kind: 'refused'; message: string; field?: 'signature' };

type Answerable =
  | { refusal: AnswerResult }
  | {
      application: NonNullable<Awaited<ReturnType<typeof findApplicationByToken>>>;
      row: { offer: typeof offers.$inferSelect; positionTitle: string };
    };

/** The sent offer a token's application may answer, locked, or why not. */
async function answerable(tx: Database, token: string, offerId: string, now: Date): Promise<Answerable> {
  const application = await findApplicationByToken(tx, token, now);
  if (!application) return { refusal: { kind: 'not-found' } };
  const [row] = await tx
    .select({ offer: offers, positionTitle: positions.title })
    .from(offers)
    .innerJoin(positions, eq(positions.id, offers.positionId))
    .where(and(eq(offers.id, offerId), eq(offers.applicationId, application.id)))
    .for('update', { of: offers });
  if (!row) return { refusal: { kind: 'not-found' } };
  if (effectiveStatus(row.offer, now) === 'expired') return { refusal: { kind: 'refused', message: offerMessages.expired } };
  if (row.offer.status !== 'sent') return { refusal: { kind: 'refused', message: offerMessages.notSent } };
  return { application, row };
}

/**
 * Accepts and seals the offer: signed with the typed full name (it must be the name the offer is
 * made to), from this address, now. The PDF is made before the transaction's write, from the letter
 * as sent, with the certificate page; what is stored is exactly what the candidate downloads.
 */
export async function acceptOffer(
  db: Database,
  token: string,
  offerId: string,
  signature: string,
  ipAddress: string,
  now = new Date(),
): Promise<AnswerResult> {
  return db.transaction(async (tx): Promise<AnswerResult> => {
    const found = await answerable(tx, token, offerId, now);
    if ('refusal' in found) return found.refusal;
    const { application, row } = found;
    // Kept as typed, its spaces aside: the signature is what they wrote, not the name we hold.
    const signedName = signature.replace(/\s+/g, ' ').trim();
    if (!signatureMatches(signedName, application.fullName))
      return { kind: 'refused', message: offerMessages.signatureMismatch(application.fullName), field: 'signature' };
    const letter = row.offer.letterText ?? '';
    const pdf = await renderOfferPdf(pdfLetter(row.offer, row.positionTitle), {
      signedName,
      candidateEmail: application.email,
      signedAt: now,
      ipAddress,
      letterSha256: letterSha256(letter),
      offerId: row.offer.id,
      version: row.offer.version,
    });
    const sealedSha256 = createHash('sha256').update(pdf).digest('hex');
    await tx
      .update(offers)
      .set({
        status: 'accepted',
        answeredAt: now,
        signatureName: signedName,
        signatureIp: ipAddress,
        sealedPdf: pdf,
        sealedSha256,
        updatedAt: now,
      })
      .where(eq(offers.id, offerId));
    const actor = candidateActor(application.email);
    await changeStatus(tx, actor, application.id, 'hired');
    await audit(tx, actor, 'application.offer_accepted', application.id, { offerId, version: row.offer.version, sealedSha256 });
    await recordEvent(tx, {
      kind: 'offer.accepted',
      applicationId: application.id,
      positionId: row.offer.positionId,
      data: { offerId, candidateName: application.fullName, positionTitle: row.positionTitle, version: row.offer.version },
    });
    return { kind: 'accepted' };
  });
}

/** Declines the offer, with the candidate's reason when they give one; the team is told. */
export async function declineOffer(db: Database, token: string, offerId: string, reason: string, now = new Date()): Promise<AnswerResult> {
  return db.transaction(async (tx): Promise<AnswerResult> => {
    const found = await answerable(tx, token, offerId, now);
    if ('refusal' in found) return found.refusal;
    const { application, row } = found;
    await tx
      .update(offers)
      .set({ status: 'declined', answeredAt: now, declineReason: reason || null, updatedAt: now })
      .where(eq(offers.id, offerId));
    await audit(tx, candidateActor(application.email), 'application.offer_declined', application.id, {
      offerId,
      version: row.offer.version,
    });
    await recordEvent(tx, {
      kind: 'offer.declined',
      applicationId: application.id,
      positionId: row.offer.positionId,
      data: {
        offerId,
        candidateName: application.fullName,
        positionTitle: row.positionTitle,
        version: row.offer.version,
        reason: reason || null,
      },
    });
    return { kind: 'declined' };
  });
}
