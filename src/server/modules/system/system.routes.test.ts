import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import type { SystemStatusDto } from '@shared/schemas/system.schemas';
import { findJob } from '../../jobs/jobs.repository';
import { createJob } from '../../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { RETRY_JOB_KINDS } from '../holds/payment-retries';

let t: TestApp;
let admin: TestUser;
let client: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [admin, client] = await Promise.all([t.createUser('admin'), t.createUser('client')]);
});
afterAll(async () => {
  await t.close();
});

const status = async () => {
  const response = await t.request('GET', '/api/admin/system', { cookie: admin.cookie });
  expect(response.status).toBe(200);
  return t.json<SystemStatusDto>(response);
};

describe('GET /api/admin/system', () => {
  it('refuses the signed-out and non-admins', async () => {
    expect((await t.request('GET', '/api/admin/system')).status).toBe(401);
    const response = await t.request('GET', '/api/admin/system', { cookie: client.cookie });
    expect(response.status).toBe(403);
    expect((await t.json<{ error: { message: string } }>(response)).error.message).toBe(
      messages.admin.noAccess,
    );
  });

  it('shows the queue, failed jobs, failing payment retries, failed deliveries, webhook failures and versions', async () => {
    const now = t.clock.now();
    const failed = await createJob(t.db, { failed: true, kind: 'deliver-push', key: 'system-test:push' });
    await createJob(t.db, {
      kind: 'reminder',
      key: 'system-test:due',
      run_at: new Date(now.getTime() - 60_000),
    });
    const retry = await createJob(t.db, {
      kind: RETRY_JOB_KINDS.capture,
      key: 'system-test:capture',
      attempts: 2,
      last_error: 'card_declined',
      run_at: new Date(now.getTime() + 60_000),
    });
    // A webhook with no signature is refused: the tab lists it.
    const webhook = await t.request('POST', '/api/payment-webhooks', {
      body: { type: 'payment_intent.succeeded' },
    });
    expect(webhook.status).toBeGreaterThanOrEqual(400);

    const body = await status();
    expect(body.queue.due).toBeGreaterThanOrEqual(1);
    expect(body.queue.oldest_due_at).not.toBeNull();
    expect(body.queue.failed).toBeGreaterThanOrEqual(1);
    expect(body.failed_jobs.find((job) => job.id === failed.id)).toMatchObject({
      kind: 'deliver-push',
      last_error: 'smtp refused',
      attempts: 5,
    });
    expect(body.payment_retries.map((job) => job.id)).toContain(retry.id);
    expect(body.failed_deliveries.push).toBeGreaterThanOrEqual(1);
    expect(body.webhook_failures[0]).toMatchObject({
      route: '/api/payment-webhooks',
      status: webhook.status,
    });
    expect(body.versions).toMatchObject({
      api: expect.any(String),
      node: process.version,
      schema: expect.any(Number),
    });
    // The test app runs every service embedded: each is named with its provider.
    expect(body.providers).toEqual(
      expect.arrayContaining([
        { service: 'email', provider: 'outbox', embedded: true },
        { service: 'payments', provider: 'local', embedded: true },
        { service: 'storage', provider: 'disk', embedded: true },
      ]),
    );
  });
});

describe('POST /api/admin/system/jobs/:id/retry', () => {
  const retry = (id: string, cookie = admin.cookie) =>
    t.request('POST', `/api/admin/system/jobs/${id}/retry`, { cookie, body: {} });

  it('gives a failed job one more attempt, due now, and records it in the audit log', async () => {
    const job = await createJob(t.db, { failed: true, key: 'system-test:retry' });
    const response = await retry(job.id);
    expect(response.status).toBe(200);
    const stored = await findJob(t.db, 'system-test:retry');
    expect(stored!.max_attempts).toBe(stored!.attempts + 1);
    expect(stored!.run_at.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    const audit = await t.request('GET', '/api/admin/audit?action=job.retried', { cookie: admin.cookie });
    expect(JSON.stringify(await t.json(audit))).toContain(job.id);
  });

  it('answers 409 for a job that has not failed, 404 for an unknown one, 400 for a malformed id', async () => {
    const pending = await createJob(t.db, { key: 'system-test:pending' });
    const conflict = await retry(pending.id);
    expect(conflict.status).toBe(409);
    expect((await t.json<{ error: { message: string } }>(conflict)).error.message).toBe(
      messages.operations.jobNotFailed,
    );
    const missing = await retry('00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect((await t.json<{ error: { message: string } }>(missing)).error.message).toBe(
      messages.operations.jobNotFound,
    );
    const malformed = await retry('not-a-uuid');
    expect(malformed.status).toBe(400);
    expect((await t.json<{ error: { message: string } }>(malformed)).error.message).toBe(
      messages.common.invalidRequest,
    );
  });

  it('refuses a client', async () => {
    const job = await createJob(t.db, { failed: true });
    expect((await retry(job.id, client.cookie)).status).toBe(403);
    expect((await retry(job.id, '')).status).toBe(401);
  });

  it('retries once when two admins press at the same time', async () => {
    const job = await createJob(t.db, { failed: true });
    const statuses = (await Promise.all([retry(job.id), retry(job.id)]))
      .map((response) => response.status)
      .sort();
    expect(statuses).toEqual([200, 409]);
  });
});
