import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import {
  createMatrixKeys,
  createWorld,
  endpointsOf,
  errorMessageOf,
  KEY_CALLERS,
  KEY_EXCEPTIONS,
  KEY_HOLDER,
  keyExpectation,
  keyRequest,
  requestOf,
  ROLES,
  type KeyCaller,
  type MatrixKeys,
  type MatrixRow,
  type Role,
  type Target,
  type World,
} from './matrix';
import { matrixRows } from './rows';

/**
 * Who may call what: every endpoint of the app, every caller, the task statuses that matter. A route
 * added without a row in ./rows fails the first test; a changed answer fails its row. Every case is
 * also called with API keys (issue 54, decision 0472), whose answers are derived from the row and the
 * route-to-scope map (see KEY_CALLERS in ./matrix.ts).
 */
let t: TestApp;
let world: World;
let keys: MatrixKeys;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t);
  keys = await createMatrixKeys(world);
});
afterAll(async () => {
  await t.close();
});

const secretOf = (caller: KeyCaller, scope: string | undefined) => {
  if (caller === 'ownerKeyWithoutScope') return keys.ownerWithout[scope as keyof MatrixKeys['ownerWithout']];
  return keys.all[KEY_HOLDER[caller] as keyof MatrixKeys['all']];
};

describe('the authorization matrix', () => {
  it('has a row for every endpoint of the app, and no row for an endpoint that does not exist', () => {
    const endpoints = endpointsOf(t.app);
    const covered = new Set(matrixRows.map((row) => row.route));
    expect(endpoints.filter((endpoint) => !covered.has(endpoint)), 'endpoints without a row in src/server/test/security/rows').toEqual([]);
    expect([...covered].filter((route) => !endpoints.includes(route)), 'rows for endpoints that do not exist').toEqual([]);
  });

  it('lists key exceptions only for cases that exist', () => {
    const titles = new Set(matrixRows.flatMap((row) => row.cases.map((entry) => `${row.route} — ${entry.name}`)));
    expect(KEY_EXCEPTIONS.filter((exception) => !titles.has(exception.route))).toEqual([]);
  });

  const cases = matrixRows.flatMap((row: MatrixRow) => row.cases.map((entry) => ({ route: row.route, entry })));
  it.each(cases.map(({ route, entry }) => [`${route} — ${entry.name}`, route, entry] as const))('%s', async (title, route, entry) => {
    const actual: Record<string, number | string> = {};
    const expected: Record<string, number | string> = { ...entry.expect };
    const targets = {} as Record<Role, Target>;
    for (const role of ROLES) {
      const target = entry.arrange ? await entry.arrange(world, role) : {};
      targets[role] = target;
      const { method, path } = requestOf(route, target);
      const cookie = role === 'anon' ? undefined : world.users[role].cookie;
      const response = await t.request(method, path, { body: target.body, cookie });
      actual[role] = response.status;
      expect(response.status, `${role}: ${await response.clone().text()}`).toBeLessThan(500);
    }

    // The same case with API keys. A refusal is decided by the key middleware from the path alone, so
    // it reuses the holder's target; an answer that must equal a session's gets a fresh one, arranged for
    // the role whose answer it copies, so that it meets exactly the state that role met.
    await keys.freshWindows();
    for (const caller of KEY_CALLERS) {
      const holderRequest = requestOf(route, targets[KEY_HOLDER[caller]]);
      const derived = keyExpectation(caller, holderRequest.method, holderRequest.path.split('?')[0]!, entry.expect);
      const exception = KEY_EXCEPTIONS.find((candidate) => candidate.route === title && candidate.caller === caller);
      if (derived.kind === 'refused') {
        // ownerKey already gets the route refusal on unmapped routes: a narrower key adds nothing there.
        if (caller === 'ownerKeyWithoutScope' && !derived.scope) continue;
        const response = await keyRequest(t, secretOf(caller, derived.scope), holderRequest.method, holderRequest.path, targets[KEY_HOLDER[caller]].body);
        actual[caller] = exception ? response.status : `${response.status} ${await errorMessageOf(response)}`;
        expected[caller] = exception ? exception.status : `${derived.status} ${derived.message}`;
        expect(response.status, `${caller}: ${await response.clone().text()}`).toBeLessThan(500);
        continue;
      }
      const target = entry.arrange ? await entry.arrange(world, derived.role) : {};
      const { method, path } = requestOf(route, target);
      const response = await keyRequest(t, secretOf(caller, undefined), method, path, target.body);
      actual[caller] = response.status;
      expected[caller] = exception ? exception.status : derived.status;
      expect(response.status, `${caller}: ${await response.clone().text()}`).toBeLessThan(500);
    }
    expect(actual, `actual ${JSON.stringify(actual)}`).toEqual(expected);
  });
});
