import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskListBox } from '@shared/domain/geo';
import type { TaskDto, TaskListDto } from '@shared/schemas/task-api';
import { expertProfiles, tasks } from '../../db/schema';
import type { TestUser } from '../../test/test-app';
import {
  apply,
  assign,
  castOf,
  createTask,
  createTasksTestApp,
  expectError,
  okJson,
  NYC,
  type Cast,
  type TasksTestApp,
} from '../tasks/tasks.test-helpers';
import { openTasksInBoxQuery } from './task-lists.repository';

const LA = { latitude: 34.0522, longitude: -118.2437 };

let h: TasksTestApp;
let cast: Cast;
let laExpert: TestUser;
let nyTasks: TaskDto[];
let laTask: TaskDto;
beforeAll(async () => {
  h = await createTasksTestApp();
  cast = await castOf(h);
  laExpert = await h.createUser('expert', LA);
  nyTasks = [];
  for (let i = 0; i < 3; i++) {
    h.clock.advance(1_000);
    nyTasks.push(await createTask(h, cast.client, { title: `New York task number ${i}` }));
  }
  h.clock.advance(1_000);
  laTask = await createTask(h, cast.otherClient, { title: 'Los Angeles task', location: 'Los Angeles', ...LA });
});
afterAll(async () => {
  await h.close();
});

const list = (query: string, user: TestUser | null) =>
  h.request('GET', `/api/tasks?${query}`, { cookie: user?.cookie });
const ids = (body: TaskListDto) => body.tasks.map((t) => t.id);

describe('GET /api/tasks?scope=mine', () => {
  it("gives the client their own tasks, newest first, with application counts", async () => {
    await apply(h, cast.expert, nyTasks[0].id);
    await apply(h, cast.otherExpert, nyTasks[0].id);
    const body = await okJson<TaskListDto>(await list('scope=mine', cast.client));
    expect(ids(body)).toEqual([nyTasks[2].id, nyTasks[1].id, nyTasks[0].id]);
    expect(body.tasks.map((t) => t.application_count)).toEqual([0, 0, 2]);
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 10 });
    expect(body.tasks[0].distance_miles).toBeNull();
  });

  it('is the default scope of a client, and shows nobody else their tasks', async () => {
    const body = await okJson<TaskListDto>(await list('', cast.otherClient));
    expect(ids(body)).toEqual([laTask.id]);
  });

  it('pages', async () => {
    const first = await okJson<TaskListDto>(await list('scope=mine&page=1&pageSize=2', cast.client));
    const second = await okJson<TaskListDto>(await list('scope=mine&page=2&pageSize=2', cast.client));
    expect(ids(first)).toEqual([nyTasks[2].id, nyTasks[1].id]);
    expect(ids(second)).toEqual([nyTasks[0].id]);
    expect(second.total).toBe(3);
  });
});

