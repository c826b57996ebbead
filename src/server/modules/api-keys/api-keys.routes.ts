import { Hono } from 'hono';
import { idParamsSchema } from '@shared/schemas/common.schemas';
import { createApiKeySchema } from '@shared/schemas/api-keys.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody, pathParams } from '../../http/validation';
import { createKey, listKeys, revokeKey } from './api-keys.service';

/**
 * Issue 54 (decision 0472), mounted under /api. Key management is a session-only route: a key cannot
 * list, create or revoke keys (the request-authentication middleware refuses it with 403).
 * GET    /me/api-keys        the caller's keys, newest first (never the keys themselves)
 * POST   /me/api-keys        a new key; the whole key is in this answer only
 * DELETE /me/api-keys/:id    revokes the key at once
 */
export function apiKeysRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  return new Hono<AppEnv>()
    .get('/me/api-keys', async (c) => {
      const user = requireUser(c);
      c.header('Cache-Control', 'no-store');
      return c.json({ api_keys: await listKeys(db, user.id) });
    })
    .post('/me/api-keys', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, createApiKeySchema);
      c.header('Cache-Control', 'no-store');
      return c.json(await createKey(db, user.id, input, clock.now()), 201);
    })
    .delete('/me/api-keys/:id', async (c) => {
      const user = requireUser(c);
      const { id } = pathParams(c, idParamsSchema);
      return c.json({ api_key: await revokeKey(db, user.id, id, clock.now()) });
    });
}
