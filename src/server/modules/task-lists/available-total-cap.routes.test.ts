import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TaskListDto } from '@shared/schemas/task-api';
import { authUsers, expertProfiles } from '../../db/schema';
import { createTasks } from '../../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { OPEN_TASKS_TOTAL_CAP } from './task-lists.repository';

// Issue 24: the available list counts at most OPEN_TASKS_TOTAL_CAP tasks past the page's start, so
// its cost follows the page and not the number of open tasks near the expert (decision 0380).
const BUSY = { latitude: 12.5, longitude: 44.5 };
const QUIET = { latitude: -33.9, longitude: 18.4 };
let t: TestApp;
let expert: TestUser;
let nomad: TestUser;
let busyIds: string[];
beforeAll(async () => {
  t = await createTestApp();
  const client = await t.createUser('client');
  expert = await t.createUser('expert');
  nomad = await t.createUser('expert');
  await t.db.update(expertProfiles).set({ latitude: null, longitude: null }).where(eq(expertProfiles.id, nomad.id));
  busyIds = await createTasks(t.db, OPEN_TASKS_TOTAL_CAP + 100, { client_id: client.id, ...BUSY, title: 'A busy town task' });
  await createTasks(t.db, 3, { client_id: client.id, ...QUIET, title: 'A quiet town task', created_at: new Date(Date.now() - 86_400_000) });
  // A suspended client's open tasks are hidden (issue 22): the count reads them and takes them off.
  const suspended = await t.createUser('client');
  await createTasks(t.db, 2, { client_id: suspended.id, ...QUIET, title: 'A suspended client task' });
  await createTasks(t.db, 5, { client_id: suspended.id, ...BUSY, title: 'A suspended client task' });
  await t.db.update(authUsers).set({ suspendedAt: new Date() }).where(eq(authUsers.id, suspended.id));
});
afterAll(async () => t?.close());

const list = async (user: TestUser, query: string) => {
  const response = await t.request('GET', `/api/tasks?scope=available&${query}`, { cookie: user.cookie });
  expect(response.status).toBe(200);
  return t.json<TaskListDto>(response);
};
const around = (point: { latitude: number; longitude: number }) => `latitude=${point.latitude}&longitude=${point.longitude}`;

describe('GET /api/tasks?scope=available: the total is counted up to a cap', () => {
  it('answers the cap with totalIsCapped when more open tasks than the cap are in the box, newest first', async () => {
    const body = await list(expert, `${around(BUSY)}&pageSize=20`);
    expect(body).toMatchObject({ total: OPEN_TASKS_TOTAL_CAP, totalIsCapped: true, page: 1, pageSize: 20 });
    expect(body.tasks.map((task) => task.id)).toEqual(busyIds.slice(0, 20));
  });

  it('counts up to the cap past the page start on a later page, and pages on to the last task', async () => {
    const second = await list(expert, `${around(BUSY)}&pageSize=50&page=2`);
    expect(second).toMatchObject({ total: 50 + OPEN_TASKS_TOTAL_CAP, totalIsCapped: true });
    expect(second.tasks.map((task) => task.id)).toEqual(busyIds.slice(50, 100));
    const last = await list(expert, `${around(BUSY)}&pageSize=50&page=22`);
    expect(last).toMatchObject({ total: OPEN_TASKS_TOTAL_CAP + 100, totalIsCapped: false });
    expect(last.tasks.map((task) => task.id)).toEqual(busyIds.slice(1_050));
  });

  it('is exact below the cap, also past the end, without the suspended client\'s tasks', async () => {
    expect(await list(expert, `${around(QUIET)}&pageSize=2`)).toMatchObject({ total: 3, totalIsCapped: false });
    expect(await list(expert, `${around(QUIET)}&pageSize=2&page=9`)).toMatchObject({ tasks: [], total: 3, totalIsCapped: false });
  });

  it('caps the list of every open task too (an expert with no coordinates)', async () => {
    const body = await list(nomad, 'pageSize=10');
    expect(body).toMatchObject({ total: OPEN_TASKS_TOTAL_CAP, totalIsCapped: true });
    expect(body.tasks.map((task) => task.id)).toEqual(busyIds.slice(0, 10));
  });
});
