import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSignedWebhookPath } from '../../http/origin-check';
import { createTestApp, type TestApp } from '../test-app';
import { createWorld, requestOf, ROLES, type MatrixRow, type Role, type World } from './matrix';
import { matrixRows } from './rows';

/**
 * Hostile JSON for every JSON endpoint: whatever arrives, the answer is never a 5xx. Each route is
 * called by the caller its matrix row lets through (so the parsing and the rules behind it run), first
 * with broken documents, then with its valid body where one field at a time is replaced by a hostile
 * value.
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

describe('fuzzing every JSON endpoint', () => {
  it('covers the JSON endpoints', () => {
    expect(jsonRows.length).toBeGreaterThan(25);
  });

  it.each(jsonRows.map((row) => [row.route, row] as const))('%s never answers 5xx', async (route, row) => {
    const role = callerOf(row);
    const cookie = role === 'anon' ? undefined : world.users[role as Exclude<Role, 'anon'>].cookie;
    const target = row.cases[0]!.arrange ? await row.cases[0]!.arrange(world, role) : {};
    const { method, path } = requestOf(route, target);
    const failures: string[] = [];
    const probe = async (body: unknown, what: string) => {
      const response = await t.request(method, path, { body, cookie });
      if (response.status >= 500) failures.push(`${what}: ${response.status} ${(await response.text()).slice(0, 200)}`);
    };
    for (const raw of RAW_BODIES) await probe(raw, `raw ${JSON.stringify(raw.slice(0, 40))}`);
    if (RAW_ONLY.has(route)) return expect(failures).toEqual([]);
    const valid = (target.body && typeof target.body === 'object' ? target.body : {}) as Record<string, unknown>;
    const fields = Object.keys(valid).length > 0 ? Object.keys(valid) : ['unknown_field'];
    for (const field of fields) {
      for (const value of HOSTILE_VALUES) await probe({ ...valid, [field]: value }, `${field}=${JSON.stringify(value)?.slice(0, 40)}`);
    }
    await probe({ ...valid, unknown_field: 'x', is_admin: true, client_id: world.users.otherClient.id }, 'unknown fields');
    expect(failures).toEqual([]);
  });
});
