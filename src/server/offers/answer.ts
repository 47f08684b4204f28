import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type pg from 'pg';
import { withTransaction, type Database } from '../db/client.ts';
import type { Jobs } from '../jobs/queue.ts';
import type { Runtime } from '../runtime.ts';
import { offerSigningCodeMail } from '../mail/offer-templates.ts';
import { offers, positions } from '../db/schema.ts';
import { audit } from '../audit/log.ts';
import { recordEvent } from '../events/record.ts';
import { changeStatus } from '../applications/review.ts';
import { candidateActor } from '../candidates/withdraw.ts';
import { findApplicationByToken } from '../candidates/links.ts';
import { letterHtml, letterTitle } from './letter.ts';
import { companyToday } from './offers.ts';
import { letterSha256, renderOfferPdf, type OfferLetter } from './pdf.ts';
import {
  editableOfferStatuses,
  isPastExpiry,
  offerMessages,
  signatureMatches,
  SIGNING_CODE_MINUTES,
  SIGNING_CODES_MAX,
  SIGNING_TRIES_MAX,
  type OfferStatus,
} from '../../lib/offers/offer.ts';
import { maskEmail } from '../../lib/forms.ts';
import { siteConfig } from '../../lib/site-config.ts';
import { isDecided } from '../../lib/applications/status.ts';

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
  /** Expired when its date passed, even before the hourly job closed it. */
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
    .where(and(eq(offers.applicationId, applicationId), notInArray(offers.status, [...editableOfferStatuses])))
    .orderBy(desc(offers.version))
    .limit(1);
  return row ?? null;
}

/** Of these applications, those an offer was sent to (the candidates' own list says Offer for them). */
export async function applicationsWithSentOffer(
  db: Pick<Database, 'selectDistinct'>,
  applicationIds: readonly string[],
): Promise<Set<string>> {
  if (applicationIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ applicationId: offers.applicationId })
    .from(offers)
    .where(and(inArray(offers.applicationId, [...applicationIds]), notInArray(offers.status, [...editableOfferStatuses])));
  return new Set(rows.map((row) => row.applicationId));
}

const effectiveStatus = (offer: { status: OfferStatus; expiresOn: string }, now: Date): CandidateOffer['status'] =>
  isPastExpiry(offer, companyToday(now)) ? 'expired' : (offer.status as CandidateOffer['status']);

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
  // A withdrawn or replaced letter is not theirs to answer, nor shown on their page: not served either.
  if (!row || row.offer.status === 'withdrawn' || row.offer.status === 'replaced') return null;
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
  | { kind: 'accepted' }
  | { kind: 'declined' }
  | { kind: 'not-found' }
  /** The signing code is on its way to this (masked) address. */
  | { kind: 'code-sent'; to: string }
  | { kind: 'refused'; message: string; field?: 'signature' | 'code' };

/** What the team's notice of an answer says, and whom it tells besides the followers: the offer's drafter and sender. */
const answerEvent = (offer: typeof offers.$inferSelect, candidateName: string, positionTitle: string) => ({
  offerId: offer.id,
  candidateName,
  positionTitle,
  version: offer.version,
  drafterUserId: offer.createdByUserId,
  senderUserId: offer.sentByUserId,
});

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
  // Not once the application is decided (withdrawn by them, rejected): its offer is no longer open.
  if (row.offer.status !== 'sent' || isDecided(application.status)) return { refusal: { kind: 'refused', message: offerMessages.notSent } };
  return { application, row };
}

export interface AnswerDeps {
  db: Database;
  pool: pg.Pool;
  jobs: Pick<Jobs, 'enqueueEmail'>;
}

export function answerDeps(runtime: Pick<Runtime, 'database' | 'jobs'>): AnswerDeps {
  return { db: runtime.database.db, pool: runtime.database.pool, jobs: runtime.jobs };
}

const codeHash = (offerId: string, code: string) => createHash('sha256').update(`${offerId}:${code}`).digest();
const sameCode = (stored: string, offerId: string, code: string) => {
  const expected = Buffer.from(stored, 'hex');
  const given = codeHash(offerId, code);
  return expected.length === given.length && timingSafeEqual(expected, given);
};