describe('GET /api/tasks?scope=available', () => {
  it("lists open tasks in the box around the expert's own coordinates, newest first", async () => {
    const body = await okJson<TaskListDto>(await list('scope=available', cast.expert));
    expect(ids(body)).toEqual([nyTasks[2].id, nyTasks[1].id, nyTasks[0].id]);
    expect(body.tasks[2].my_application_status).toBe('pending');
    expect(body.tasks[0].my_application_status).toBeNull();
    expect(body.tasks[0].distance_miles).toBe(0);
    const la = await okJson<TaskListDto>(await list('', laExpert));
    expect(ids(la)).toEqual([laTask.id]);
  });

  it('centres on the point given (the current location) instead', async () => {
    const body = await okJson<TaskListDto>(
      await list(`scope=available&latitude=${LA.latitude}&longitude=${LA.longitude}`, cast.expert),
    );
    expect(ids(body)).toEqual([laTask.id]);
  });

  it('leaves out tasks that are no longer open', async () => {
    const target = await createTask(h, cast.client, { title: 'Soon to be assigned' });
    const application = await apply(h, cast.otherExpert, target.id);
    await assign(h, cast.client, target.id, application.id);
    const body = await okJson<TaskListDto>(await list('scope=available&pageSize=50', cast.expert));
    expect(ids(body)).not.toContain(target.id);
  });

  it('lists every open task when the expert has no coordinates and gives none', async () => {
    const nomad = await h.createUser('expert');
    await h.db.update(expertProfiles).set({ latitude: null, longitude: null }).where(eq(expertProfiles.id, nomad.id));
    const body = await okJson<TaskListDto>(await list('scope=available&pageSize=50', nomad));
    expect(ids(body)).toEqual(expect.arrayContaining([laTask.id, nyTasks[0].id]));
    expect(body.tasks.every((t) => t.distance_miles === null)).toBe(true);
  });

  it('is for experts (and admins) only: clients see their own tasks', async () => {
    expect(await expectError(await list('scope=available', cast.client), 403)).toBe(
      'Only experts can browse available tasks',
    );
    expect((await list('scope=available', cast.admin)).status).toBe(200);
  });

  it.each([
    ['scope=available&latitude=40.7', 'Invalid coordinates'],
    ['scope=available&latitude=100&longitude=0', 'Invalid coordinates'],
    ['scope=everything', undefined],
    ['pageSize=0', undefined],
  ])('answers 400 for %s', async (query, text) => {
    const message = await expectError(await list(query, cast.expert), 400);
    if (text) expect(message).toBe(text);
  });

  it('answers 401 signed out', async () => {
    expect((await list('scope=available', null)).status).toBe(401);
  });

  it('reads an open-tasks partial index for the box (tasks_open_lat_lng_idx or the GiST tasks_open_earth_idx)', async () => {
    await h.db.execute(sql`analyze ${tasks}`);
    await h.db.execute(sql`set enable_seqscan = off`);
    try {
      const query = openTasksInBoxQuery(taskListBox(40.7, -74, 100), { limit: 10, offset: 0 });
      const plan = await h.db.execute(sql`explain ${query}`);
      expect(JSON.stringify((plan as unknown as { rows: unknown[] }).rows)).toMatch(/tasks_open_(lat_lng|earth)_idx/);
    } finally {
      await h.db.execute(sql`set enable_seqscan = on`);
    }
  });

  it('pages through the box with its total', async () => {
    const centre = `latitude=${NYC.latitude}&longitude=${NYC.longitude}`;
    const all = await okJson<TaskListDto>(await list(`scope=available&${centre}&pageSize=50`, cast.expert));
    const first = await okJson<TaskListDto>(await list(`scope=available&${centre}&pageSize=2`, cast.expert));
    const beyond = await okJson<TaskListDto>(await list(`scope=available&${centre}&pageSize=2&page=99`, cast.expert));
    expect(ids(first)).toEqual(ids(all).slice(0, 2));
    expect(first.total).toBe(all.tasks.length);
    expect(beyond).toMatchObject({ tasks: [], total: all.tasks.length });
  });
});

describe('GET /api/tasks?scope=applied|assigned', () => {
  it('lists the tasks the expert applied to, newest application first, with its status', async () => {
    const later = nyTasks[1];
    h.clock.advance(1_000);
    await apply(h, cast.expert, later.id);
    const body = await okJson<TaskListDto>(await list('scope=applied', cast.expert));
    expect(ids(body)).toEqual([later.id, nyTasks[0].id]);
    expect(body.tasks.map((t) => t.my_application_status)).toEqual(['pending', 'pending']);
  });

  it('lists the tasks assigned to the expert', async () => {
    const task = await createTask(h, cast.client, { title: 'Assigned to the expert' });
    const application = await apply(h, cast.expert, task.id);
    await assign(h, cast.client, task.id, application.id);
    const body = await okJson<TaskListDto>(await list('scope=assigned', cast.expert));
    expect(ids(body)).toEqual([task.id]);
    expect(body.tasks[0]).toMatchObject({ status: 'assigned', my_application_status: 'accepted' });
    const none = await okJson<TaskListDto>(await list('scope=assigned', cast.client));
    expect(none.tasks).toEqual([]);
  });
});
