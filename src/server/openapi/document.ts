import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import type { RouteDoc } from './route-doc';
import { routeDocs } from './route-docs';

const errorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({
    id: 'Error',
    description:
      'Every refusal: 400 bad input, 401 signed out, 403 wrong user or role, 404, 409 state conflict.',
  });

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

function operationOf(doc: RouteDoc, pattern: string): ZodOpenApiOperationObject {
  const [, , section = 'ops'] = pattern.split('/');
  const tag = pattern.startsWith('/api/') ? section : 'operations';
  const operation: ZodOpenApiOperationObject = {
    summary: doc.summary,
    tags: [tag],
    security:
      doc.access === 'public' ? [] : doc.access === 'token' ? [{ metricsToken: [] }] : [{ session: [] }],
    responses: {
      '200': {
        description: doc.access === 'admin' ? 'Done (admins with two-factor sign-in only).' : 'Done.',
      },
      '400': { description: 'Bad input.', content: { 'application/json': { schema: errorSchema } } },
      ...(doc.access === 'public'
        ? {}
        : {
            '401': { description: 'Signed out.', content: { 'application/json': { schema: errorSchema } } },
          }),
      ...(doc.access === 'admin' || doc.access === 'user'
        ? {
            '403': {
              description: 'Wrong user or role.',
              content: { 'application/json': { schema: errorSchema } },
            },
          }
        : {}),
    },
  };
  const path = pathParamsOf(doc, pattern);
  const query = doc.query as z.ZodObject | undefined;
  if (path || query) operation.requestParams = { ...(path ? { path } : {}), ...(query ? { query } : {}) };
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
    paths[path] = { ...paths[path], [method.toLowerCase()]: operationOf(doc, pattern) };
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
        },
      },
      paths,
    },
    // Schemas that JSON Schema cannot express exactly (refinements, custom checks) still render as their base type.
    { allowEmptySchema: { custom: true } },
  );
}
