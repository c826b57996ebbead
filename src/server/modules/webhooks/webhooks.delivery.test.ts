import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOKS } from '@shared/constants';
import type { TaskDto } from '@shared/schemas/task-api';
import type { WebhookDeliveryDto, WebhookEndpointDto, WebhookEndpointWithSecretDto } from '@shared/schemas/webhooks.schemas';
import { verifyWebhookSignature } from '../../../../clients/typescript/webhooks';
import { devOutbox, notifications } from '../../db/schema';
import { listJobs } from '../../jobs/jobs.repository';
import { taskInput } from '../../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { STALL_LOOK_MS, WEBHOOK_DELIVER_JOB, WEBHOOK_PREPARE_JOB, webhookJobs } from './webhooks.jobs';
import { createEndpoint, drainJobs, startReceiver, verifySignature } from './webhooks.test-helpers';

/**
 * Issue 54 (decision 0473): events reach a real receiver on 127.0.0.1, signed, in order, retried
 * with backoff, and an endpoint failing for 3 days is disabled with a mandatory notice to its owner.
 */
let t: TestApp;
let client: TestUser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  t = await createTestApp();
  client = await t.createUser('client');
  // A task is accepted only where an expert works.
  await t.createUser('expert');
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

async function postTask(title: string): Promise<TaskDto> {
  const response = await t.request('POST', '/api/tasks', { cookie: client.cookie, body: taskInput({ title }) });
  expect(response.status).toBe(201);
  return (await t.json<{ task: TaskDto }>(response)).task;
}
const deliveriesOf = async (endpoint: WebhookEndpointDto) =>
  (
    await t.json<{ deliveries: WebhookDeliveryDto[] }>(
      await t.request('GET', `/api/me/webhook-endpoints/${endpoint.id}/deliveries`, { cookie: client.cookie }),
    )
  ).deliveries;
const disable = (endpoint: WebhookEndpointDto) =>
  t.request('PATCH', `/api/me/webhook-endpoints/${endpoint.id}`, { cookie: client.cookie, body: { enabled: false } });

