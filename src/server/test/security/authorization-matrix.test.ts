import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { createWorld, endpointsOf, requestOf, ROLES, type MatrixRow, type World } from './matrix';
import { matrixRows } from './rows';

/**
 * Who may call what: every endpoint of the app, every caller, the task statuses that matter. A route
 * added without a row in ./rows fails the first test; a changed answer fails its row.
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

describe('the authorization matrix', () => {
  it('has a row for every endpoint of the app, and no row for an endpoint that does not exist', () => {
    const endpoints = endpointsOf(t.app);
    const covered = new Set(matrixRows.map((row) => row.route));
    expect(endpoints.filter((endpoint) => !covered.has(endpoint)), 'endpoints without a row in src/server/test/security/rows').toEqual([]);
    expect([...covered].filter((route) => !endpoints.includes(route)), 'rows for endpoints that do not exist').toEqual([]);
  });

  const cases = matrixRows.flatMap((row: MatrixRow) => row.cases.map((entry) => ({ route: row.route, entry })));
  it.each(cases.map(({ route, entry }) => [`${route} — ${entry.name}`, route, entry] as const))('%s', async (_title, route, entry) => {
    const actual: Record<string, number> = {};
    for (const role of ROLES) {
      const target = entry.arrange ? await entry.arrange(world, role) : {};
      const { method, path } = requestOf(route, target);
      const cookie = role === 'anon' ? undefined : world.users[role].cookie;
      const response = await t.request(method, path, { body: target.body, cookie });
      actual[role] = response.status;
      expect(response.status, `${role}: ${await response.clone().text()}`).toBeLessThan(500);
    }
    expect(actual, `actual ${JSON.stringify(actual)}`).toEqual(entry.expect);
  });
});
