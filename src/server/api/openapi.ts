import { z } from 'zod/mini';
import { apiErrorSchema } from '../../lib/api/schemas.ts';
import { API_REQUESTS_PER_MINUTE } from '../../lib/api/tokens.ts';
import { routeRules } from '../access/rules.ts';
import { openApiPath, operations, type Operation } from './operations.ts';

/**
 * The OpenAPI 3.1 document of the JSON API (issue 55), made from the operations' own schemas
 * (operations.ts), the ones the routes validate with: served at /api/openapi.json, checked against
 * the OpenAPI 3.1 schema by a maintained validator in the tests, and every path in it answered.
 */

type JsonSchema = Record<string, unknown>;

/** A schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without the $schema key a document's parts do not carry. */
function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _schema, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function operationObject(operation: Operation) {
  const query = jsonSchema(operation.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  const rule = routeRules[operation.route];
  const permission = 'permission' in rule ? rule.permission : undefined;
  const parameters = [
    ...(operation.route.includes('[id]') ? [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }] : []),
    ...Object.entries(query.properties ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: query.required?.includes(name) ?? false,
      schema,
    })),
  ];
  const writes = operation.method !== 'get';
  return {
    operationId: operation.id,
    summary: operation.summary,
    description: `${operation.description}\n\nNeeds the permission \`${permission}\`${writes ? ' and a read-write token' : ''}.`,
    ...(parameters.length ? { parameters } : {}),
    ...(operation.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(operation.body, 'input') } } } }
      : {}),
    responses: {
      [String(operation.status ?? 200)]: {
        description: 'Done',
        content: { 'application/json': { schema: jsonSchema(operation.response, 'output') } },
      },
      '400': errorResponse('A parameter or field breaks its rule (named in `field`), or the change is refused by a rule of the site.'),
      '401': errorResponse('No token, or one that is unknown, revoked or past its end.'),
      '403': errorResponse('The token’s owner may not do this, or the token may only read.'),
      ...(operation.route.includes('[id]') ? { '404': errorResponse('No such record, or not the token owner’s to see.') } : {}),
      '429': errorResponse(`More than ${API_REQUESTS_PER_MINUTE} calls a minute with this token (Retry-After says when to try again).`),
    },
  };
}

export function openApiDocument(siteUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of Object.values(operations) as Operation[]) {
    const path = openApiPath(operation.route);
    paths[path] = { ...paths[path], [operation.method]: operationObject(operation) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Helixpoint API',
      version: '1.0.0',
      description:
        'The careers site’s applicant tracking, for your own scripts and systems. Each call carries a personal token (made on your account’s API tokens page) and sees exactly what its owner sees in the workspace; a read-only token changes nothing. Lists are newest first, up to `limit` (1 to 100, 50 by default) a page; pass a page’s `nextCursor` as `cursor` for the next. For servers and scripts: browsers on other sites are refused.',
    },
    servers: [{ url: siteUrl }],
    security: [{ token: [] }],
    components: {
      securitySchemes: {
        token: { type: 'http', scheme: 'bearer', description: 'A personal API token: `Authorization: Bearer hxp_…`.' },
      },
      schemas: { Error: jsonSchema(apiErrorSchema, 'output') },
    },
    paths,
  };
}
