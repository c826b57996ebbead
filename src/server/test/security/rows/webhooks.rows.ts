import { randomUUID } from 'node:crypto';
import { outboundEvents, webhookDeliveries, webhookEndpoints } from '../../../db/schema';
import type { MatrixRow, World } from '../matrix';
import { x } from './row-builders';

/** An endpoint of the task owner (the world's client), as the Developers tab leaves one. */
async function ownersEndpoint(w: World, options: { disabled?: boolean } = {}) {
  const now = w.t.clock.now();
  const [row] = await w.t.db
    .insert(webhookEndpoints)
    .values({
      user_id: w.users.owner.id,
      url: 'http://127.0.0.1:9/matrix',
      events: ['task.created'],
      secret: `whsec_${randomUUID()}`,
      disabled_at: options.disabled ? now : null,
      disabled_reason: options.disabled ? 'owner' : null,
      created_at: now,
      updated_at: now,
    })
    .returning();
  return row!.id;
}

/** A delivered event on the owner's endpoint. */
async function ownersDelivery(w: World, options: { disabled?: boolean } = {}) {
  const id = await ownersEndpoint(w, options);
  const [event] = await w.t.db
    .insert(outboundEvents)
    .values({ user_id: w.users.owner.id, type: 'task.created', subject_kind: 'task', subject_id: randomUUID(), payload: { id: 'evt' } })
    .returning();
  const [delivery] = await w.t.db
    .insert(webhookDeliveries)
    .values({ endpoint_id: id, event_id: event!.id, status: 'succeeded', attempts: 1, created_at: w.t.clock.now() })
    .returning();
  return { id, deliveryId: delivery!.id };
}

const own = x(401, 200, 404, 404, 404, 404, 404);

/** Outbound webhooks (issue 54, decision 0473): every signed-in caller manages their own endpoints; nobody else's. */
export const webhooksRows: MatrixRow[] = [
  {
    route: 'GET /api/me/webhook-endpoints',
    cases: [{ name: "the caller's endpoints", expect: x(401, 200, 200, 200, 200, 200, 200) }],
  },
  {
    route: 'POST /api/me/webhook-endpoints',
    cases: [
      {
        name: 'a new endpoint',
        arrange: () => ({ body: { url: 'http://127.0.0.1:9/matrix', events: ['task.created'] } }),
        expect: x(401, 201, 201, 201, 201, 201, 201),
      },
      { name: 'no events', arrange: () => ({ body: { url: 'http://127.0.0.1:9/matrix', events: [] } }), expect: x(401, 400, 400, 400, 400, 400, 400) },
      {
        name: 'plain http to another host',
        arrange: () => ({ body: { url: 'http://example.com/hook', events: ['task.created'] } }),
        expect: x(401, 400, 400, 400, 400, 400, 400),
      },
    ],
  },
  {
    route: 'GET /api/me/webhook-endpoints/:id',
    cases: [
      { name: "the owner's endpoint", arrange: async (w) => ({ params: { id: await ownersEndpoint(w) } }), expect: own },
      { name: 'an unknown endpoint', arrange: () => ({ params: { id: randomUUID() } }), expect: x(401, 404, 404, 404, 404, 404, 404) },
    ],
  },
  {
    route: 'PATCH /api/me/webhook-endpoints/:id',
    cases: [
      { name: "disable the owner's endpoint", arrange: async (w) => ({ params: { id: await ownersEndpoint(w) }, body: { enabled: false } }), expect: own },
      { name: 'nothing to change', arrange: async (w) => ({ params: { id: await ownersEndpoint(w) }, body: {} }), expect: x(401, 400, 400, 400, 400, 400, 400) },
    ],
  },
  {
    route: 'DELETE /api/me/webhook-endpoints/:id',
    cases: [{ name: "the owner's endpoint", arrange: async (w) => ({ params: { id: await ownersEndpoint(w) } }), expect: own }],
  },
  {
    route: 'POST /api/me/webhook-endpoints/:id/roll-secret',
    cases: [{ name: "the owner's endpoint", arrange: async (w) => ({ params: { id: await ownersEndpoint(w) } }), expect: own }],
  },
  {
    route: 'GET /api/me/webhook-endpoints/:id/deliveries',
    cases: [{ name: "the owner's endpoint", arrange: async (w) => ({ params: { id: await ownersEndpoint(w) } }), expect: own }],
  },
  {
    route: 'POST /api/me/webhook-endpoints/:id/deliveries/:deliveryId/resend',
    cases: [
      { name: "a delivery of the owner's endpoint", arrange: async (w) => ({ params: await ownersDelivery(w) }), expect: x(401, 201, 404, 404, 404, 404, 404) },
      {
        name: 'a disabled endpoint (state guard)',
        arrange: async (w) => ({ params: await ownersDelivery(w, { disabled: true }) }),
        expect: x(401, 409, 404, 404, 404, 404, 404),
      },
    ],
  },
];
