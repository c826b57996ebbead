import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '@shared/constants';
import type { AppointmentDto } from '@shared/schemas/appointments.schemas';
import type { TaskDto } from '@shared/schemas/task-api';
import { expertProfiles, localPaymentAccounts, outboundEvents, transactions } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { authorize } from '../payments/payments.test-helpers';
import { evidenceForm, imageFile, taskInput } from '../tasks/tasks.test-helpers';
import { createEndpoint, drainJobs, startReceiver } from './webhooks.test-helpers';

/**
 * Issue 54: every event type, raised by the real routes of a task's life with the embedded payment
 * provider, reaches the client's endpoint in the order it happened, each with its object.
 */
let t: TestApp;
let client: TestUser;
let expert: TestUser;
let admin: TestUser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  t = await createTestApp();
  [client, expert, admin] = await Promise.all([t.createUser('client'), t.createUser('expert'), t.createUser('admin')]);
  const [profile] = await t.db.select().from(expertProfiles).where(eq(expertProfiles.id, expert.id));
  await t.db
    .insert(localPaymentAccounts)
    .values({ id: profile.stripe_account_id!, details_submitted: true, charges_enabled: true, payouts_enabled: true });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

async function ok<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
/** A step of the task's life, then the jobs a running server would run within a second (webhooks prepared). */
const post = async (path: string, user: TestUser, body?: unknown) => {
  const response = await t.request('POST', path, { cookie: user.cookie, body });
  await drainJobs(t);
  return response;
};

describe('webhook events of a task from creation to refund', () => {
  it('sends each event once, in order, with the object the client sees', async () => {
    await createEndpoint(t, client, { url: receiver.url, events: [...WEBHOOK_EVENT_TYPES] });
    // Another client's endpoint hears nothing of this task.
    const stranger = await t.createUser('client');
    const elsewhere = await startReceiver();
    await createEndpoint(t, stranger, { url: elsewhere.url, events: [...WEBHOOK_EVENT_TYPES] });

    const { task } = await ok<{ task: TaskDto }>(await post('/api/tasks', client, taskInput()), 201);
    const { application } = await ok<{ application: { id: string } }>(
      await post(`/api/tasks/${task.id}/applications`, expert, { proposed_rate: 12_000, notes: 'Happy to help today.' }),
      201,
    );
    await ok(await post(`/api/tasks/${task.id}/assign`, client, { application_id: application.id }));
    await authorize(t, { taskId: task.id, client });
    await drainJobs(t);
    await ok(await post(`/api/tasks/${task.id}/accept`, expert));
    const start = new Date(Math.ceil((t.clock.now().getTime() + 3 * 86_400_000) / 3_600_000) * 3_600_000);
    const window = { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() };
    const proposed = await ok<{ appointment: AppointmentDto }>(await post(`/api/tasks/${task.id}/appointment/proposals`, expert, { windows: [window] }), 201);
    await ok(await post(`/api/tasks/${task.id}/appointment/proposals/${proposed.appointment.pending!.id}/accept`, client, { choice: 0 }));
    await ok(
      await t.request('POST', `/api/tasks/${task.id}/evidence`, {
        body: evidenceForm('Photos of all four sides and the engine.', [imageFile()]),
        cookie: expert.cookie,
      }),
    );
    await drainJobs(t);
    await ok(await post(`/api/tasks/${task.id}/evidence/confirm`, client));
    const [captured] = await t.db.select().from(transactions).where(eq(transactions.task_id, task.id));
    await ok(await post(`/api/admin/transactions/${captured.id}/refund`, admin, { amount_cents: 2_000, idempotency_key: randomUUID() }));
    await drainJobs(t);

    const types = receiver.received.map((hook) => hook.json.type);
    expect(types).toEqual([
      'task.created',
      'application.received',
      'task.assigned',
      'appointment.agreed',
      'evidence.submitted',
      'task.completed',
      'payment.captured',
      'report.issued',
      'payment.refunded',
    ]);
    const byType = Object.fromEntries(receiver.received.map((hook) => [hook.json.type, hook.json.data.object]));
    expect(byType['task.created']).toMatchObject({ id: task.id });
    expect(byType['application.received']).toMatchObject({ id: application.id, proposed_rate: 12_000 });
    expect(byType['task.assigned']).toMatchObject({ id: task.id, status: 'assigned' });
    expect(byType['appointment.agreed']).toMatchObject({ agreed: { start: window.start } });
    expect(byType['task.completed']).toMatchObject({ id: task.id, status: 'verified' });
    expect(byType['payment.captured']).toMatchObject({ kind: 'payment', amount: 12_000 });
    expect(byType['report.issued']).toMatchObject({ id: expect.any(String) });
    expect(byType['payment.refunded']).toMatchObject({ kind: 'refund', amount: 2_000 });
    expect(new Set(receiver.received.map((hook) => hook.json.id)).size).toBe(types.length);
    expect(elsewhere.received.map((hook) => hook.json.type)).toEqual([]);
    await elsewhere.close();
  });

  it('writes no event for a client without an endpoint', async () => {
    const quiet = await t.createUser('client');
    const { task } = await ok<{ task: TaskDto }>(await post('/api/tasks', quiet, taskInput()), 201);
    expect(await t.db.select().from(outboundEvents).where(eq(outboundEvents.task_id, task.id))).toEqual([]);
  });
});
