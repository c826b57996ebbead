import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import type { AdminTaskDto, AdminTransactionDto, Paged } from '@shared/schemas/admin-dto';
import { tasks, transactions } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let client: TestUser;
let expert: TestUser;
let otherClient: TestUser;
let roofTaskId: string;
let dogTaskId: string;

const place = { description: 'Photos please', budget: 10_000, location: 'Denver', latitude: 39.74, longitude: -104.99 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
  client = await t.createUser('client', { firstName: 'Rosalind' });
  expert = await t.createUser('expert', { firstName: 'Bartholomew' });
  otherClient = await t.createUser('client', { firstName: 'Quentin' });
  const [roof] = await t.db
    .insert(tasks)
    .values({ ...place, title: 'Inspect the roof of a barn', client_id: client.id, expert_id: expert.id, status: 'assigned' })
    .returning();
  const [dog] = await t.db
    .insert(tasks)
    .values({ ...place, title: 'Meet a dog breeder', client_id: otherClient.id, status: 'open' })
    .returning();
  roofTaskId = roof.id;
  dogTaskId = dog.id;
  await t.db.insert(transactions).values({ task_id: roof.id, amount: 10_000, platform_fee: 1_000, status: 'authorized' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function list(query: string, user: TestUser = admin) {
  const response = await t.request('GET', `/api/admin/tasks${query}`, { cookie: user.cookie });
  return { status: response.status, body: (await response.json()) as Paged<AdminTaskDto> & { error?: { message: string } } };
}
const ids = (page: Paged<AdminTaskDto>) => page.rows.map((row) => row.id);

describe('GET /api/admin/tasks (issue 52)', () => {
  it('lists every task, newest first, with both parties', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.total).toBe(2);
    expect(body.page).toBe(1);
    const roof = body.rows.find((row) => row.id === roofTaskId);
    expect(roof).toMatchObject({
      title: 'Inspect the roof of a barn',
      status: 'assigned',
      client_id: client.id,
      client_name: 'Rosalind Tester',
      client_email: client.email,
      expert_id: expert.id,
      expert_name: 'Bartholomew Tester',
    });
    expect(body.rows.find((row) => row.id === dogTaskId)).toMatchObject({ expert_id: null, expert_name: null });
  });

  it('searches the title, the task id, and the client or expert by name or email', async () => {
    expect(ids((await list('?search=ROOF')).body)).toEqual([roofTaskId]);
    expect(ids((await list(`?search=${dogTaskId.slice(0, 8)}`)).body)).toEqual([dogTaskId]);
    expect(ids((await list(`?search=${dogTaskId}`)).body)).toEqual([dogTaskId]);
    expect(ids((await list('?search=quentin')).body)).toEqual([dogTaskId]);
    expect(ids((await list(`?search=${encodeURIComponent(client.email)}`)).body)).toEqual([roofTaskId]);
    expect(ids((await list('?search=bartholomew')).body)).toEqual([roofTaskId]);
    expect((await list('?search=nothing-like-this')).body.total).toBe(0);
    // LIKE wildcards are searched as text.
    expect((await list('?search=%25')).body.total).toBe(0);
  });

  it('filters by status and pages', async () => {
    expect(ids((await list('?status=open')).body)).toEqual([dogTaskId]);
    expect(ids((await list('?status=open&search=roof')).body)).toEqual([]);
    const second = (await list('?pageSize=1&page=2')).body;
    expect(second.total).toBe(2);
    expect(second.rows).toHaveLength(1);
  });

  it('bad input is a 400 with a clear message', async () => {
    const badStatus = await list('?status=lost');
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error?.message).toBe(messages.admin.taskStatusInvalid);
    const longSearch = await list(`?search=${'a'.repeat(201)}`);
    expect(longSearch.status).toBe(400);
    expect(longSearch.body.error?.message).toBe(messages.admin.taskSearchTooLong);
    expect((await list('?page=0')).status).toBe(400);
  });

  it('never answers 5xx to a hostile search', async () => {
    for (const search of ["'; drop table tasks; --", '\\', '%_%', '----', 'ÿ€漢字', 'a'.repeat(200), 'f'.repeat(40)]) {
      const { status } = await list(`?search=${encodeURIComponent(search)}`);
      expect(status, search).toBe(200);
    }
  });

  it('401 signed out, 403 for a client and an expert', async () => {
    expect((await t.request('GET', '/api/admin/tasks')).status).toBe(401);
    expect((await list('', client)).status).toBe(403);
    expect((await list('', expert)).status).toBe(403);
  });
});

describe('GET /api/admin/transactions names the parties (issue 52)', () => {
  it("carries the client's and the expert's names beside their ids", async () => {
    const response = await t.request('GET', '/api/admin/transactions', { cookie: admin.cookie });
    const body = (await t.json(response)) as Paged<AdminTransactionDto>;
    expect(body.rows[0]).toMatchObject({
      task_id: roofTaskId,
      client_id: client.id,
      client_name: 'Rosalind Tester',
      expert_id: expert.id,
      expert_name: 'Bartholomew Tester',
    });
  });
});

describe('GET /api/admin/users?search=<user id> (issue 52)', () => {
  it('finds the one user a link from another admin list names', async () => {
    const response = await t.request('GET', `/api/admin/users?search=${expert.id.toUpperCase()}`, { cookie: admin.cookie });
    const body = (await t.json(response)) as Paged<{ id: string }>;
    expect(body.rows.map((row) => row.id)).toEqual([expert.id]);
  });
});
