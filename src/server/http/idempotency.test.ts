import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import type { CreatedApiKeyDto } from '@shared/schemas/api-keys.schemas';
import type { TaskDto } from '@shared/schemas/task-api';
import { idempotencyKeys, tasks } from '../db/schema';
import { deleteExpiredRows } from '../jobs/retention';
import { taskInput } from '../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import type { AppEnv } from './context';
import { handleError } from './errors';
import { idempotency } from './idempotency';

const text = messages.apiKeys;
const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
let client: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  client = await t.createUser('client');
  await t.createUser('expert');
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const freshKey = () => `order-${Date.now()}-${++n}`;
const create = (key: string, body: unknown = taskInput(), user = client) =>
  t.request('POST', '/api/tasks', { cookie: user.cookie, body, headers: { 'idempotency-key': key } });
const tasksTitled = async (title: string) => t.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.title, title));
const errorOf = async (response: Response) => (await t.json<{ error: { message: string } }>(response)).error.message;

describe('Idempotency-Key on POST (issue 54)', () => {
  it('replays the first answer (status and body) for the same key and body, without doing it again', async () => {
    const key = freshKey();
    const body = taskInput({ title: 'Inspect the van listed this morning' });
    const first = await create(key, body);
    expect(first.status).toBe(201);
    const firstBody = await first.text();
    const again = await create(key, body);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(firstBody);
    expect(await tasksTitled('Inspect the van listed this morning')).toHaveLength(1);
  });

  it('answers 422 for the same key with another body (raw bytes) or another path, and 400 for a malformed key', async () => {
    const key = freshKey();
    const body = taskInput({ title: 'Inspect the caravan by the lake' });
    expect((await create(key, body)).status).toBe(201);
    const other = await create(key, { ...body, title: 'Inspect a different caravan' });
    expect(other.status).toBe(422);
    expect(await errorOf(other)).toBe(text.idempotencyMismatch);
    // The same JSON with other whitespace is other bytes: the hash is of the raw body.
    expect((await create(key, JSON.stringify(body, null, 2))).status).toBe(422);
    const elsewhere = await t.request('POST', '/api/tasks/check-location', { cookie: client.cookie, body, headers: { 'idempotency-key': key } });
    expect(elsewhere.status).toBe(422);
    for (const bad of ['', 'x'.repeat(256), 'tab\there', 'é']) {
      const response = await create(bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(await errorOf(response)).toBe(text.invalidIdempotencyKey);
    }
    expect(await tasksTitled('Inspect a different caravan')).toHaveLength(0);
  });

  it('two requests with the same key at once create one task: the other gets 409 or the replay', async () => {
    const key = freshKey();
    const body = taskInput({ title: 'Inspect the boat at the marina' });
    const answers = await Promise.all([create(key, body), create(key, body)]);
    const statuses = answers.map((response) => response.status).sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    expect(await tasksTitled('Inspect the boat at the marina')).toHaveLength(1);
    const conflict = answers.find((response) => response.status === 409);
    if (conflict) expect(await errorOf(conflict)).toBe(text.idempotencyInProgress);
  });

  it('answers 409 while the first request is still running (on any instance)', async () => {
    const key = freshKey();
    const body = JSON.stringify(taskInput());
    const bodyHash = createHash('sha256').update(body).digest('hex');
    await t.db.insert(idempotencyKeys).values({ caller: client.id, key, method: 'POST', path: '/api/tasks', body_hash: bodyHash, created_at: t.clock.now() });
    const response = await create(key, body);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe(text.idempotencyInProgress);
  });

  it("keeps callers apart, stores 4xx answers, and forgets everything after 24 hours (the daily clean-up)", async () => {
    const key = freshKey();
    const other = await t.createUser('client');
    const body = taskInput({ title: 'Inspect the flat on the third floor' });
    expect((await create(key, body)).status).toBe(201);
    // Another caller with the same header value is a request of its own.
    const theirs = await create(key, body, other);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    // A refusal (4xx) is the first answer too: replayed, not run again.
    const badKey = freshKey();
    const refused = await create(badKey, { title: '' });
    expect(refused.status).toBe(400);
    const replayed = await create(badKey, { title: '' });
    expect(replayed.status).toBe(400);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');

    t.clock.advance(DAY_MS + 1000);
    const later = await create(key, { ...body, due_date: new Date(t.clock.now().getTime() + 7 * DAY_MS).toISOString() });
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    await deleteExpiredRows(t.db, t.clock.now());
    const left = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.caller, client.id));
    expect(left.every((row) => row.created_at.getTime() > t.clock.now().getTime() - DAY_MS)).toBe(true);
    expect(left.some((row) => row.key === key)).toBe(true);
  });

  it('works for API-key requests, keyed to the key owner', async () => {
    const created = await t.json<CreatedApiKeyDto>(
      await t.request('POST', '/api/me/api-keys', { cookie: client.cookie, body: { name: 'CRM', scopes: ['tasks:write'] } }),
    );
    const key = freshKey();
    const body = taskInput({ title: 'Inspect the listing from the CRM', due_date: new Date(t.clock.now().getTime() + 7 * DAY_MS).toISOString() });
    const send = () =>
      t.request('POST', '/api/tasks', { body, headers: { origin: '', authorization: `Bearer ${created.secret}`, 'idempotency-key': key } });
    const first = await send();
    expect(first.status).toBe(201);
    const second = await send();
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((await t.json<{ task: TaskDto }>(second)).task.id).toBe((await t.json<{ task: TaskDto }>(first)).task.id);
    expect(await tasksTitled('Inspect the listing from the CRM')).toHaveLength(1);
  });
});

