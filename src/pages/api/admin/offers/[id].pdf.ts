import type { APIRoute } from 'astro';
import { audit } from '@/server/audit/log';
import { offerFileName, offerPdf } from '@/server/offers/answer';
import { pdfResponse } from '@/server/offers/download';
import { readOffer } from '@/server/offers/read';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/**
 * An offer's letter as a PDF, for those who may read the offer (the same 404 outside their reach):
 * the sealed PDF once signed (byte for byte what the candidate has), else the letter as sent, or as
 * it would be sent now. Each download is audited on the application: it carries pay.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const { db } = getRuntime().database;
  const viewer = locals.viewer!;
  const page = await readOffer(db, viewer, params.id ?? '');
  if (!page) return new Response('Not found', { status: 404 });
  const pdf = await offerPdf(
    { ...page.offer, letterText: page.letterText, sentAt: page.offer.sentAt ?? page.offer.updatedAt },
    page.positionTitle,
  );
  await audit(db, viewer, 'application.offer_pdf_downloaded', page.offer.applicationId, {
    offerId: page.offer.id,
    version: page.offer.version,
  });
  return pdfResponse(pdf, offerFileName(page.offer.version, page.offer.status === 'accepted'));
};
