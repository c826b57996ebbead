import { describe, expect, it } from 'vitest';
import type { TaskDto } from '@shared/schemas/task-api';
import {
  createTask,
  expectError,
  NOWHERE,
  okJson,
  taskAt,
  taskRow,
  useTasksTestApp,
  type Cast,
  type TasksTestApp,
} from './tasks.test-helpers';

let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite));

const patch = (taskId: string, body: unknown, cookie?: string) =>
  h.request('PATCH', `/api/tasks/${taskId}`, { body, cookie });

describe('PATCH /api/tasks/:id', () => {
  it('lets the owner edit an open task', async () => {
    const task = await createTask(h, cast.client);
    h.clock.advance(60_000);
    const body = await okJson<{ task: TaskDto; message: string; warnings: string[] }>(
      await patch(task.id, { title: 'Inspect a used SUV before purchase', budget: 20_000 }, cast.client.cookie),
    );
    expect(body.message).toBe('Task updated successfully');
    expect(body.task).toMatchObject({ title: 'Inspect a used SUV before purchase', budget: 20_000, status: 'open' });
    expect(body.task.updated_at).toBe(h.clock.now().toISOString());
    expect(body.warnings).toEqual([]);
  });

  it('moves the location with its coordinates, re-checking expert proximity', async () => {
    const task = await createTask(h, cast.client);
    const refused = await patch(task.id, { location: 'Pacific Ocean', ...NOWHERE }, cast.client.cookie);
    expect(await expectError(refused, 400)).toMatch(/^No verified experts are available within 100 miles/);
    expect((await taskRow(h, task.id)).location).toBe('New York, New York, United States');
    const moved = await okJson<{ task: TaskDto }>(
      await patch(task.id, { location: 'Brooklyn', latitude: 40.6782, longitude: -73.9442 }, cast.client.cookie),
    );
    expect(moved.task).toMatchObject({ location: 'Brooklyn', latitude: 40.6782, longitude: -73.9442 });
  });

  it.each([
    [{}, 'Please change at least one field'],
    [{ title: 'Car' }, 'Title must be at least 5 characters'],
    [{ location: 'Brooklyn' }, 'Please select a valid location with coordinates'],
    [{ budget: 0 }, 'Budget must be a valid positive number'],
    [{ budget: 200 }, 'Budget must be at least $5.00'],
    [
      { description: 'Please drive to the dealer and pick up the papers for me.' },
      'Task appears to request in-person services ("pick up"). This platform only supports remote services.',
    ],
  ])('answers 400 with the spec text for %o', async (body, text) => {
    const task = await createTask(h, cast.client);
    expect(await expectError(await patch(task.id, body, cast.client.cookie), 400)).toBe(text);
  });

  it('hides the task from other clients (404) and refuses experts (403)', async () => {
    const task = await createTask(h, cast.client);
    const update = { title: 'Someone else editing this' };
    expect(await expectError(await patch(task.id, update, cast.otherClient.cookie), 404)).toBe('Task not found');
    expect(await expectError(await patch(task.id, update, cast.expert.cookie), 403)).toBe('You can only edit your own tasks');
    expect((await taskRow(h, task.id)).title).toBe('Inspect a used car before purchase');
  });

  it('lets an admin edit (the roles matrix: until the task is closed)', async () => {
    const task = await createTask(h, cast.client);
    const body = await okJson<{ task: TaskDto }>(await patch(task.id, { urgency: 'high' }, cast.admin.cookie));
    expect(body.task.urgency).toBe('high');
  });

  it('answers 401 signed out and 404 for an unknown or malformed id', async () => {
    const task = await createTask(h, cast.client);
    expect((await patch(task.id, { urgency: 'high' })).status).toBe(401);
    expect(await expectError(await patch('not-a-uuid', { urgency: 'high' }, cast.client.cookie), 404)).toBe('Task not found');
    expect(
      await expectError(await patch('6b1f3a52-8a52-4c36-9d5d-0c2f2f0a7c11', { urgency: 'high' }, cast.client.cookie), 404),
    ).toBe('Task not found');
  });

  it('refuses edits once the task is no longer open (409)', async () => {
    const { task } = await taskAt(h, cast, 'assigned');
    const message = await expectError(await patch(task.id, { title: 'Changed after hiring' }, cast.client.cookie), 409);
    expect(message).toBe('This task cannot be edited in its current state');
    // Even an admin cannot change the price the hold covers once an expert is hired.
    expect(await expectError(await patch(task.id, { budget: 99_000 }, cast.admin.cookie), 409)).toBe(
      'This task cannot be edited in its current state',
    );
  });
});
