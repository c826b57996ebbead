import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { expertProfiles, profiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('profiles, roles and onboarding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/me needs a session', async () => {
    const response = await t.request('GET', '/api/me');
    expect(response.status).toBe(401);
    expect((await t.json<{ error: { message: string } }>(response)).error.message).toBe(messages.auth.notAuthenticated);
  });

  it('GET /api/me reports roles decided on the server from user_roles', async () => {
    const [client, expert, admin] = await Promise.all([t.createUser('client'), t.createUser('expert'), t.createUser('admin')]);
    const rolesOf = async (cookie: string) => (await t.json<{ roles: unknown }>(await t.request('GET', '/api/me', { cookie }))).roles;
    expect(await rolesOf(client.cookie)).toEqual({ isAdmin: false, isExpert: false });
    expect(await rolesOf(expert.cookie)).toEqual({ isAdmin: false, isExpert: true });
    expect(await rolesOf(admin.cookie)).toEqual({ isAdmin: true, isExpert: false });
  });

  it('recreates a missing profile on demand (create-profile-if-missing)', async () => {
    const user = await t.createUser('client');
    await t.db.delete(profiles).where(eq(profiles.id, user.id));
    const response = await t.request('GET', '/api/me', { cookie: user.cookie });
    expect(response.status).toBe(200);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row.email).toBe(user.email);
  });

  it('choosing client completes onboarding and records the time', async () => {
    const user = await t.createUser('new');
    const response = await t.request('POST', '/api/me/onboarding', { cookie: user.cookie, body: { role: 'client' } });
    expect(response.status).toBe(200);
    const { profile } = await t.json<{ profile: { onboarding_completed: boolean; role_selected_at: string } }>(response);
    expect(profile.onboarding_completed).toBe(true);
    expect(profile.role_selected_at).toBeTruthy();
  });

  it('choosing expert inserts an empty, pending expert profile and the expert role', async () => {
    const user = await t.createUser('new');
    const response = await t.request('POST', '/api/me/onboarding', { cookie: user.cookie, body: { role: 'expert' } });
    expect(response.status).toBe(200);
    const [expert] = await t.db.select().from(expertProfiles).where(eq(expertProfiles.id, user.id));
    expect(expert).toMatchObject({ bio: '', expertise: [], stripe_onboarding_completed: false, verification_status: 'pending' });
    const me = await t.json<{ roles: { isExpert: boolean }; profile: { role_selected_at: string | null } }>(
      await t.request('GET', '/api/me', { cookie: user.cookie }),
    );
    expect(me.roles.isExpert).toBe(true);
    expect(me.profile.role_selected_at).toBeTruthy();
  });

  it('choosing expert twice in parallel keeps one expert profile', async () => {
    const user = await t.createUser('new');
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => t.request('POST', '/api/me/onboarding', { cookie: user.cookie, body: { role: 'expert' } })),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const rows = await t.db.select().from(expertProfiles).where(eq(expertProfiles.id, user.id));
    expect(rows).toHaveLength(1);
  });

  it('rejects an unknown role and a signed-out caller', async () => {
    const user = await t.createUser('new');
    const bad = await t.request('POST', '/api/me/onboarding', { cookie: user.cookie, body: { role: 'admin' } });
    expect(bad.status).toBe(400);
    const signedOut = await t.request('POST', '/api/me/onboarding', { body: { role: 'client' } });
    expect(signedOut.status).toBe(401);
  });

  it('PATCH /api/me/profile updates only the caller, with validation', async () => {
    const user = await t.createUser('client');
    const ok = await t.request('PATCH', '/api/me/profile', { cookie: user.cookie, body: { first_name: 'Ada', last_name: 'Lovelace' } });
    expect(ok.status).toBe(200);
    expect((await t.json<{ profile: { first_name: string } }>(ok)).profile.first_name).toBe('Ada');
    const bad = await t.request('PATCH', '/api/me/profile', { cookie: user.cookie, body: { first_name: ' ', last_name: 'X' } });
    expect(bad.status).toBe(400);
    expect((await t.json<{ error: { message: string } }>(bad)).error.message).toBe(messages.auth.requiredFields);
  });

  it('unknown API paths answer 404 JSON, not the web app', async () => {
    const response = await t.request('GET', '/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(await t.json(response)).toMatchObject({ error: { code: 'not_found' } });
  });
});
