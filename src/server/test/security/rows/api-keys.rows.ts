import { randomUUID } from 'node:crypto';
import { apiKeys } from '../../../db/schema';
import type { MatrixRow, World } from '../matrix';
import { x } from './row-builders';

/** A key of the task owner (the world's client), as the Developers tab leaves one. */
async function ownersKey(w: World) {
  const [row] = await w.t.db
    .insert(apiKeys)
    .values({
      user_id: w.users.owner.id,
      name: 'Matrix key',
      prefix: 'lek_live_mtx',
      key_hash: randomUUID(),
      scopes: ['tasks:read'],
      created_at: w.t.clock.now(),
    })
    .returning();
  return row!.id;
}

/** API keys (issue 54, decision 0472): every signed-in caller manages their own keys; nobody else's. */
export const apiKeysRows: MatrixRow[] = [
  {
    route: 'GET /api/me/api-keys',
    cases: [{ name: "the caller's keys", expect: x(401, 200, 200, 200, 200, 200, 200) }],
  },
  {
    route: 'POST /api/me/api-keys',
    cases: [
      { name: 'a new key', arrange: () => ({ body: { name: 'Matrix', scopes: ['tasks:read'] } }), expect: x(401, 201, 201, 201, 201, 201, 201) },
      { name: 'no scopes', arrange: () => ({ body: { name: 'Matrix', scopes: [] } }), expect: x(401, 400, 400, 400, 400, 400, 400) },
    ],
  },
  {
    route: 'DELETE /api/me/api-keys/:id',
    cases: [
      { name: "the owner's key", arrange: async (w) => ({ params: { id: await ownersKey(w) } }), expect: x(401, 200, 404, 404, 404, 404, 404) },
      { name: 'an unknown key', arrange: () => ({ params: { id: randomUUID() } }), expect: x(401, 404, 404, 404, 404, 404, 404) },
    ],
  },
];
