import { randomUUID } from 'node:crypto';
import { receipts } from '../../../db/schema';
import type { MatrixRow, World } from '../matrix';
import { x } from './row-builders';

/** A receipt issued to the task owner (the world's client), as a capture leaves one. */
async function ownersReceipt(w: World) {
  const [row] = await w.t.db
    .insert(receipts)
    .values({
      client_id: w.users.owner.id,
      task_id: null,
      kind: 'payment',
      amount: 10_000,
      platform_fee: 1_000,
      task_title: 'Inspect a car before I buy it',
      expert_name: 'Expert Tester',
      source_key: `matrix:${randomUUID()}`,
      created_at: w.t.clock.now(),
    })
    .returning();
  return row!.id;
}

/** Receipts (issue 51, decision 0468): every caller lists their own; a receipt's PDF is its client's and admins'. */
export const receiptsRows: MatrixRow[] = [
  {
    route: 'GET /api/me/receipts',
    cases: [
      { name: "the caller's receipts", expect: x(401, 200, 200, 200, 200, 200, 200) },
      { name: 'a page size out of range', arrange: () => ({ query: { limit: '0' } }), expect: x(401, 400, 400, 400, 400, 400, 400) },
    ],
  },
  {
    route: 'GET /api/receipts/:id/pdf',
    cases: [
      { name: "the owner's receipt", arrange: async (w) => ({ params: { id: await ownersReceipt(w) } }), expect: x(401, 200, 404, 404, 404, 404, 200) },
      { name: 'an unknown receipt', arrange: () => ({ params: { id: randomUUID() } }), expect: x(401, 404, 404, 404, 404, 404, 404) },
    ],
  },
];
