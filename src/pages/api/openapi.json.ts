import type { APIRoute } from 'astro';
import { openApiDocument } from '@/server/api/openapi';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/** GET /api/openapi.json: the JSON API's description (issue 55), made from the schemas its routes validate with. */
export const GET: APIRoute = () =>
  Response.json(openApiDocument(getRuntime().config.siteUrl), { headers: { 'Cache-Control': 'public, max-age=300' } });
