import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod/mini';
import { AdminRuleError } from '../admin-command.ts';
import type { Staff } from '../access/guard.ts';
import { getRuntime, type Runtime } from '../runtime.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Operation } from './operations.ts';
import { CursorError } from './resources.ts';
import { apiData, apiError, apiTexts } from './respond.ts';
import type { ApiCaller } from './tokens.ts';

/**
 * One JSON API operation as an Astro route (issue 55): the door has let the caller in (the
 * middleware, door.ts); here its query and body are validated with the operation's schemas (an
 * unknown parameter is refused by name), an id in the path that is no id is not found, what the
 * route answers is sent as `{ data }` (a list as `{ data, nextCursor }`), null as not found, and a
 * rule the command refuses (AdminRuleError) as invalid, with its words.
 */

export interface ApiInput<O extends Operation> {
  caller: ApiCaller;
  /** The caller as the commands and the access log name them. */
  actor: Staff;
  query: z.output<O['query']>;
  body: O['body'] extends z.ZodMiniType ? z.output<O['body']> : undefined;
  /** The path's id, checked to be one. */
  id: string;
  runtime: Runtime;
  siteUrl: string;
}

function invalid(error: z.core.$ZodError): Response {
  const issue = error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const name = issue.keys[0] ?? '';
    return apiError('invalid', apiTexts.unknownParameter(name), { field: name });
  }
  const field = issue.path.map(String).join('.');
  const message = field && !issue.message.toLowerCase().startsWith(field.toLowerCase()) ? `${field}: ${issue.message}` : issue.message;
  return apiError('invalid', message, field ? { field } : {});
}

export function apiRoute<O extends Operation>(operation: O, run: (input: ApiInput<O>) => Promise<unknown>): APIRoute {
  return async (context: APIContext) => {
    const caller = context.locals.apiCaller;
    // The door sets it; a route reached without it is refused, never answered.
    if (!caller) return apiError('unauthorized', apiTexts.unauthorized);
    const id = context.params.id ?? '';
    if (context.params.id !== undefined && !isUuid(id)) return apiError('not_found', apiTexts.notFound);
    const query = operation.query.safeParse(Object.fromEntries(context.url.searchParams));
    if (!query.success) return invalid(query.error);
    let body: unknown;
    if (operation.body) {
      let raw: unknown;
      try {
        raw = await context.request.json();
      } catch {
        return apiError('invalid', apiTexts.notJson);
      }
      const parsed = operation.body.safeParse(raw);
      if (!parsed.success) return invalid(parsed.error);
      body = parsed.data;
    }
    const runtime = getRuntime();
    try {
      const result = await run({
        caller,
        actor: { id: caller.id, email: caller.email, role: caller.role },
        query: query.data as ApiInput<O>['query'],
        body: body as ApiInput<O>['body'],
        id,
        runtime,
        siteUrl: runtime.config.siteUrl,
      });
      if (result === null) return apiError('not_found', apiTexts.notFound);
      return apiData(result, operation.status ?? 200);
    } catch (error) {
      if (error instanceof CursorError) return apiError('invalid', error.message, { field: 'cursor' });
      if (error instanceof AdminRuleError) return apiError('invalid', error.message);
      throw error;
    }
  };
}
