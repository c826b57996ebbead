import type { MatrixRow, World } from '../matrix';
import { x } from './row-builders';

/** An assigned task of the owner with a payment intent made by the owner (local provider). */
async function taskWithIntent(w: World) {
  const task = await w.task('assigned');
  const response = await w.t.request('POST', '/api/payments/intent', { body: { task_id: task.id }, cookie: w.users.owner.cookie });
  if (response.status !== 200) throw new Error(`intent: ${response.status} ${await response.text()}`);
  const intent = (await response.json()) as { paymentIntentId: string; paymentIntentClientSecret: string };
  return { taskId: task.id, ...intent };
}

const card = { card_number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123', name: 'Client Tester', postal_code: '10001' };

/** Task payments: only the task's client pays; whoever may not see the task gets 404. */
export const paymentRows: MatrixRow[] = [
  {
    route: 'POST /api/payments/intent',
    cases: [
      {
        name: 'assigned task',
        arrange: async (w) => ({ body: { task_id: (await w.task('assigned')).id } }),
        expect: x(401, 200, 404, 403, 403, 404, 403),
      },
      {
        name: 'open task (nobody hired)',
        arrange: async (w) => ({ body: { task_id: (await w.task('open')).id } }),
        expect: x(401, 409, 404, 403, 403, 403, 403),
      },
    ],
  },
  {
    route: 'POST /api/payments/local/confirm',
    cases: [
      {
        name: "the owner's intent",
        arrange: async (w) => ({ body: { client_secret: (await taskWithIntent(w)).paymentIntentClientSecret, ...card } }),
        expect: x(401, 200, 404, 403, 403, 404, 403),
      },
    ],
  },
  {
    route: 'POST /api/payments/local/authenticate',
    cases: [
      {
        name: "the owner's intent, no challenge pending",
        arrange: async (w) => ({ body: { client_secret: (await taskWithIntent(w)).paymentIntentClientSecret, approve: true } }),
        expect: x(401, 409, 404, 403, 403, 404, 403),
      },
    ],
  },
  {
    route: 'GET /api/payments/intent-status',
    cases: [
      {
        name: "the owner's intent",
        arrange: async (w) => ({ query: { client_secret: (await taskWithIntent(w)).paymentIntentClientSecret } }),
        expect: x(401, 200, 404, 403, 403, 404, 403),
      },
    ],
  },
  {
    route: 'POST /api/payments/confirm',
    cases: [
      {
        name: 'an intent not yet authorized (the owner is told so: 400)',
        arrange: async (w) => {
          const intent = await taskWithIntent(w);
          return {
            body: {
              taskId: intent.taskId,
              paymentIntentId: intent.paymentIntentId,
              paymentIntentClientSecret: intent.paymentIntentClientSecret,
              action: 'confirm_authorization',
            },
          };
        },
        expect: x(401, 400, 404, 403, 403, 404, 403),
      },
    ],
  },
  {
    route: 'POST /api/payments/capture',
    cases: [
      {
        name: 'a verified, captured task',
        arrange: async (w) => ({ body: { task_id: (await w.task('verified')).id } }),
        expect: x(401, 200, 404, 403, 403, 404, 200),
      },
      {
        name: 'an open task',
        arrange: async (w) => ({ body: { task_id: (await w.task('open')).id } }),
        expect: x(401, 409, 404, 403, 403, 403, 409),
      },
    ],
  },
];
