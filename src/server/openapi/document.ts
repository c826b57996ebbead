import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiResponseObject,
  type ZodOpenApiPathsObject,
} from 'zod-openapi';
import { API_KEYS, IDEMPOTENCY } from '@shared/constants';
import { scopeOfRequest } from '../http/api-key-scopes';
import { errorSchema } from './error-schema';
import type { RouteDoc } from './route-doc';
import { routeDocs } from './route-docs';

/** `/api/tasks/:id` -> `/api/tasks/{id}`; Better Auth's wildcard becomes a `{path}` parameter. */
export function openApiPathOf(pattern: string): string {
  return pattern.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{path}');
}

function pathParamsOf(doc: RouteDoc, pattern: string): z.ZodObject | undefined {
  const names = [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  if (pattern.endsWith('/*')) names.push('path');
  if (names.length === 0) return undefined;
  const given = doc.params instanceof z.ZodObject ? (doc.params as z.ZodObject) : undefined;
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) shape[name] = (given?.shape[name] as z.ZodType | undefined) ?? z.string();
  return z.object(shape);
}

const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

function responsesOf(doc: RouteDoc): ZodOpenApiOperationObject['responses'] {
  const done = doc.access === 'admin' ? 'Done (admins with two-factor sign-in only).' : 'Done.';
  const documented = Object.entries(doc.responses ?? {}).filter(([, schema]) => schema) as [
    string,
    z.ZodType,
  ][];
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, schema] of documented)
    responses[status] = { description: Number(status) < 300 ? done : 'Not ready.', ...json(schema) };
  if (doc.produces) {
    const { status, contentType, description } = doc.produces;
    responses[String(status)] = {
      description,
      ...(contentType ? { content: { [contentType]: { schema: z.string() } } } : {}),
    };
  }
  if (!documented.some(([status]) => Number(status) < 300) && !doc.produces)
    responses['200'] = { description: done };
  if (doc.foreignErrors)
    return { ...responses, '4XX': { description: "Refused (the library's own error shape)." } };
  const error = (description: string) => ({ description, ...json(errorSchema) });
  responses['400'] = error('Bad input.');
  if (doc.access !== 'public') responses['401'] = error('Signed out.');
  if (doc.access === 'admin' || doc.access === 'user') responses['403'] = error('Wrong user or role.');
  responses['4XX'] = error('Refused: not found, a state conflict, too large, too many requests.');
  responses['5XX'] = error('A fault on the server or an outside provider, or maintenance.');
  return responses;
}

/** Every POST under /api takes an optional Idempotency-Key (src/server/http/idempotency.ts). */
const idempotencyHeader = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(IDEMPOTENCY.maxKeyLength)
    .optional()
    .meta({
      description:
        'Retry-safe writes: the same key and body within 24 hours replays the first answer (header Idempotent-Replayed: true); 409 while the first is running; 422 for the same key with another request.',
    }),
});

function securityOf(doc: RouteDoc, method: string, pattern: string): ZodOpenApiOperationObject['security'] {
  if (doc.access === 'public') return [];
  if (doc.access === 'token') return [{ metricsToken: [] }];
  // A route with a key scope also takes `Authorization: Bearer <key>` (decision 0472); admin routes never.
  const scope = doc.access === 'user' ? scopeOfRequest(method, pattern) : null;
  return scope ? [{ session: [] }, { apiKey: [scope] }] : [{ session: [] }];
}

function operationOf(doc: RouteDoc, method: string, pattern: string): ZodOpenApiOperationObject {
  const [, , section = 'ops'] = pattern.split('/');
  const tag = pattern.startsWith('/api/') ? section : 'operations';
  const operation: ZodOpenApiOperationObject = {
    summary: doc.summary,
    tags: [tag],
    security: securityOf(doc, method, pattern),
    responses: responsesOf(doc),
  };
  const path = pathParamsOf(doc, pattern);
  const query = doc.query as z.ZodObject | undefined;
  const header = method === 'POST' && pattern.startsWith('/api/') && doc.access !== 'public' ? idempotencyHeader : undefined;
  if (path || query || header)
    operation.requestParams = { ...(path ? { path } : {}), ...(query ? { query } : {}), ...(header ? { header } : {}) };
  if (doc.body) operation.requestBody = { content: { 'application/json': { schema: doc.body } } };
  if (doc.upload)
    operation.requestBody = { content: { 'multipart/form-data': { schema: z.object({}).loose() } } };
  return operation;
}

export function buildOpenApiDocument(docs: RouteDoc[] = routeDocs, version = '0.1.0') {
  const paths: ZodOpenApiPathsObject = {};
  for (const doc of docs) {
    const [method, pattern] = doc.route.split(' ') as [string, string];
    const path = openApiPathOf(pattern);
    paths[path] = { ...paths[path], [method.toLowerCase()]: operationOf(doc, method, pattern) };
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'The product API',
        version,
        description:
          'The API the web app and the native shell share. Writes need the product Origin and a JSON or multipart body.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
          metricsToken: { type: 'http', scheme: 'bearer' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: `An API key (created on /profile, Developers): \`Authorization: Bearer ${API_KEYS.prefix}…\`, limited to its scopes and to ${API_KEYS.rateLimit.max} requests a minute (429 with Retry-After and RateLimit-* headers). Never from a cookie or the query string; with a session cookie too the request is a 400.`,
          },
        },
      },
      paths,
    },
    // Schemas that JSON Schema cannot express exactly (refinements, custom checks) still render as their base type.
    { allowEmptySchema: { custom: true } },
  );
}
