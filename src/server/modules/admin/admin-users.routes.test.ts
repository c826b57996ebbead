import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { AdminUserDto, AuditEntryDto, ClientFlagDto, Paged, RoleChangeDto } from '@shared/schemas/admin-dto';
import { authUsers, clientFlags, profiles, tasks, userRoles } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let client: TestUser;
let expert: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
  client = await t.createUser('client');
  expert = await t.createUser('expert');
});
afterAll(() => t.close());

const ADMIN_ROUTES: Array<[string, string, unknown?]> = [
  ['GET', '/api/admin/overview'],
  ['GET', '/api/admin/users'],
  ['POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/roles', { role: 'expert' }],
  ['DELETE', '/api/admin/users/00000000-0000-4000-8000-000000000000/roles/expert'],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/client-flags'],
  ['GET', '/api/admin/transactions'],
  ['GET', '/api/admin/notifications'],
  ['POST', '/api/admin/notifications/mark-all-read', {}],
  ['POST', '/api/admin/notifications', { audience: 'all', title: 'Hi', message: 'There' }],
  ['GET', '/api/admin/settings'],
  ['PUT', '/api/admin/settings', {}],
  ['GET', '/api/admin/reports'],
  ['GET', '/api/admin/reports/export?report=activity'],
];

const usersPage = async (query: string, cookie = admin.cookie) =>
  t.json<Paged<AdminUserDto>>(await t.request('GET', `/api/admin/users${query}`, { cookie }));

describe('admin access (check_is_admin on the server)', () => {
  it.each(ADMIN_ROUTES)('%s %s: 401 signed out, 403 for a client and an expert', async (method, path, body) => {
    expect((await t.request(method, path, { body })).status).toBe(401);
    for (const user of [client, expert]) {
      const response = await t.request(method, path, { body, cookie: user.cookie });
      expect(response.status).toBe(403);
      expect((await t.json<{ error: { message: string } }>(response)).error.message).toBe(messages.admin.noAccess);
    }
  });
});

describe('GET /api/admin/users', () => {
  it('lists newest first with roles, searches names and email case-insensitively, filters by role', async () => {
    const named = await t.createUser('client', { firstName: 'Zelda' });
    const all = await usersPage('');
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.pageSize).toBe(10);
    expect(all.rows[0].id).toBe(named.id);
    expect(all.rows.find((u) => u.id === admin.id)?.roles).toEqual(['admin']);
    expect(all.rows.find((u) => u.id === expert.id)?.roles).toEqual(['expert']);
    expect(all.rows.find((u) => u.id === client.id)?.roles).toEqual([]);

    expect((await usersPage('?search=zELDa')).rows.map((u) => u.id)).toEqual([named.id]);
    expect((await usersPage(`?search=${encodeURIComponent(client.email.toUpperCase())}`)).rows.map((u) => u.id)).toEqual([client.id]);
    expect((await usersPage('?search=%25')).total).toBe(0);

    const experts = await usersPage('?role=expert');
    expect(experts.rows.map((u) => u.id)).toContain(expert.id);
    expect(experts.rows.every((u) => u.roles.includes('expert'))).toBe(true);
    const clients = await usersPage('?role=client');
    expect(clients.rows.map((u) => u.id)).toContain(client.id);
    expect(clients.rows.every((u) => u.roles.length === 0)).toBe(true);
    expect(clients.rows.map((u) => u.id)).not.toContain(expert.id);
    expect((await usersPage('?role=admin')).rows.map((u) => u.id)).toContain(admin.id);
  });

  it('says which accounts are suspended or deleted (issue 52)', async () => {
    const suspended = await t.createUser('client', { firstName: 'Suspendedstatus' });
    const deleted = await t.createUser('client', { firstName: 'Deletedstatus' });
    await t.db.update(authUsers).set({ suspendedAt: new Date(), suspensionReason: 'spam' }).where(eq(authUsers.id, suspended.id));
    await t.db.update(authUsers).set({ deletedAt: new Date() }).where(eq(authUsers.id, deleted.id));
    const statusOf = async (search: string) => (await usersPage(`?search=${search}`)).rows.map((u) => u.account_status);
    expect(await statusOf('Suspendedstatus')).toEqual(['suspended']);
    expect(await statusOf('Deletedstatus')).toEqual(['deleted']);
    expect((await usersPage('')).rows.find((u) => u.id === client.id)?.account_status).toBe('active');
  });

  it('pages by 10 with the exact count', async () => {
    for (let i = 0; i < 11; i++) await t.createUser('client', { firstName: 'Pager' });
    const first = await usersPage('?search=pager');
    const second = await usersPage('?search=pager&page=2');
    expect(first.total).toBe(11);
    expect(first.rows).toHaveLength(10);
    expect(second.rows).toHaveLength(1);
  });

  it('bad input is a 400', async () => {
    expect((await t.request('GET', '/api/admin/users?role=owner', { cookie: admin.cookie })).status).toBe(400);
    expect((await t.request('GET', '/api/admin/users?page=0', { cookie: admin.cookie })).status).toBe(400);
  });
});

