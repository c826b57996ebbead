import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskListDto } from '@shared/schemas/task-api';
import type { TestUser } from '../../test/test-app';
import { apply, castOf, createTask, createTasksTestApp, okJson, type Cast, type TasksTestApp } from '../tasks/tasks.test-helpers';

// The lists read their page and total in one statement (count(*) over ()); a page past the end has
// no row to carry the total, so these check that case as well as the usual one.
let h: TasksTestApp;
let cast: Cast;
beforeAll(async () => {
  h = await createTasksTestApp();
  cast = await castOf(h);
  for (let i = 0; i < 3; i++) {
    h.clock.advance(1_000);
    const task = await createTask(h, cast.client, { title: `Task with a total number ${i}` });
    await apply(h, cast.expert, task.id);
  }
});
afterAll(async () => {
  await h.close();
});

const list = async (query: string, user: TestUser) =>
  okJson<TaskListDto>(await h.request('GET', `/api/tasks?${query}`, { cookie: user.cookie }));

describe('task list totals', () => {
  it.each(['mine', 'applied'])('scope=%s: every page carries the total, including a page past the end', async (scope) => {
    const user = scope === 'mine' ? cast.client : cast.expert;
    expect(await list(`scope=${scope}&page=1&pageSize=2`, user)).toMatchObject({ total: 3 });
    expect((await list(`scope=${scope}&page=2&pageSize=2`, user)).tasks).toHaveLength(1);
    expect(await list(`scope=${scope}&page=2&pageSize=2`, user)).toMatchObject({ total: 3 });
    expect(await list(`scope=${scope}&page=9&pageSize=2`, user)).toMatchObject({ tasks: [], total: 3 });
  });

  it('an empty list has a total of zero', async () => {
    expect(await list('scope=mine', cast.otherClient)).toMatchObject({ tasks: [], total: 0 });
    expect(await list('scope=assigned&page=3', cast.otherExpert)).toMatchObject({ tasks: [], total: 0 });
  });
});
