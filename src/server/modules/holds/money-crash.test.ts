import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, paymentActions, tasks } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send, startServerProcess, type ServerProcess } from '../../test/server-process';
import type { CrashPointName } from '../../ops/crash-points';
import { assignedTask, cardBody, createIntent, localOf } from '../payments/payments.test-helpers';
import { ledgerOf, moneyTask, PROVIDER_STATUS_OF_LEDGER, succeededCaptures, taskOf } from './money.test-helpers';

/**
 * Issue 47's proof: the real server, as a child process on PostgreSQL, is killed with SIGKILL at each
 * named point of the money path (ops/crash-points.ts) in the middle of a real request. A restarted
 * server then repairs everything through its outbox jobs and its reconciler: every confirmed task
 * is captured exactly once, every released hold voided, no task has two live holds, and the ledger
 * equals the provider intent by intent. PGlite is one process's database, so this needs PostgreSQL
 * (TEST_DATABASE_URL, as CI sets it).
 */
const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('money after a kill -9 at each named point (PostgreSQL)', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    const result = (await t.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const [row] = result.rows;
    const parsed = new URL(databaseUrl!);
    parsed.pathname = `/${row!.name}`;
    url = parsed.toString();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Starts a server armed at `point`, sends the request, and expects the process to die by SIGKILL. */
  async function crashAt(
    point: CrashPointName,
    request: (server: ServerProcess) => Promise<Response | null>,
  ) {
    const server = await startServerProcess({
      databaseUrl: url,
      dataDir: t.context.env.DATA_DIR,
      crashPoints: [point],
    });
    try {
      const answer = await request(server);
      expect(answer, `${point}: the request should have been cut by the kill`).toBeNull();
      expect(await server.exited).toBe('SIGKILL');
    } finally {
      await server.stop();
    }
  }

  it('loses and doubles nothing, whatever line the process dies on', async () => {
    const confirmed = await moneyTask(t, 'pending_approval');
    const capturedUnrecorded = await moneyTask(t, 'pending_approval');
    const cardStep = await assignedTask(t);
    const cardIntent = await createIntent(t, cardStep);
    const declined = await moneyTask(t, 'authorized');
    const refunded = await moneyTask(t, 'pending_approval');
    expect(
      (
        await t.request('POST', `/api/tasks/${refunded.taskId}/evidence/confirm`, {
          cookie: refunded.client.cookie,
        })
      ).status,
    ).toBe(200);
    const [refundRow] = await ledgerOf(t, refunded.taskId);
    const newIntent = await assignedTask(t);
    const admin = await t.createUser('admin');

    await crashAt('confirm.after_verified_commit', (s) =>
      send(s, 'POST', `/api/tasks/${confirmed.taskId}/evidence/confirm`, { cookie: confirmed.client.cookie }),
    );
    await crashAt('capture.after_provider', (s) =>
      send(s, 'POST', `/api/tasks/${capturedUnrecorded.taskId}/evidence/confirm`, {
        cookie: capturedUnrecorded.client.cookie,
      }),
    );
    await crashAt('card.after_authorize', (s) =>
      send(s, 'POST', '/api/payments/local/confirm', {
        cookie: cardStep.client.cookie,
        body: cardBody(cardIntent.paymentIntentClientSecret),
      }),
    );
    await crashAt('void.after_provider', (s) =>
      send(s, 'POST', `/api/tasks/${declined.taskId}/decline`, { cookie: declined.expert.cookie, body: { reason: 'expert_unavailable' } }),
    );
    await crashAt('refund.after_provider', (s) =>
      send(s, 'POST', `/api/admin/transactions/${refundRow!.id}/refund`, {
        cookie: admin.cookie,
        body: { amount_cents: 2_500, idempotency_key: randomUUID() },
      }),
    );
    await crashAt('intent.after_create', (s) =>
      send(s, 'POST', '/api/payments/intent', {
        cookie: newIntent.client.cookie,
        body: { task_id: newIntent.taskId },
      }),
    );

    // What the kills left: confirmed work not paid, a hold nobody recorded, a void and a refund made but not known.
    expect(await taskOf(t, confirmed.taskId)).toMatchObject({
      status: 'verified',
      payment_status: 'authorized',
    });
    expect(await taskOf(t, capturedUnrecorded.taskId)).toMatchObject({
      status: 'verified',
      payment_status: 'authorized',
    });
    expect((await localOf(t).retrievePaymentIntent(capturedUnrecorded.intentId)).status).toBe('succeeded');
    expect(await taskOf(t, cardStep.taskId)).toMatchObject({ payment_status: 'pending' });

    // The restart: its runner's first pass schedules the reconciler; the development clock moves past
    // the outbox's head start so that the owed jobs are due.
    const restarted = await startServerProcess({ databaseUrl: url, dataDir: t.context.env.DATA_DIR });
    try {
      for (let pass = 0; pass < 3; pass += 1) {
        const advanced = await send(restarted, 'POST', '/dev/clock/advance', { body: { hours: 0.1 } });
        expect(advanced?.status).toBe(200);
      }
      // The client opens the payment dialog again: the intent the kill left unattached is the one used.
      const again = await send(restarted, 'POST', '/api/payments/intent', {
        cookie: newIntent.client.cookie,
        body: { task_id: newIntent.taskId },
      });
      expect(again?.status).toBe(200);
      const againIntent = (await again!.json()) as { paymentIntentId: string };
      expect(await taskOf(t, newIntent.taskId)).toMatchObject({
        stripe_payment_intent_id: againIntent.paymentIntentId,
        payment_status: 'pending',
      });
    } finally {
      await restarted.stop();
    }

    for (const task of [confirmed, capturedUnrecorded]) {
      expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'verified', payment_status: 'captured' });
      expect(await succeededCaptures(t, task.taskId)).toBe(1);
      const intent = await localOf(t).retrievePaymentIntent(task.intentId);
      expect(intent).toMatchObject({ status: 'succeeded', amountCapturedCents: task.budget });
      expect((await ledgerOf(t, task.taskId)).map((row) => row.status)).toEqual(['captured']);
    }
    expect(await taskOf(t, cardStep.taskId)).toMatchObject({
      payment_status: 'authorized',
      stripe_payment_intent_id: cardIntent.paymentIntentId,
    });
    expect(await taskOf(t, declined.taskId)).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    expect((await localOf(t).retrievePaymentIntent(declined.intentId)).status).toBe('canceled');
    const [refundAfter] = await ledgerOf(t, refunded.taskId);
    expect(refundAfter).toMatchObject({ status: 'partially_refunded', amount_refunded: 2_500 });
    const refundAudits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target_id, refundRow!.id), eq(auditLog.action, 'payment.refunded')));
    expect(refundAudits).toHaveLength(1);

    // Across every task: no two live holds, and the ledger equals the provider intent by intent.
    for (const task of [confirmed, capturedUnrecorded, cardStep, declined, refunded, newIntent]) {
      const intents = await localOf(t).listPaymentIntentsForTask(task.taskId);
      expect(
        intents.filter((intent) => intent.status === 'requires_capture').length,
        `live holds of ${task.taskId}`,
      ).toBeLessThanOrEqual(1);
      for (const row of await ledgerOf(t, task.taskId)) {
        const intent = intents.find((candidate) => candidate.id === row.stripe_payment_intent_id);
        expect(PROVIDER_STATUS_OF_LEDGER[row.status], `ledger ${row.status} vs provider ${intent?.status}`).toContain(
          intent?.status,
        );
      }
      const startedCalls = await t.db
        .select()
        .from(paymentActions)
        .where(
          and(
            eq(paymentActions.task_id, task.taskId),
            eq(paymentActions.status, 'started'),
            eq(paymentActions.action, 'capture'),
          ),
        );
      expect(startedCalls, 'no capture left unrecorded').toEqual([]);
    }
    const [row] = await t.db
      .select({ status: tasks.status })
      .from(tasks)
      .where(eq(tasks.id, refunded.taskId));
    expect(row?.status).toBe('verified');
  }, 240_000);
});
