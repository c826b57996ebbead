import { describe, expect, it } from 'vitest';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import type { TestUser } from '../../test/test-app';
import {
  apply,
  assign,
  createTask,
  okJson,
  useTasksTestApp,
  type Cast,
  type TasksTestApp,
} from './tasks.test-helpers';

let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite));

const details = async (taskId: string, user: TestUser) =>
  (
    await okJson<{ task: TaskDetailsDto }>(
      await h.request('GET', `/api/tasks/${taskId}`, { cookie: user.cookie }),
    )
  ).task;

describe('GET /api/tasks/:id, the client summary', () => {
  it("gives the assigned expert the client's first name, member-since date and tasks posted", async () => {
    const client = await h.createUser('client');
    await createTask(h, client);
    const task = await createTask(h, client);
    const application = await apply(h, cast.expert, task.id);
    await assign(h, client, task.id, application.id);

    const seen = await details(task.id, cast.expert);
    expect(seen.client).toMatchObject({ id: client.id, first_name: 'Client' });
    expect(Number.isNaN(Date.parse(seen.client.created_at))).toBe(false);
    expect(seen.client_tasks_posted).toBe(2);

    await createTask(h, client);
    expect((await details(task.id, client)).client_tasks_posted).toBe(3);
  });
});
