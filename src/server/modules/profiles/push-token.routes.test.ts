import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

/** PUT /api/me/push-token: the native app stores its device token, and sets it to null on logout. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const storedToken = async (userId: string) =>
  (await t.db.select({ token: profiles.fcm_token }).from(profiles).where(eq(profiles.id, userId)))[0]?.token;

describe('PUT /api/me/push-token', () => {
  it("stores the device token on the caller's profile, and null clears it", async () => {
    const user = await t.createUser('client');
    expect(
      (await t.request('PUT', '/api/me/push-token', { cookie: user.cookie, body: { fcm_token: 'device-a' } }))
        .status,
    ).toBeLessThan(300);
    expect(await storedToken(user.id)).toBe('device-a');
    expect(
      (await t.request('PUT', '/api/me/push-token', { cookie: user.cookie, body: { fcm_token: null } }))
        .status,
    ).toBeLessThan(300);
    expect(await storedToken(user.id)).toBeNull();
  });

  it('moves a device token to the account now signed in on that device', async () => {
    const first = await t.createUser('client');
    const second = await t.createUser('expert');
    await t.request('PUT', '/api/me/push-token', {
      cookie: first.cookie,
      body: { fcm_token: 'shared-device' },
    });
    await t.request('PUT', '/api/me/push-token', {
      cookie: second.cookie,
      body: { fcm_token: 'shared-device' },
    });
    expect(await storedToken(first.id)).toBeNull();
    expect(await storedToken(second.id)).toBe('shared-device');
  });

  it('keeps the token of two accounts apart when both store theirs at once', async () => {
    const [a, b] = [await t.createUser('client'), await t.createUser('client')];
    const results = await Promise.all([
      t.request('PUT', '/api/me/push-token', { cookie: a.cookie, body: { fcm_token: 'device-a2' } }),
      t.request('PUT', '/api/me/push-token', { cookie: b.cookie, body: { fcm_token: 'device-b2' } }),
    ]);
    expect(results.map((r) => r.status < 300)).toEqual([true, true]);
    expect([await storedToken(a.id), await storedToken(b.id)]).toEqual(['device-a2', 'device-b2']);
  });

  it.each([
    ['a missing token', {}],
    ['an empty token', { fcm_token: '' }],
    ['a number', { fcm_token: 42 }],
    ['an overlong token', { fcm_token: 'x'.repeat(5000) }],
  ])('answers 400 for %s', async (_what, body) => {
    const user = await t.createUser('client');
    const response = await t.request('PUT', '/api/me/push-token', { cookie: user.cookie, body });
    expect(response.status).toBe(400);
  });

  it('answers 401 when signed out', async () => {
    const response = await t.request('PUT', '/api/me/push-token', { body: { fcm_token: 'device-x' } });
    expect(response.status).toBe(401);
  });
});