describe('role changes', () => {
  const add = (userId: string, role: unknown, cookie = admin.cookie) =>
    t.request('POST', `/api/admin/users/${userId}/roles`, { body: { role }, cookie });
  const remove = (userId: string, role: string, cookie = admin.cookie) =>
    t.request('DELETE', `/api/admin/users/${userId}/roles/${role}`, { cookie });
  const meRoles = async (cookie: string) =>
    (await t.json<{ roles: { isAdmin: boolean; isExpert: boolean } }>(await t.request('GET', '/api/me', { cookie }))).roles;

  it('adds and removes a role, effective on the user\'s next request, and audits both', async () => {
    const user = await t.createUser('client');
    expect((await t.request('GET', '/api/admin/overview', { cookie: user.cookie })).status).toBe(403);

    const added = await add(user.id, 'admin');
    expect(added.status).toBe(201);
    expect(await t.json<RoleChangeDto>(added)).toEqual({ changed: true, role: 'admin' });
    expect(await meRoles(user.cookie)).toEqual({ isAdmin: true, isExpert: false });
    // The new admin needs two-factor sign-in before the admin routes answer (issue 22).
    expect((await t.request('GET', '/api/admin/overview', { cookie: user.cookie })).status).toBe(403);
    await t.enableTwoFactor(user.id);
    expect((await t.request('GET', '/api/admin/overview', { cookie: user.cookie })).status).toBe(200);

    const again = await add(user.id, 'admin');
    expect(again.status).toBe(200);
    expect(await t.json<RoleChangeDto>(again)).toEqual({ changed: false, role: 'admin' });

    t.clock.advance(1_000);
    const removed = await remove(user.id, 'admin');
    expect(await t.json<RoleChangeDto>(removed)).toEqual({ changed: true, role: 'admin' });
    expect((await t.request('GET', '/api/admin/overview', { cookie: user.cookie })).status).toBe(403);

    const audit = await t.json<Paged<AuditEntryDto>>(await t.request('GET', '/api/admin/audit', { cookie: admin.cookie }));
    const mine = audit.rows.filter((row) => row.target_id === user.id);
    expect(mine.map((row) => row.action)).toEqual(['role.removed', 'role.added']);
    expect(mine[0]).toMatchObject({ actor_id: admin.id, target_type: 'user', details: { role: 'admin' } });
    expect(mine[0].actor_name).toBeTruthy();
  });

  it('bad input: unknown role 400, the client role cannot be removed, unknown user 404', async () => {
    const bad = await add(client.id, 'owner');
    expect(bad.status).toBe(400);
    const clientRemoval = await remove(client.id, 'client');
    expect(clientRemoval.status).toBe(400);
    expect((await t.json<{ error: { message: string } }>(clientRemoval)).error.message).toBe(
      messages.admin.clientRoleNotRemovable,
    );
    expect((await add('00000000-0000-4000-8000-000000000000', 'expert')).status).toBe(404);
    expect((await add('not-a-uuid', 'expert')).status).toBe(400);
  });

  it('a deleted account is given no role (409), as the Users tab offers none (issue 52)', async () => {
    const gone = await t.createUser('client', { firstName: 'Goneaccount' });
    await t.db.update(authUsers).set({ deletedAt: new Date() }).where(eq(authUsers.id, gone.id));
    const refused = await add(gone.id, 'admin');
    expect(refused.status).toBe(409);
    expect((await t.json<{ error: { message: string } }>(refused)).error.message).toBe(messages.admin.userDeletedNoRole);
    expect((await usersPage('?search=Goneaccount')).rows[0]?.roles).not.toContain('admin');
  });

  it('the last admin keeps the admin role, even when two admins remove each other at once', async () => {
    const second = await t.createUser('admin');
    await t.db.delete(userRoles).where(and(eq(userRoles.role, 'admin'), ne(userRoles.user_id, admin.id), ne(userRoles.user_id, second.id)));
    const results = await Promise.all([remove(second.id, 'admin', admin.cookie), remove(admin.id, 'admin', second.cookie)]);
    // The loser is refused either by the lock (409) or, once the winner committed, as a non-admin (403).
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await t.db.select().from(userRoles).where(eq(userRoles.role, 'admin'));
    expect(admins).toHaveLength(1);
    const last = admins[0].user_id;
    const lastCookie = last === admin.id ? admin.cookie : second.cookie;
    const own = await remove(last, 'admin', lastCookie);
    expect(own.status).toBe(409);
    expect((await t.json<{ error: { message: string } }>(own)).error.message).toBe(messages.admin.lastAdmin);
    // Restore the fixture admin for the other tests.
    if (last !== admin.id) await t.db.insert(userRoles).values({ user_id: admin.id, role: 'admin' });
  });
});

describe('GET /api/admin/client-flags', () => {
  it('lists client reports with reason, severity, task, expert and client', async () => {
    const [task] = await t.db
      .insert(tasks)
      .values({
        title: 'Check a flat',
        description: 'Photos please',
        budget: 5000,
        location: 'Boston',
        latitude: 42.36,
        longitude: -71.06,
        client_id: client.id,
      })
      .returning();
    await t.db.insert(clientFlags).values({ expert_id: expert.id, client_id: client.id, task_id: task.id, reason: 'Rude', severity: 'warning' });
    await t.db.update(profiles).set({ first_name: 'Cleo', last_name: 'Client' }).where(eq(profiles.id, client.id));
    const page = await t.json<Paged<ClientFlagDto>>(await t.request('GET', '/api/admin/client-flags', { cookie: admin.cookie }));
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ reason: 'Rude', severity: 'warning', task_title: 'Check a flat', client_name: 'Cleo Client', expert_id: expert.id });
  });
});
