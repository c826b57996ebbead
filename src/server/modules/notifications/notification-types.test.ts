import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_NOTIFICATION_TYPES } from '@shared/domain/enums';
import type { TaskDto } from '@shared/schemas/task-api';
import { expertProfiles, localPaymentAccounts, notifications } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { createClientReview } from '../../test/builders';
import { authorize } from '../payments/payments.test-helpers';
import { evidenceForm, imageFile, taskInput } from '../tasks/tasks.test-helpers';

/**
 * Every one of the spec's 13 notification types, emitted at its transition to the right person,
 * on the real app with the embedded payment provider.
 */
let t: TestApp;
let client: TestUser;
let expert: TestUser;
let rival: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [client, expert, rival] = await Promise.all([t.createUser('client'), t.createUser('expert'), t.createUser('expert')]);
  const [profile] = await t.db.select().from(expertProfiles).where(eq(expertProfiles.id, expert.id));
  await t.db
    .insert(localPaymentAccounts)
    .values({ id: profile.stripe_account_id!, details_submitted: true, charges_enabled: true, payouts_enabled: true });
});
afterAll(() => t.close());

async function ok<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
const post = (path: string, user: TestUser, body?: unknown) => t.request('POST', path, { cookie: user.cookie, body });

async function received(user: TestUser, taskId: string, type: string) {
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, user.id), eq(notifications.task_id, taskId), eq(notifications.type, type as never)));
}

async function expectOne(user: TestUser, taskId: string, type: string) {
  const rows = await received(user, taskId, type);
  expect(rows, `${type} to ${user.email}`).toHaveLength(1);
  expect(rows[0].title.length).toBeGreaterThan(0);
  return rows[0];
}

async function openTask(): Promise<{ task: TaskDto; applicationId: string }> {
  const { task } = await ok<{ task: TaskDto }>(await post('/api/tasks', client, taskInput()), 201);
  const { application } = await ok<{ application: { id: string } }>(
    await post(`/api/tasks/${task.id}/applications`, expert, { proposed_rate: 12_000, notes: 'Happy to help today.' }),
    201,
  );
  return { task, applicationId: application.id };
}

async function hired(options: { pay: boolean }): Promise<TaskDto> {
  const { task, applicationId } = await openTask();
  await ok(await post(`/api/tasks/${task.id}/assign`, client, { application_id: applicationId }));
  if (!options.pay) return task;
  await authorize(t, { taskId: task.id, client });
  return task;
}

async function submitted(): Promise<TaskDto> {
  const task = await hired({ pay: true });
  await ok(await post(`/api/tasks/${task.id}/accept`, expert));
  await ok(
    await t.request('POST', `/api/tasks/${task.id}/evidence`, {
      body: evidenceForm('Photos of all four sides and the engine.', [imageFile()]),
      cookie: expert.cookie,
    }),
  );
  return task;
}

describe('the 13 notification types', () => {
  const seen = new Set<string>();
  afterAll(() => {
    // Guards the list itself: every one of the spec's types needs a case here (the product's own
    // types are tested where they are sent: verification, admin, holds and disputes).
    expect([...seen].sort()).toEqual([...SPEC_NOTIFICATION_TYPES].sort());
  });

  it('application_rejected: to the expert whose application the client rejected', async () => {
    const { task } = await openTask();
    const { application } = await ok<{ application: { id: string } }>(
      await post(`/api/tasks/${task.id}/applications`, rival, { proposed_rate: 11_000, notes: 'I can do it too.' }),
      201,
    );
    await ok(await post(`/api/tasks/${task.id}/applications/${application.id}/reject`, client));
    await expectOne(rival, task.id, 'application_rejected');
    seen.add('application_rejected');
  });

  it('assignment, payment_authorized and assignment_confirmed: hire, then the hold', async () => {
    const task = await hired({ pay: true });
    await expectOne(expert, task.id, 'assignment');
    await expectOne(expert, task.id, 'payment_authorized');
    const confirmed = await expectOne(client, task.id, 'assignment_confirmed');
    expect(confirmed.message).toContain('$120.00');
    seen.add('assignment').add('payment_authorized').add('assignment_confirmed');
  });

  it('assignment_accepted, evidence_submitted, task_verified, payment_captured, review_received', async () => {
    const task = await submitted();
    await expectOne(client, task.id, 'assignment_accepted');
    await expectOne(client, task.id, 'evidence_submitted');
    await ok(await post(`/api/tasks/${task.id}/evidence/confirm`, client));
    await expectOne(expert, task.id, 'task_verified');
    await expectOne(expert, task.id, 'payment_captured');
    // The expert reviewed the client first, so the double-blind rule reveals the client's review at once (issue 23).
    await createClientReview(t.db, { task_id: task.id, expert_id: expert.id, client_id: client.id });
    await ok(await post(`/api/tasks/${task.id}/review`, client, { rating: 5, comment: 'Excellent, very thorough.' }), 201);
    await expectOne(expert, task.id, 'review_received');
    for (const type of ['assignment_accepted', 'evidence_submitted', 'task_verified', 'payment_captured', 'review_received']) seen.add(type);
  });

  it('evidence_rejected: to the expert when the client rejects the evidence (which opens a dispute)', async () => {
    const task = await submitted();
    await ok(await post(`/api/tasks/${task.id}/evidence/reject`, client, { reason: 'The photos are blurry.' }));
    const note = await expectOne(expert, task.id, 'evidence_rejected');
    expect(note.message).toContain('The photos are blurry.');
    seen.add('evidence_rejected');
  });

  it('assignment_declined: to the client when the expert declines', async () => {
    const task = await hired({ pay: false });
    await ok(await post(`/api/tasks/${task.id}/decline`, expert, { reason: 'expert_unavailable' }));
    await expectOne(client, task.id, 'assignment_declined');
    seen.add('assignment_declined');
  });

  it('task_abandoned: to the client when the expert leaves a started task', async () => {
    const task = await hired({ pay: true });
    await ok(await post(`/api/tasks/${task.id}/accept`, expert));
    await ok(await post(`/api/tasks/${task.id}/abandon`, expert, { reason: 'expert_unavailable' }));
    await expectOne(client, task.id, 'task_abandoned');
    seen.add('task_abandoned');
  });

  it('task_cancelled: to the assigned expert when the client cancels', async () => {
    const task = await hired({ pay: false });
    await ok(await post(`/api/tasks/${task.id}/cancel`, client, { reason: 'plans_changed' }));
    await expectOne(expert, task.id, 'task_cancelled');
    seen.add('task_cancelled');
  });
});
