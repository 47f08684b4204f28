import type { APIRoute } from 'astro';
import { meetingIcs } from '@/lib/meeting';

// On demand: the event starts 7 days from the moment it is downloaded.
export const prerender = false;

export const GET: APIRoute = () =>
  new Response(meetingIcs(new Date(), `${crypto.randomUUID()}@helixpoint`), {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="helixpoint-consultation.ics"',
      'Cache-Control': 'no-store',
    },
  });
