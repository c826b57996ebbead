import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskDto } from '@shared/schemas/task-api';
import { tasks } from '../../db/schema';
import type { TestUser } from '../../test/test-app';
import { createTasksTestApp, okJson, taskInput, type TasksTestApp } from './tasks.test-helpers';
import { backfillTaskTimeZones } from './time-zone-backfill';

/** Issue 49 (decision 0420): a task's zone from its coordinates, and its due date as the end of that day there. */
const CHICAGO = { latitude: 41.8781, longitude: -87.6298, location: 'Chicago, IL' };
const SYDNEY = { latitude: -33.8688, longitude: 151.2093, location: 'Sydney, NSW' };

let h: TasksTestApp;
let client: TestUser;
beforeAll(async () => {
  h = await createTasksTestApp();
  h.clock.set(new Date('2026-12-01T12:00:00Z'));
  client = await h.createUser('client');
  await h.createUser('expert', { latitude: CHICAGO.latitude, longitude: CHICAGO.longitude });
  await h.createUser('expert', { latitude: SYDNEY.latitude, longitude: SYDNEY.longitude });
});
afterAll(async () => {
  await h.close();
});

const create = async (overrides: Record<string, unknown>) =>
  (
    await okJson<{ task: TaskDto }>(
      await h.request('POST', '/api/tasks', { body: taskInput(overrides), cookie: client.cookie }),
      201,
    )
  ).task;

describe('the time zone of a task', () => {
  it('is America/Chicago for a Chicago task, with the due date at the end of that day there', async () => {
    const task = await create({ ...CHICAGO, due_date: '2026-12-09' });
    expect(task.time_zone).toBe('America/Chicago');
    expect(task.due_date).toBe('2026-12-10T05:59:59.999Z');
    const [row] = await h.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row!.time_zone).toBe('America/Chicago');
  });

  it('is Australia/Sydney for a Sydney task (daylight time in December)', async () => {
    const task = await create({ ...SYDNEY, due_date: '2026-12-09' });
    expect(task.time_zone).toBe('Australia/Sydney');
    expect(task.due_date).toBe('2026-12-09T12:59:59.999Z');
  });

  it('follows the task when it moves, and a due date sent back names the same day', async () => {
    const task = await create({ ...CHICAGO, due_date: '2026-12-09' });
    const edited = await okJson<{ task: TaskDto }>(
      await h.request('PATCH', `/api/tasks/${task.id}`, {
        body: { ...SYDNEY, due_date: '2026-12-12' },
        cookie: client.cookie,
      }),
    );
    expect(edited.task.time_zone).toBe('Australia/Sydney');
    expect(edited.task.due_date).toBe('2026-12-12T12:59:59.999Z');
    const again = await okJson<{ task: TaskDto }>(
      await h.request('PATCH', `/api/tasks/${task.id}`, {
        body: { due_date: edited.task.due_date },
        cookie: client.cookie,
      }),
    );
    expect(again.task.due_date).toBe('2026-12-12T12:59:59.999Z');
  });

  it('is filled in for tasks written before the column, once', async () => {
    const task = await create({ ...CHICAGO });
    await h.db.update(tasks).set({ time_zone: null }).where(eq(tasks.id, task.id));
    // Until the backfill runs, readers look the zone up from the coordinates.
    const read = await okJson<{ task: TaskDto }>(
      await h.request('GET', `/api/tasks/${task.id}`, { cookie: client.cookie }),
    );
    expect(read.task.time_zone).toBe('America/Chicago');
    expect(await backfillTaskTimeZones(h.db)).toBeGreaterThanOrEqual(1);
    const [row] = await h.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row!.time_zone).toBe('America/Chicago');
    expect(await backfillTaskTimeZones(h.db)).toBe(0);
  });
});