describe('outbound webhooks: delivery', () => {
  let endpoint: WebhookEndpointWithSecretDto;

  it('signs each delivery with the endpoint secret; a changed body fails the check', async () => {
    endpoint = await createEndpoint(t, client, { url: receiver.url, events: ['task.created', 'task.cancelled'] });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const task = await postTask('Signed task');
    await drainJobs(t);

    expect(receiver.received).toHaveLength(1);
    const [hook] = receiver.received;
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers['x-webhook-event']).toBe('task.created');
    expect(hook.headers['x-webhook-id']).toBe(hook.json.id);
    expect(hook.json.type).toBe('task.created');
    // The task as GET /api/tasks/:id shows it to its client.
    const shown = (await t.json<{ task: TaskDto }>(await t.request('GET', `/api/tasks/${task.id}`, { cookie: client.cookie }))).task;
    expect(hook.json.data.object).toMatchObject({ id: task.id, title: 'Signed task', status: shown.status, budget: shown.budget });

    const header = String(hook.headers['x-webhook-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(header, hook.body, endpoint.secret)).toBe(true);
    expect(verifySignature(header, hook.body.replace('Signed task', 'Signed tusk'), endpoint.secret)).toBe(false);
    expect(verifySignature(header, hook.body, 'whsec_another')).toBe(false);

    const [logged] = await deliveriesOf(endpoint.endpoint);
    expect(logged).toMatchObject({ event_type: 'task.created', status: 'succeeded', attempts: 1, response_status: 200 });
  });

  it('retries a 500 with backoff and keeps later events behind it, in order', async () => {
    receiver.received.length = 0;
    receiver.answer(500, 500);
    const task = await postTask('Retried task');
    await drainJobs(t);
    expect(receiver.received.map((hook) => hook.json.type)).toEqual(['task.created']);
    const [first] = await deliveriesOf(endpoint.endpoint);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, response_status: 500, last_error: 'receiver says 500' });
    expect(new Date(first.next_attempt_at!).getTime() - new Date(first.last_attempt_at!).getTime()).toBe(WEBHOOKS.firstRetryDelayMs);

    // A later event waits behind the failing one: nothing is sent out of order.
    const cancel = await t.request('POST', `/api/tasks/${task.id}/cancel`, { cookie: client.cookie, body: { reason: 'plans_changed' } });
    expect(cancel.status).toBe(200);
    await drainJobs(t);
    expect(receiver.received).toHaveLength(1);

    t.clock.advance(WEBHOOKS.firstRetryDelayMs);
    await drainJobs(t);
    expect(receiver.received).toHaveLength(2);
    const [second] = await deliveriesOf(endpoint.endpoint);
    expect(second.event_type).toBe('task.cancelled');
    expect(second.status).toBe('pending');
    expect(second.attempts).toBe(0);

    // The third try (after twice the first wait) succeeds, and the cancellation follows it.
    t.clock.advance(2 * WEBHOOKS.firstRetryDelayMs);
    await drainJobs(t);
    expect(receiver.received.map((hook) => hook.json.type)).toEqual(['task.created', 'task.created', 'task.created', 'task.cancelled']);
    expect(new Set(receiver.received.slice(0, 3).map((hook) => hook.json.id)).size).toBe(1);
    expect(receiver.received[3].json.data.object).toMatchObject({ id: task.id, status: 'cancelled' });
    const log = await deliveriesOf(endpoint.endpoint);
    expect(log.slice(0, 2).map((d) => [d.event_type, d.status, d.attempts])).toEqual([
      ['task.cancelled', 'succeeded', 1],
      ['task.created', 'succeeded', 3],
    ]);
  });

  it('signs with both secrets for 24 hours after a roll, then with the new one only', async () => {
    receiver.received.length = 0;
    const rolled = await t.json<WebhookEndpointWithSecretDto>(
      await t.request('POST', `/api/me/webhook-endpoints/${endpoint.endpoint.id}/roll-secret`, { cookie: client.cookie }),
    );
    expect(rolled.secret).not.toBe(endpoint.secret);
    await postTask('After the roll');
    await drainJobs(t);
    const header = String(receiver.received[0].headers['x-webhook-signature']);
    expect(header.split(',').filter((part) => part.startsWith('v1='))).toHaveLength(2);
    expect(verifySignature(header, receiver.received[0].body, rolled.secret)).toBe(true);
    expect(verifySignature(header, receiver.received[0].body, endpoint.secret)).toBe(true);

    t.clock.advance(WEBHOOKS.secretOverlapMs + 1000);
    await postTask('A day later');
    await drainJobs(t);
    const later = String(receiver.received[1].headers['x-webhook-signature']);
    // The product clock is a day ahead now; the signature carries the wall clock receivers check against.
    expect(Math.abs(Number(/^t=(\d+)/.exec(later)![1]) - Date.now() / 1000)).toBeLessThan(60);
    expect(verifyWebhookSignature({ payload: receiver.received[1].body, header: later, secrets: rolled.secret })).toBe(true);
    expect(verifySignature(later, receiver.received[1].body, rolled.secret)).toBe(true);
    expect(verifySignature(later, receiver.received[1].body, endpoint.secret)).toBe(false);
    endpoint = rolled;
  });

  it('resends an event as a new delivery with the same event id', async () => {
    receiver.received.length = 0;
    const [latest] = await deliveriesOf(endpoint.endpoint);
    const response = await t.request('POST', `/api/me/webhook-endpoints/${endpoint.endpoint.id}/deliveries/${latest.id}/resend`, { cookie: client.cookie });
    expect(response.status).toBe(201);
    const { delivery } = await t.json<{ delivery: WebhookDeliveryDto }>(response);
    expect(delivery).toMatchObject({ event_id: latest.event_id, status: 'pending', attempts: 0 });
    await drainJobs(t);
    expect(receiver.received.map((hook) => hook.json.id)).toEqual([latest.event_id]);
  });

  it('keeps the order of the changes when the later event is prepared first', async () => {
    receiver.received.length = 0;
    const first = await postTask('Changed first');
    const second = await postTask('Changed second');
    const prepares = (await listJobs(t.db, { kind: WEBHOOK_PREPARE_JOB })).filter((job) => !job.done_at);
    expect(prepares).toHaveLength(2);
    // A second worker prepares the later event's body before anyone prepares the first one's.
    const worker = webhookJobs({ db: t.db, clock: t.clock, readObject: async () => ({ prepared: 'by the second worker' }), policy: 'local' });
    // listJobs orders by creation: the second is the later change's.
    await worker.handlers![WEBHOOK_PREPARE_JOB](prepares[1]);
    await drainJobs(t);
    expect(receiver.received.map((hook) => hook.json.data.object?.title ?? hook.json.data.object?.prepared)).toEqual([first.title, 'by the second worker']);
    expect(second.id).not.toBe(first.id);
  });

  it('resumes a queue whose send job failed on our side until it gave up', async () => {
    receiver.received.length = 0;
    const task = await postTask('Stalled once');
    // The body is prepared, then its send job uses up its attempts (say, the database was down).
    const [prepareJob] = (await listJobs(t.db, { kind: WEBHOOK_PREPARE_JOB })).filter((job) => !job.done_at);
    const worker = webhookJobs({ db: t.db, clock: t.clock, readObject: async () => ({ id: task.id }), policy: 'local' });
    await worker.handlers![WEBHOOK_PREPARE_JOB](prepareJob);
    await t.db.execute(sql`update jobs set attempts = max_attempts where kind = ${WEBHOOK_DELIVER_JOB} and done_at is null`);
    await drainJobs(t);
    expect(receiver.received).toHaveLength(0);
    t.clock.advance(STALL_LOOK_MS + 60_000);
    await drainJobs(t);
    expect(receiver.received.map((hook) => hook.json.data.object?.id)).toEqual([task.id]);
  });

  it('sends nothing to a disabled endpoint, and nothing for events it did not pick', async () => {
    receiver.received.length = 0;
    expect((await disable(endpoint.endpoint)).status).toBe(200);
    await postTask('While disabled');
    await drainJobs(t);
    expect(receiver.received).toHaveLength(0);
  });

  it('disables an endpoint that fails for 3 days and tells its owner, whatever their settings', async () => {
    const failing = await createEndpoint(t, client, { url: receiver.url, events: ['task.created'] });
    receiver.received.length = 0;
    receiver.answer(...Array<number>(40).fill(503));
    await postTask('Never received');
    await drainJobs(t);
    for (let hours = 0; hours <= 80; hours += 2) {
      t.clock.advance(2 * 60 * 60 * 1000);
      await drainJobs(t);
    }
    const after = (await t.json<{ endpoint: WebhookEndpointDto }>(
      await t.request('GET', `/api/me/webhook-endpoints/${failing.endpoint.id}`, { cookie: client.cookie }),
    )).endpoint;
    expect(after.disabled_reason).toBe('failing');
    expect(after.disabled_at).not.toBeNull();
    const [delivery] = await deliveriesOf(after);
    expect(delivery.status).toBe('failed');
    // Backoff: far fewer tries than one a minute for 3 days.
    expect(delivery.attempts).toBeGreaterThan(8);
    expect(delivery.attempts).toBeLessThan(25);
    const notices = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, client.id), eq(notifications.type, 'webhook_endpoint_disabled')));
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toContain(receiver.url);
    // Emailed whatever the preferences: the business's integration stopped hearing anything.
    await drainJobs(t);
    const mail = await t.db.select().from(devOutbox).where(eq(devOutbox.recipient, client.email));
    expect(mail.filter((row) => row.channel === 'email' && row.subject?.includes(notices[0].title) && row.body.includes(receiver.url))).toHaveLength(1);
    receiver.answer(); // leave the queue of answers as it is for nothing else
  });
});
