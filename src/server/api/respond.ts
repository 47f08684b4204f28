import type { ApiError } from '../../lib/api/schemas.ts';

/** The JSON API's answers (issue 55): data, or `{ error: { code, message, field? } }`, never cached. */

const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

const statusOf: Record<ApiError['code'], number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  rate_limited: 429,
};

export const apiError = (code: ApiError['code'], message: string, extra: { field?: string; headers?: Record<string, string> } = {}) =>
  new Response(JSON.stringify({ error: { code, message, ...(extra.field ? { field: extra.field } : {}) } }), {
    status: statusOf[code],
    headers: { ...headers, ...extra.headers },
  });

export const apiData = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers });

export const apiTexts = {
  unauthorized: 'Send a valid API token: Authorization: Bearer hxp_… (made on your account’s API tokens page).',
  forbidden: 'Your role may not use this part of the API.',
  readOnly: 'This token may only read: make a read-write token to change anything.',
  rateLimited: (seconds: number) => `Too many requests with this token: try again in ${seconds} seconds.`,
  notFound: 'Not found, or not yours to see.',
  notJson: 'The body must be JSON.',
  unknownParameter: (name: string) => `${name}: is not a parameter of this request`,
} as const;
