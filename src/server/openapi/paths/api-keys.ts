import { z } from 'zod';
import { apiKeyDtoSchema, createApiKeySchema, createdApiKeySchema } from '@shared/schemas/api-keys.schemas';
import { idParamsSchema } from '@shared/schemas/common.schemas';
import type { RouteDoc } from '../route-doc';

/** API keys (issue 54, docs/decisions/0472): session only; a key cannot manage keys. */
export const apiKeysDocs: RouteDoc[] = [
  {
    route: 'GET /api/me/api-keys',
    summary: "The caller's API keys, newest first: prefix, name, scopes, created, last used (to the minute), expiry, revocation",
    access: 'user',
    responses: { 200: z.object({ api_keys: z.array(apiKeyDtoSchema) }) },
  },
  {
    route: 'POST /api/me/api-keys',
    summary: 'Creates an API key; the whole key (`secret`) is in this answer only, the server keeps its SHA-256 hash',
    access: 'user',
    body: createApiKeySchema,
    responses: { 201: createdApiKeySchema },
  },
  {
    route: 'DELETE /api/me/api-keys/:id',
    summary: "Revokes one of the caller's keys at once (its next request is a 401); 404 for anyone else's",
    access: 'user',
    params: idParamsSchema,
    responses: { 200: z.object({ api_key: apiKeyDtoSchema }) },
  },
];
