import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES } from '@shared/constants';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { apiKeys } from '../../db/schema';
import { scopeOfRequest } from '../../http/api-key-scopes';
import { isSignedWebhookPath } from '../../http/origin-check';
import { createTestApp, type TestApp } from '../test-app';
import { createKey, createWorld, errorMessageOf, keyRequest, requestOf, ROLES, type MatrixRow, type Role, type World } from './matrix';
import { matrixRows } from './rows';

/**
 * Hostile JSON for every JSON endpoint: whatever arrives, the answer is never a 5xx. Each route is
 * called by the caller its matrix row lets through (so the parsing and the rules behind it run), first
 * with broken documents, then with its valid body where one field at a time is replaced by a hostile
 * value. The routes API keys may call get the same probes again with a key of that caller (issue 54).
 */
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t);
});
afterAll(async () => {
  await t.close();
});

/** Raw documents: malformed JSON, non-objects, values JSON.stringify cannot produce. */
const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  '[1,2',
  'null',
  '"text"',
  '12',
  '[]',
  '{"budget": NaN}',
  '{"budget": Infinity}',
  '{"latitude": 1e999}',
  '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}',
  `{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
  '\u0000',
  '{"title":"\\ud800"}',
];

/** Better Auth hashes a password per sign-in attempt: its endpoint gets the raw documents only. */
const RAW_ONLY = new Set(['POST /api/auth/*']);

/** Values put in place of one field at a time. */
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  -1,
  1e308,
  '',
  'x'.repeat(20_000),
  'nul\u0000byte',
  'lone \ud800 surrogate',
  [],
  { nested: { deeper: [1, { x: 'y' }] } },
  '9'.repeat(400),
];

const isJsonRoute = (row: MatrixRow) => {
  const [method, path] = row.route.split(' ') as [string, string];
  if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) || !path.startsWith('/api/') || isSignedWebhookPath(path)) return false;
  return !['/api/me/avatar', '/api/experts/application', '/api/tasks/:id/evidence', '/api/tasks/:id/evidence/redeliver', '/api/tasks/:id/no-access'].includes(path);
};

/** The caller a row lets through (the first expected success), else the task's owner. */
const callerOf = (row: MatrixRow): Role => ROLES.find((role) => role !== 'anon' && row.cases[0]!.expect[role] < 300) ?? 'owner';

const jsonRows = matrixRows.filter(isJsonRoute);

/** The JSON routes API keys may call (decision 0472's route-to-scope map). */
const keyRows = jsonRows.filter((row) => {
  const [method, pattern] = row.route.split(' ') as [string, string];
  return scopeOfRequest(method, pattern.replace(/:\w+/g, 'x')) !== null;
});

/** One key with every scope per caller, made on first use. */
const keys = new Map<Exclude<Role, 'anon'>, Promise<string>>();
const keyOf = (role: Exclude<Role, 'anon'>) => {
  if (!keys.has(role)) keys.set(role, createKey(t, world.users[role], API_KEY_SCOPES).then((key) => key.secret));
  return keys.get(role)!;
};

type Send = (method: string, path: string, body: unknown) => Promise<Response>;

/** Sends every probe of a row's first case through `send`; the probes answered with a 5xx (or that `check` objects to). */
async function fuzz(route: string, row: MatrixRow, role: Role, send: Send, check: (response: Response) => Promise<string | null> = async () => null): Promise<string[]> {
  const target = row.cases[0]!.arrange ? await row.cases[0]!.arrange(world, role) : {};
  const { method, path } = requestOf(route, target);
  const failures: string[] = [];
  const probe = async (body: unknown, what: string) => {
    const response = await send(method, path, body);
    if (response.status >= 500) failures.push(`${what}: ${response.status} ${(await response.text()).slice(0, 200)}`);
    else {
      const objection = await check(response);
      if (objection) failures.push(`${what}: ${objection}`);
    }
  };
  for (const raw of RAW_BODIES) await probe(raw, `raw ${JSON.stringify(raw.slice(0, 40))}`);
  if (RAW_ONLY.has(route)) return failures;
  const valid = (target.body && typeof target.body === 'object' ? target.body : {}) as Record<string, unknown>;
  const fields = Object.keys(valid).length > 0 ? Object.keys(valid) : ['unknown_field'];
  for (const field of fields) {
    for (const value of HOSTILE_VALUES) await probe({ ...valid, [field]: value }, `${field}=${JSON.stringify(value)?.slice(0, 40)}`);
  }
  await probe({ ...valid, unknown_field: 'x', is_admin: true, client_id: world.users.otherClient.id }, 'unknown fields');
  return failures;
}

describe('fuzzing every JSON endpoint', () => {
  it('covers the JSON endpoints', () => {
    expect(jsonRows.length).toBeGreaterThan(25);
    expect(keyRows.length).toBeGreaterThan(15);
  });

  it.each(jsonRows.map((row) => [row.route, row] as const))('%s never answers 5xx', async (route, row) => {
    const role = callerOf(row);
    const cookie = role === 'anon' ? undefined : world.users[role as Exclude<Role, 'anon'>].cookie;
    expect(await fuzz(route, row, role, (method, path, body) => t.request(method, path, { body, cookie }))).toEqual([]);
  });

  /**
   * The same probes with an API key (every scope) of the caller the row lets through, on the routes keys
   * may call: a key request takes its own way through the middleware (no cookie, no Origin, the key
   * check, the per-key count). An admin's key is refused outright, so admin-only rows use the owner's.
   * Every answer must be the route's own: a refusal by the key middleware (or its 429) would mean the
   * probes never reached the parsing they are meant to test.
   */
  it.each(keyRows.map((row) => [row.route, row] as const))('%s never answers 5xx to an API key', async (route, row) => {
    const role = callerOf(row) === 'admin' ? 'owner' : callerOf(row);
    if (role === 'anon') throw new Error(`${route}: no signed-in caller`);
    const secret = await keyOf(role);
    const keyRefusals = new Set<string>([
      messages.apiKeys.invalidKey,
      messages.apiKeys.ambiguousCredentials,
      messages.apiKeys.routeNotForKeys,
      messages.apiKeys.adminKeyRefused,
      ...API_KEY_SCOPES.map((scope) => format(messages.apiKeys.missingScope, { scope })),
    ]);
    const send: Send = async (method, path, body) => {
      // The test clock stands still: without a fresh window a route's probes would run into the 120-a-minute limit.
      await t.db.update(apiKeys).set({ window_count: 0, window_start: null }).where(eq(apiKeys.user_id, world.users[role].id));
      return keyRequest(t, secret, method, path, body);
    };
    const failures = await fuzz(route, row, role, send, async (response) => {
      const message = await errorMessageOf(response);
      const refused = response.status === 429 || (message !== null && keyRefusals.has(message));
      return refused ? `refused by the key middleware, not the route: ${response.status} ${message}` : null;
    });
    expect(failures).toEqual([]);
  });
});