/**
 * Accepting is signing, in two steps (decision 071). With the typed full name alone (it must be the
 * name the offer is made to), a one-time code is e-mailed to the address the candidate applied
 * with: the link to their page can be forwarded, quoted in a reply, or left open on a shared
 * computer, and must not be enough to sign. With the name and that code, the offer is sealed: the
 * PDF of the letter as sent with its certificate page (the name, this time, the address it came
 * from), its SHA-256, the application moved to Hired and the team told, in one transaction; what is
 * stored is exactly what the candidate downloads.
 */
export async function signOffer(
  deps: AnswerDeps,
  input: { token: string; offerId: string; signature: string; code?: string | undefined },
  ipAddress: string,
  now = new Date(),
): Promise<AnswerResult> {
  return withTransaction(deps.pool, async (transaction): Promise<AnswerResult> => {
    const tx = transaction.db;
    const found = await answerable(tx, input.token, input.offerId, now);
    if ('refusal' in found) return found.refusal;
    const { application, row } = found;
    // Kept as typed, its spaces aside: the signature is what they wrote, not the name we hold.
    const signedName = input.signature.replace(/\s+/g, ' ').trim();
    if (!signatureMatches(signedName, application.fullName))
      return { kind: 'refused', message: offerMessages.signatureMismatch(application.fullName), field: 'signature' };
    const { offer } = row;
    if (!input.code) {
      if (offer.signingCodesSent >= SIGNING_CODES_MAX) return { kind: 'refused', message: offerMessages.codesSpent, field: 'signature' };
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await tx
        .update(offers)
        .set({
          signingCodeHash: codeHash(offer.id, code).toString('hex'),
          signingCodeExpiresAt: new Date(now.getTime() + SIGNING_CODE_MINUTES * 60_000),
          signingCodesSent: offer.signingCodesSent + 1,
          signingTries: 0,
        })
        .where(eq(offers.id, offer.id));
      // Queued with the code it carries: the code works if and only if its e-mail is on its way.
      await deps.jobs.enqueueEmail(
        {
          to: application.email,
          ...offerSigningCodeMail({
            candidateName: application.fullName,
            positionTitle: row.positionTitle,
            code,
            minutes: SIGNING_CODE_MINUTES,
          }),
        },
        { db: transaction },
      );
      return { kind: 'code-sent', to: maskEmail(application.email) };
    }
    if (!offer.signingCodeHash || !offer.signingCodeExpiresAt || offer.signingCodeExpiresAt <= now)
      return { kind: 'refused', message: offerMessages.codeExpired, field: 'code' };
    if (offer.signingTries >= SIGNING_TRIES_MAX) return { kind: 'refused', message: offerMessages.codeTries, field: 'code' };
    if (!sameCode(offer.signingCodeHash, offer.id, input.code)) {
      // Counted, and kept: the refusal commits.
      await tx
        .update(offers)
        .set({ signingTries: offer.signingTries + 1 })
        .where(eq(offers.id, offer.id));
      return { kind: 'refused', message: offerMessages.codeWrong, field: 'code' };
    }
    const pdf = await renderOfferPdf(pdfLetter(offer, row.positionTitle), {
      signedName,
      candidateEmail: application.email,
      signedAt: now,
      ipAddress,
      letterSha256: letterSha256(offer.letterText ?? ''),
      offerId: offer.id,
      version: offer.version,
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
        signingCodeHash: null,
        signingCodeExpiresAt: null,
        updatedAt: now,
      })
      .where(eq(offers.id, offer.id));
    const actor = candidateActor(application.email);
    await changeStatus(tx, actor, application.id, 'hired');
    await audit(tx, actor, 'application.offer_accepted', application.id, { offerId: offer.id, version: offer.version, sealedSha256 });
    await recordEvent(tx, {
      kind: 'offer.accepted',
      applicationId: application.id,
      positionId: offer.positionId,
      data: answerEvent(offer, application.fullName, row.positionTitle),
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
      data: { ...answerEvent(row.offer, application.fullName, row.positionTitle), reason: reason || null },
    });
    return { kind: 'declined' };
  });
}
