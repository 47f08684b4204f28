import type { APIRoute } from 'astro';
import { personSchema } from '@/lib/privacy/admin';
import { exportPerson, privacyDeps } from '@/server/privacy/requests';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/** Everything held about an address, as one ZIP (data.json and the files), for admins only (src/middleware.ts). */
export const GET: APIRoute = async ({ url, locals }) => {
  const parsed = personSchema.safeParse({ email: url.searchParams.get('email') ?? '' });
  if (!parsed.success || !locals.viewer) return new Response('Give an e-mail address.', { status: 400 });
  const zip = await exportPerson(privacyDeps(getRuntime()), locals.viewer, parsed.data.email);
  return new Response(zip, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="personal-data-${new Date().toISOString().slice(0, 10)}.zip"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
};
