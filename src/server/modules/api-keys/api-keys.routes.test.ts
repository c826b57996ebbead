import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEYS } from '@shared/constants';
import { messages } from '@shared/messages';
import type { ApiKeyDto, CreatedApiKeyDto } from '@shared/schemas/api-keys.schemas';
import type { TaskDto } from '@shared/schemas/task-api';
import { createApp } from '../../app';
import { authUsers } from '../../db/schema';
import { taskInput } from '../../test/builders';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

const text = messages.apiKeys;
let t: TestApp;
let client: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  client = await t.createUser('client');
  // A task is accepted only where an expert works.
  await t.createUser('expert');
});
afterAll(async () => {
  await t.close();
});

async function createKey(user: TestUser, body: Record<string, unknown> = {}): Promise<CreatedApiKeyDto> {
  const response = await t.request('POST', '/api/me/api-keys', {
    cookie: user.cookie,
    body: { name: 'Listing sync', scopes: ['tasks:read', 'tasks:write'], ...body },
  });
  expect(response.status).toBe(201);
  return t.json<CreatedApiKeyDto>(response);
}
/** A request as a server would send it: the key, no cookie, no Origin. */
const withKey = (key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.request(method, path, { body, headers: { origin: '', authorization: `Bearer ${key}`, ...headers } });
const errorOf = async (response: Response) => (await t.json<{ error: { message: string } }>(response)).error.message;
const keysOf = async (user: TestUser) =>
  (await t.json<{ api_keys: ApiKeyDto[] }>(await t.request('GET', '/api/me/api-keys', { cookie: user.cookie }))).api_keys;

describe('API keys: management on /profile (issue 54)', () => {
  it('shows the whole key once, lists only its first characters, and stores only its hash', async () => {
    const created = await createKey(client, { expires_at: new Date(t.clock.now().getTime() + 86_400_000).toISOString() });
    expect(created.secret).toMatch(/^lek_live_[A-Za-z0-9_-]{43}$/);
    expect(created.api_key).toMatchObject({ name: 'Listing sync', scopes: ['tasks:read', 'tasks:write'], last_used_at: null, revoked_at: null });
    expect(created.api_key.prefix).toBe(created.secret.slice(0, API_KEYS.shownChars));
    const list = await keysOf(client);
    expect(list.find((key) => key.id === created.api_key.id)).toEqual(created.api_key);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    const stored = JSON.stringify(await t.db.execute('select * from api_keys'));
    expect(stored).not.toContain(created.secret);
  });

  it('refuses bad input with a clear message', async () => {
    const bad = async (body: unknown) => {
      const response = await t.request('POST', '/api/me/api-keys', { cookie: client.cookie, body });
      expect(response.status).toBe(400);
      return errorOf(response);
    };
    expect(await bad({ name: '', scopes: ['tasks:read'] })).toBe(text.invalidName);
    expect(await bad({ name: 'x', scopes: [] })).toBe(text.invalidScopes);
    expect(await bad({ name: 'x', scopes: ['admin'] })).toBe(text.invalidScopes);
    expect(await bad({ name: 'x', scopes: ['tasks:read'], expires_at: new Date(t.clock.now().getTime() - 1000).toISOString() })).toBe(text.invalidExpiry);
    expect((await t.request('POST', '/api/me/api-keys', { body: { name: 'x', scopes: ['tasks:read'] } })).status).toBe(401);
  });

  it("cannot revoke someone else's key (404), and a revoked key is refused at once", async () => {
    const created = await createKey(client);
    const other = await t.createUser('client');
    expect((await t.request('DELETE', `/api/me/api-keys/${created.api_key.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await withKey(created.secret, 'GET', '/api/tasks')).status).toBe(200);
    const revoked = await t.request('DELETE', `/api/me/api-keys/${created.api_key.id}`, { cookie: client.cookie });
    expect(revoked.status).toBe(200);
    expect((await t.json<{ api_key: ApiKeyDto }>(revoked)).api_key.revoked_at).not.toBeNull();
    const refused = await withKey(created.secret, 'GET', '/api/tasks');
    expect(refused.status).toBe(401);
    expect(await errorOf(refused)).toBe(text.invalidKey);
  });
});

describe('API keys: requests with Authorization: Bearer (issue 54)', () => {
  it('acts as its owner on the same routes, without Origin, and records when it was last used (at most once a minute)', async () => {
    const { secret, api_key } = await createKey(client);
    const created = await withKey(secret, 'POST', '/api/tasks', taskInput());
    expect(created.status, await created.clone().text()).toBe(201);
    const { task } = await t.json<{ task: TaskDto }>(created);
    expect(task.client_id).toBe(client.id);
    expect(created.headers.get('ratelimit-limit')).toBe(String(API_KEYS.rateLimit.max));
    expect(created.headers.get('ratelimit-remaining')).toBe(String(API_KEYS.rateLimit.max - 1));
    expect(Number(created.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    const firstUse = (await keysOf(client)).find((key) => key.id === api_key.id)!.last_used_at;
    expect(firstUse).toBe(t.clock.now().toISOString());
    t.clock.advance(10_000);
    expect((await withKey(secret, 'GET', `/api/tasks/${task.id}`)).status).toBe(200);
    expect((await keysOf(client)).find((key) => key.id === api_key.id)!.last_used_at).toBe(firstUse);
    t.clock.advance(60_000);
    expect((await withKey(secret, 'GET', `/api/tasks/${task.id}`)).status).toBe(200);
    expect((await keysOf(client)).find((key) => key.id === api_key.id)!.last_used_at).toBe(t.clock.now().toISOString());
  });

  it('is limited to its scopes, and refuses routes without a scope (account, key management, admin)', async () => {
    const readOnly = await createKey(client, { scopes: ['tasks:read'] });
    const create = await withKey(readOnly.secret, 'POST', '/api/tasks', taskInput());
    expect(create.status).toBe(403);
    expect(await errorOf(create)).toBe(text.missingScope.replace('{scope}', 'tasks:write'));
    expect((await withKey(readOnly.secret, 'GET', '/api/tasks')).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/api/me/api-keys'],
      ['POST', '/api/me/api-keys'],
      ['GET', '/api/admin/users'],
      ['PATCH', '/api/profile'],
      ['POST', '/api/auth/sign-out'],
    ] as const) {
      const response = await withKey(readOnly.secret, method, path, method === 'GET' ? undefined : {});
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await errorOf(response)).toBe(text.routeNotForKeys);
    }
  });

  it('lets messages:write and reports:read keys reach their routes, which answer as they would the session', async () => {
    const { task } = await t.json<{ task: TaskDto }>(await t.request('POST', '/api/tasks', { cookie: client.cookie, body: taskInput() }));
    const tasksOnly = await createKey(client, { scopes: ['tasks:read'] });
    const messagesKey = await createKey(client, { scopes: ['messages:write'] });
    const reportsKey = await createKey(client, { scopes: ['reports:read'] });
    const message = { content: 'Is the car still at the same address?' };
    const noScope = await withKey(tasksOnly.secret, 'POST', `/api/tasks/${task.id}/messages`, message);
    expect(await errorOf(noScope)).toBe(text.missingScope.replace('{scope}', 'messages:write'));
    const asCookie = await t.request('POST', `/api/tasks/${task.id}/messages`, { cookie: client.cookie, body: message });
    const asKey = await withKey(messagesKey.secret, 'POST', `/api/tasks/${task.id}/messages`, message);
    expect(asKey.status).toBe(asCookie.status);
    expect(await errorOf(await withKey(tasksOnly.secret, 'GET', `/api/tasks/${task.id}/report`))).toBe(text.missingScope.replace('{scope}', 'reports:read'));
    const reportAsCookie = await t.request('GET', `/api/tasks/${task.id}/report`, { cookie: client.cookie });
    expect((await withKey(reportsKey.secret, 'GET', `/api/tasks/${task.id}/report`)).status).toBe(reportAsCookie.status);
  });

  it("cannot act for another user: another client's task is as hidden as with their session", async () => {
    const other = await t.createUser('client');
    const { task } = await t.json<{ task: TaskDto }>(await t.request('POST', '/api/tasks', { cookie: other.cookie, body: taskInput() }));
    const { secret } = await createKey(client);
    const asCookie = await t.request('PATCH', `/api/tasks/${task.id}`, { cookie: client.cookie, body: { title: 'Taken over by someone else' } });
    const asKey = await withKey(secret, 'PATCH', `/api/tasks/${task.id}`, { title: 'Taken over by someone else' });
    expect(asKey.status).toBe(asCookie.status);
    expect([403, 404]).toContain(asKey.status);
  });

  it('refuses unknown, malformed, expired, and query-string keys with 401, and keys of suspended or deleted owners', async () => {
    expect((await withKey('lek_live_unknown', 'GET', '/api/tasks')).status).toBe(401);
    expect((await t.request('GET', '/api/tasks', { headers: { authorization: 'Bearer' } })).status).toBe(401);
    const expiring = await createKey(client, { expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString() });
    expect((await withKey(expiring.secret, 'GET', '/api/tasks')).status).toBe(200);
    t.clock.advance(61_000);
    expect((await withKey(expiring.secret, 'GET', '/api/tasks')).status).toBe(401);
    // A key in the query string or a cookie is not a credential.
    const { secret } = await createKey(client);
    expect((await t.request('GET', `/api/me/api-keys?api_key=${secret}`, { headers: { cookie: `api_key=${secret}` } })).status).toBe(401);

    const owner = await t.createUser('client');
    const ownersKey = await createKey(owner);
    expect((await withKey(ownersKey.secret, 'GET', '/api/tasks')).status).toBe(200);
    await t.db.update(authUsers).set({ suspendedAt: t.clock.now() }).where(eq(authUsers.id, owner.id));
    expect((await withKey(ownersKey.secret, 'GET', '/api/tasks')).status).toBe(401);
    await t.db.update(authUsers).set({ suspendedAt: null, deletedAt: t.clock.now() }).where(eq(authUsers.id, owner.id));
    expect((await withKey(ownersKey.secret, 'GET', '/api/tasks')).status).toBe(401);
  });

  it("never grants admin access: an admin's key is refused", async () => {
    const admin = await t.createUser('admin');
    const { secret } = await createKey(admin);
    const response = await withKey(secret, 'GET', '/api/tasks');
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toBe(text.adminKeyRefused);
  });

  it('skips the cross-site check for keys, but refuses a request with both a session cookie and a key (400)', async () => {
    const { secret } = await createKey(client);
    const crossSite = await withKey(secret, 'POST', '/api/tasks', taskInput(), { origin: 'https://elsewhere.example' });
    expect(crossSite.status).toBe(201);
    // The same write with the cookie alone from another site stays refused.
    expect((await t.request('POST', '/api/tasks', { cookie: client.cookie, body: taskInput(), headers: { origin: 'https://elsewhere.example' } })).status).toBe(403);
    const both = await t.request('POST', '/api/tasks', { cookie: client.cookie, body: taskInput(), headers: { authorization: `Bearer ${secret}` } });
    expect(both.status).toBe(400);
    expect(await errorOf(both)).toBe(text.ambiguousCredentials);
  });

  it('answers 429 with Retry-After and RateLimit-* headers past the per-key limit, per key, until the window ends', async () => {
    const { secret } = await createKey(client, { scopes: ['tasks:read'] });
    const other = await createKey(client, { scopes: ['tasks:read'] });
    // A route keys may not call is refused before counting: it uses none of the limit.
    const refused = await Promise.all(Array.from({ length: 5 }, () => withKey(secret, 'GET', '/api/me/api-keys')));
    expect(refused.map((response) => response.status)).toEqual([403, 403, 403, 403, 403]);
    // The counting is one atomic statement: parallel requests never lose a count.
    const reads = await Promise.all(Array.from({ length: API_KEYS.rateLimit.max }, () => withKey(secret, 'GET', '/api/tasks')));
    expect(reads.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const over = await withKey(secret, 'GET', '/api/tasks');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.headers.get('ratelimit-limit')).toBe(String(API_KEYS.rateLimit.max));
    expect(over.headers.get('ratelimit-remaining')).toBe('0');
    expect(over.headers.get('ratelimit-reset')).toBe(over.headers.get('retry-after'));
    expect((await withKey(other.secret, 'GET', '/api/tasks')).status).toBe(200);
    t.clock.advance(API_KEYS.rateLimit.windowMs);
    expect((await withKey(secret, 'GET', '/api/tasks')).status).toBe(200);
  });
});

describe('API keys across instances (issue 54)', () => {
  it('a revocation on one instance holds at once on another, and both count against one limit', async () => {
    // A second app on the same database: its own caches, as another process would have.
    const other = createApp({ ...t.context });
    const onOther = (key: string) => other.request(`${TEST_ORIGIN}/api/tasks`, { headers: { authorization: `Bearer ${key}` } });
    const { secret, api_key } = await createKey(client, { scopes: ['tasks:read'] });
    expect((await onOther(secret)).status).toBe(200);
    const half = API_KEYS.rateLimit.max / 2;
    await Promise.all(Array.from({ length: half }, () => withKey(secret, 'GET', '/api/tasks')));
    // 1 + 60 + 58 + 1 = 120 requests: the last one allowed.
    await Promise.all(Array.from({ length: half - 2 }, () => onOther(secret)));
    const last = await onOther(secret);
    expect(last.status).toBe(200);
    expect(last.headers.get('ratelimit-remaining')).toBe('0');
    expect((await withKey(secret, 'GET', '/api/tasks')).status).toBe(429);

    t.clock.advance(API_KEYS.rateLimit.windowMs);
    expect((await onOther(secret)).status).toBe(200);
    expect((await t.request('DELETE', `/api/me/api-keys/${api_key.id}`, { cookie: client.cookie })).status).toBe(200);
    expect((await onOther(secret)).status).toBe(401);
  });
});
