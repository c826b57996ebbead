import { expect, test, type APIRequestContext } from '@playwright/test';
import { createApiClient, idempotencyKey } from '../../clients/typescript';
import { DEMO, DEMO_PASSWORD } from './fixtures';

/**
 * Issue 54: a business's own system against the running server through the typed client
 * (clients/typescript, docs/api.md). The demo client signs in and manages keys with the session, as the
 * Developers tab does; everything else goes through the client with `Authorization: Bearer <key>` only.
 * No browser: the session is Playwright's request context.
 */
async function createKey(request: APIRequestContext, origin: string, name: string, scopes: string[]) {
  const response = await request.post('/api/me/api-keys', { data: { name, scopes }, headers: { origin } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { api_key: { id: string; prefix: string }; secret: string };
}

test('a business creates and reads a task with the typed client and an API key', async ({
  request,
  baseURL,
}) => {
  // The session's writes carry the product's Origin (decision 0060); key requests need none.
  const origin = baseURL!;
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: DEMO.client, password: DEMO_PASSWORD },
    headers: { origin },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);

  const writer = await createKey(request, origin, 'Order system', ['tasks:read', 'tasks:write']);
  const reader = await createKey(request, origin, 'Reporting', ['tasks:read']);
  expect(writer.secret.startsWith(writer.api_key.prefix)).toBe(true);
  const api = createApiClient({ baseUrl: origin, apiKey: writer.secret });

  const body = {
    title: 'Inspect an apartment before signing the lease',
    description: 'Please photograph every room and record a short video of the kitchen for my report.',
    requirements: 'Ten photos and one video of the whole apartment.',
    category: 'property' as const,
    urgency: 'medium' as const,
    budget: 12_000,
    due_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    location: 'New York, New York, United States',
    latitude: 40.7128,
    longitude: -74.006,
  };
  const key = `order-${Date.now()}`;
  const created = await api.POST('/api/tasks', { body, headers: idempotencyKey(key) });
  expect(created.response.status, JSON.stringify(created.error)).toBe(201);
  expect(created.response.headers.get('ratelimit-limit')).toBe('120');
  const task = created.data!.task;
  expect(task).toMatchObject({ title: body.title, budget: 12_000, status: 'open' });

  const read = await api.GET('/api/tasks/{id}', { params: { path: { id: task.id } } });
  expect(read.response.status).toBe(200);
  expect(read.data!.task).toMatchObject({ id: task.id, title: body.title, category: 'property' });
  const list = await api.GET('/api/tasks', {
    params: { query: { scope: 'mine', status: 'open', page: 1, pageSize: 20 } },
  });
  expect(list.data!.tasks.map((row) => row.id)).toContain(task.id);

  // A retry with the same Idempotency-Key and body is the first answer again, not a second task.
  const retried = await api.POST('/api/tasks', { body, headers: idempotencyKey(key) });
  expect(retried.response.status).toBe(201);
  expect(retried.response.headers.get('idempotent-replayed')).toBe('true');
  expect(retried.data!.task.id).toBe(task.id);
  // The same key with another body is refused.
  const reused = await api.POST('/api/tasks', {
    body: { ...body, budget: 13_000 },
    headers: idempotencyKey(key),
  });
  expect(reused.response.status).toBe(422);

  // A key without tasks:write reads, but may not create.
  const readOnly = createApiClient({ baseUrl: origin, apiKey: reader.secret });
  expect((await readOnly.GET('/api/tasks/{id}', { params: { path: { id: task.id } } })).response.status).toBe(
    200,
  );
  const refused = await readOnly.POST('/api/tasks', { body });
  expect(refused.response.status).toBe(403);
  expect(refused.error?.error.message).toContain('tasks:write');

  // Revoked (with the session), the key is refused at once.
  for (const { api_key } of [writer, reader]) {
    const revoked = await request.delete(`/api/me/api-keys/${api_key.id}`, { headers: { origin } });
    expect(revoked.status(), await revoked.text()).toBe(200);
  }
  const after = await api.GET('/api/tasks/{id}', { params: { path: { id: task.id } } });
  expect(after.response.status).toBe(401);
  expect(after.response.headers.get('www-authenticate')).toContain('invalid_token');
});
