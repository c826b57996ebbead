import { and, eq, inArray, sql } from 'drizzle-orm';
import { paymentActions, paymentReconciliations, taskApplications } from '../../src/server/db/schema';
import { send, type ServerProcess } from '../../src/server/test/server-process';
import type { TestApp } from '../../src/server/test/test-app';
import { createTask } from '../../src/server/test/builders';
import { ledgerOf, moneyTask, PROVIDER_STATUS_OF_LEDGER, taskOf } from '../../src/server/modules/holds/money.test-helpers';
import {
  assignedTask,
  cardBody,
  confirmBody,
  createIntent,
  localOf,
  payableExpert,
} from '../../src/server/modules/payments/payments.test-helpers';

export interface ChaosTask {
  kind: 'confirm' | 'cancel' | 'hire' | 'card';
  taskId: string;
}

type Request = (server: ServerProcess) => Promise<Response | null>;

/** Twenty tasks made ready in-process, and the twenty requests that move their money at once. */
export async function buildBurst(
  t: TestApp,
): Promise<{ tasks: ChaosTask[]; requests: Request[]; warmUp: Request[] }> {
  const tasks: ChaosTask[] = [];
  const requests: Request[] = [];
  const warmUp: Request[] = [];
  for (let i = 0; i < 5; i += 1) {
    const confirm = await moneyTask(t, 'pending_approval');
    tasks.push({ kind: 'confirm', taskId: confirm.taskId });
    requests.push((s) =>
      send(s, 'POST', `/api/tasks/${confirm.taskId}/evidence/confirm`, { cookie: confirm.client.cookie }),
    );
    warmUp.push((s) => send(s, 'GET', `/api/tasks/${confirm.taskId}`, { cookie: confirm.client.cookie }));

    const cancel = await moneyTask(t, 'authorized');
    tasks.push({ kind: 'cancel', taskId: cancel.taskId });
    requests.push((s) =>
      send(s, 'POST', `/api/tasks/${cancel.taskId}/cancel`, { cookie: cancel.client.cookie, body: { reason: 'plans_changed' } }),
    );

    const client = await t.createUser('client');
    const [first, second] = [await payableExpert(t), await payableExpert(t)];
    const open = await createTask(t.db, { client_id: client.id, budget: 8_000 });
    const applied = await t.request('POST', `/api/tasks/${open.id}/applications`, {
      cookie: first.cookie,
      body: { proposed_rate: 8_000, notes: 'I can be there tomorrow morning.' },
    });
    const applicationId = ((await applied.json()) as { application: { id: string } }).application.id;
    tasks.push({ kind: 'hire', taskId: open.id });
    requests.push(async (s) => {
      const [hire] = await Promise.all([
        send(s, 'POST', `/api/tasks/${open.id}/assign`, {
          cookie: client.cookie,
          body: { application_id: applicationId },
        }),
        send(s, 'POST', `/api/tasks/${open.id}/applications`, {
          cookie: second.cookie,
          body: { proposed_rate: 8_500, notes: 'I live nearby and can go today.' },
        }),
      ]);
      return hire;
    });

    const card = await assignedTask(t);
    const intent = await createIntent(t, card);
    tasks.push({ kind: 'card', taskId: card.taskId });
    requests.push(async (s) => {
      const step = await send(s, 'POST', '/api/payments/local/confirm', {
        cookie: card.client.cookie,
        body: cardBody(intent.paymentIntentClientSecret),
      });
      if (!step) return null;
      return send(s, 'POST', '/api/payments/confirm', {
        cookie: card.client.cookie,
        body: confirmBody(card, intent),
      });
    });
  }
  return { tasks, requests, warmUp };
}

/** Every rule of "nothing lost, nothing doubled", for every task the run touched. */
export async function checkInvariants(t: TestApp, tasks: ChaosTask[]) {
  const problems: string[] = [];
  let captured = 0;
  let voided = 0;
  for (const { kind, taskId } of tasks) {
    const task = await taskOf(t, taskId);
    if (!task) continue;
    const intents = await localOf(t).listPaymentIntentsForTask(taskId);
    const ledger = await ledgerOf(t, taskId);
    const holds = intents.filter((intent) => intent.status === 'requires_capture');
    if (holds.length > 1) problems.push(`${kind} ${taskId}: ${holds.length} live holds`);
    for (const row of ledger) {
      const intent = intents.find((candidate) => candidate.id === row.stripe_payment_intent_id);
      if (!intent || !PROVIDER_STATUS_OF_LEDGER[row.status]?.includes(intent.status)) {
        problems.push(`${kind} ${taskId}: ledger ${row.status}, provider ${intent?.status ?? 'none'}`);
      }
    }
    const captures = await t.db
      .select()
      .from(paymentActions)
      .where(
        and(
          eq(paymentActions.task_id, taskId),
          eq(paymentActions.action, 'capture'),
          eq(paymentActions.status, 'succeeded'),
        ),
      );
    if (captures.length > 1) problems.push(`${kind} ${taskId}: captured ${captures.length} times`);
    if (task.status === 'verified' || task.status === 'completed') {
      if (task.payment_status !== 'captured')
        problems.push(`${kind} ${taskId}: confirmed but ${task.payment_status}`);
      else captured += 1;
    }
    if (task.status === 'cancelled' || task.status === 'open') {
      if (holds.length > 0) problems.push(`${kind} ${taskId}: ${task.status} with a live hold`);
      if (ledger.some((row) => row.status === 'voided')) voided += 1;
    }
    const unfinished = await t.db
      .select()
      .from(paymentActions)
      .where(
        and(
          eq(paymentActions.task_id, taskId),
          eq(paymentActions.status, 'started'),
          inArray(paymentActions.action, ['capture', 'cancel_hold', 'refund']),
        ),
      );
    if (unfinished.length > 0)
      problems.push(`${kind} ${taskId}: ${unfinished.length} provider calls never recorded`);
    if (task.status !== 'open') {
      const pending = await t.db
        .select()
        .from(taskApplications)
        .where(and(eq(taskApplications.task_id, taskId), eq(taskApplications.status, 'pending')));
      if (pending.length > 0)
        problems.push(`${kind} ${taskId}: ${pending.length} applications pending on a ${task.status} task`);
    }
  }
  return { captured, voided, problems };
}

/** The reconciler's runs added up: what it found and what it repaired. */
export async function reconciliationTotals(t: TestApp) {
  const [row] = await t.db
    .select({
      found: sql<number>`coalesce(sum(${paymentReconciliations.drift_found}), 0)::int`,
      repaired: sql<number>`coalesce(sum(${paymentReconciliations.repaired}), 0)::int`,
    })
    .from(paymentReconciliations);
  return { found: Number(row?.found ?? 0), repaired: Number(row?.repaired ?? 0) };
}