describe('Idempotency-Key: what is stored (issue 54)', () => {
  /** A small app with the middleware on the test database: a route that fails once, and an upload. */
  function smallApp(callerId: string) {
    let runs = 0;
    const app = new Hono<AppEnv>();
    app.onError(handleError);
    app.use('*', async (c, next) => {
      c.set('user', { id: callerId, email: 'x@example.com', emailVerified: true, name: 'X' });
      await next();
    });
    app.use('*', idempotency({ db: t.db, now: () => t.clock.now() }));
    app.post('/flaky', (c) => {
      runs += 1;
      if (runs === 1) throw new Error('a fault');
      return c.json({ runs }, 201);
    });
    app.post('/upload', async (c) => {
      runs += 1;
      const form = await c.req.formData();
      return c.json({ runs, name: (form.get('file') as File).name }, 201);
    });
    return app;
  }
  const send = (app: Hono<AppEnv>, path: string, key: string, body: BodyInit) =>
    app.request(path, { method: 'POST', body, headers: { 'idempotency-key': key, ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}) } });

  it('does not store a 5xx: the retry with the same key runs the route again', async () => {
    const app = smallApp(client.id);
    const key = freshKey();
    expect((await send(app, '/flaky', key, '{}')).status).toBe(500);
    const retry = await send(app, '/flaky', key, '{}');
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual({ runs: 2 });
    const replay = await send(app, '/flaky', key, '{}');
    expect(await replay.json()).toEqual({ runs: 2 });
  });

  it('hashes a multipart body as raw bytes: the same upload replays, another file is a 422, and the route still reads its form', async () => {
    const app = smallApp(client.id);
    const key = freshKey();
    const form = (content: string) => {
      const data = new FormData();
      data.set('file', new File([content], 'photo.txt', { type: 'text/plain' }));
      return data;
    };
    // One body, sent twice: a FormData's boundary is random, so the bytes are fixed first.
    const sameBody = await new Response(form('abc')).blob();
    const headersOf = (body: Blob) => ({ 'content-type': body.type, 'idempotency-key': key });
    const first = await app.request('/upload', { method: 'POST', body: sameBody, headers: headersOf(sameBody) });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ runs: 1, name: 'photo.txt' });
    const again = await app.request('/upload', { method: 'POST', body: sameBody, headers: headersOf(sameBody) });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual({ runs: 1, name: 'photo.txt' });
    const otherBody = await new Response(form('abd')).blob();
    expect((await app.request('/upload', { method: 'POST', body: otherBody, headers: headersOf(otherBody) })).status).toBe(422);
  });
});
