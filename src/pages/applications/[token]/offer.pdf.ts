import type { APIRoute } from 'astro';
import { candidateOfferPdf } from '@/server/offers/answer';
import { pdfResponse } from '@/server/offers/download';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/**
 * The candidate's offer letter (issue 54), from their application page: the secret token is the key,
 * as for the page itself (an unknown, expired or revoked token is a 404). The sealed PDF once they
 * signed, else the letter as sent.
 */
export const GET: APIRoute = async ({ params }) => {
  const found = await candidateOfferPdf(getRuntime().database.db, params.token ?? '');
  if (!found) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const response = pdfResponse(found.pdf, found.fileName);
  response.headers.set('Referrer-Policy', 'same-origin');
  return response;
};
