import type { APIRoute } from 'astro';
import { auditExport, auditFileName } from '@/server/audit/export';
import { csvResponse, openCsvStream } from '@/server/exports/csv-stream';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/** The whole audit log as CSV streamed, for staff who may read it (src/middleware.ts). */
export const GET: APIRoute = async ({ locals }) => {
  const { db, exportPool } = getRuntime().database;
  return csvResponse(await openCsvStream(exportPool, auditExport(db), { writable: locals.writable }), auditFileName(new Date()));
};
