import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskDto } from '@shared/schemas/task-api';
import { systemSettings } from '../../db/schema';
import type { TestUser } from '../../test/test-app';
import {
  createTasksTestApp,
  errorOf,
  expectError,
  NOWHERE,
  okJson,
  taskInput,
  type TasksTestApp,
} from './tasks.test-helpers';

let h: TasksTestApp;
let client: TestUser;
beforeAll(async () => {
  h = await createTasksTestApp();
  client = await h.createUser('client');
  await h.createUser('expert');
});
afterAll(async () => {
  await h.close();
});

const post = (body: unknown, cookie = client.cookie) => h.request('POST', '/api/tasks', { body, cookie });

describe('POST /api/tasks', () => {
  it('creates an open, published task owned by the caller, budget in cents', async () => {
    const body = await okJson<{ task: TaskDto; warnings: string[]; message: string }>(await post(taskInput()), 201);
    expect(body.task).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      client_id: client.id,
      expert_id: null,
      budget: 15_000,
      category: 'vehicle',
      urgency: 'medium',
      evidence_file_count: 0,
    });
    expect(body.task.published_at).toBe(h.clock.now().toISOString());
    expect(body.warnings).toEqual([]);
    expect(body.message).toBe('Task created! Awaiting expert acceptance and rate proposal.');
  });

  it('lets a task without remote keywords through with the clarify warning', async () => {
    const body = await okJson<{ warnings: string[] }>(
      await post(taskInput({ title: 'Apartment question', description: 'Tell me about the noise at night there.' })),
      201,
    );
    expect(body.warnings).toEqual([
      'Consider clarifying that this work can be done remotely (photos, videos, virtual assessment, etc.)',
    ]);
  });

  it('refuses a signed-out visitor with the spec text', async () => {
    const response = await h.request('POST', '/api/tasks', { body: taskInput() });
    expect(await expectError(response, 401)).toBe('You must be logged in to create a task');
  });

  it('blocks in-person requests with the content-check error', async () => {
    const message = await expectError(
      await post(taskInput({ description: 'Please visit my house and meet me at the door to look at it.' })),
      400,
    );
    expect(message).toBe(
      'Task appears to request in-person services ("meet me"). This platform only supports remote services.',
    );
  });

  it.each([
    [{ title: 'Car' }, 'Title must be at least 5 characters'],
    [{ description: 'Too short' }, 'Description must be at least 10 characters'],
    [{ requirements: 'Short' }, 'Requirements must be at least 10 characters'],
    [{ budget: undefined }, 'Budget is required'],
    [{ budget: -5 }, 'Budget must be a valid positive number'],
    [{ due_date: undefined }, 'Due date is required'],
    [{ location: '' }, 'Please select a location'],
    [{ latitude: undefined }, 'Please select a valid location with coordinates'],
    [{ category: 'boats' }, 'Please select a category'],
  ])('answers 400 with the spec text for %o', async (overrides, text) => {
    expect(await expectError(await post(taskInput(overrides)), 400)).toBe(text);
  });

  it('enforces the admin price limits from system_settings', async () => {
    expect(await expectError(await post(taskInput({ budget: 100 })), 400)).toBe('Budget must be at least $5.00');
    expect(await expectError(await post(taskInput({ budget: 100_001 })), 400)).toBe(
      'Budget must be at most $1,000.00',
    );
    await h.db.update(systemSettings).set({ min_task_price: 20_000, max_task_price: 50_000 });
    try {
      expect(await expectError(await post(taskInput({ budget: 15_000 })), 400)).toBe('Budget must be at least $200.00');
      await okJson(await post(taskInput({ budget: 20_000 })), 201);
    } finally {
      await h.db.update(systemSettings).set({ min_task_price: 500, max_task_price: 100_000 }).where(eq(systemSettings.id, 1));
    }
  });

  it('caps the due date at a year ahead, on create and on edit', async () => {
    const day = 86_400_000;
    const now = h.clock.now().getTime();
    const tooFar = new Date(now + 367 * day).toISOString();
    const created = await post(taskInput({ due_date: tooFar }));
    expect(await expectError(created, 400)).toBe('The due date must be within one year from today');
    const task = (await okJson<{ task: TaskDto }>(await post(taskInput({ due_date: new Date(now + 360 * day).toISOString() })), 201)).task;
    const edited = await h.request('PATCH', `/api/tasks/${task.id}`, { body: { due_date: tooFar }, cookie: client.cookie });
    expect((await errorOf(edited)).fields?.due_date).toBe('The due date must be within one year from today');
    expect(edited.status).toBe(400);
  });

  it('refuses a place with no payable expert within 100 miles', async () => {
    const response = await post(taskInput({ location: 'Pacific Ocean', ...NOWHERE }));
    expect(await expectError(response, 400)).toBe(
      'No verified experts are available within 100 miles of the selected location. Please choose a different location where our experts can provide service.',
    );
  });
});

describe('the proximity check', () => {
  // Around Denver, where no other test expert lives.
  const DENVER = { latitude: 39.7392, longitude: -104.9903 };
  const check = (point: { latitude: number; longitude: number }) =>
    h.request('POST', '/api/tasks/check-location', { body: point, cookie: client.cookie });

  it('counts only payable experts with coordinates, by great-circle distance', async () => {
    // 1.5 degrees north is about 103.6 miles: outside the radius.
    await h.createUser('expert', { latitude: DENVER.latitude + 1.5, longitude: DENVER.longitude });
    // Right there, but payment onboarding is not finished.
    await h.createUser('expert', { ...DENVER, payable: false });
    expect(await expectError(await check(DENVER), 400)).toMatch(/^No verified experts are available/);
    // 1.3 degrees north is about 89.8 miles.
    await h.createUser('expert', { latitude: DENVER.latitude + 1.3, longitude: DENVER.longitude });
    expect(await okJson(await check(DENVER))).toEqual({ ok: true });
  });

  it('finds an expert east or west inside the radius although the spec box is narrower there', async () => {
    // At 60 degrees north, 95 miles east is about 2.75 degrees of longitude (the spec box: 1.45).
    const origin = { latitude: 60, longitude: 10 };
    expect((await check(origin)).status).toBe(400);
    await h.createUser('expert', { latitude: 60, longitude: 12.75 });
    expect((await check(origin)).status).toBe(200);
  });

  it('works across the antimeridian', async () => {
    const origin = { latitude: -17, longitude: 179.9 };
    expect((await check(origin)).status).toBe(400);
    await h.createUser('expert', { latitude: -17, longitude: -179.5 });
    expect((await check(origin)).status).toBe(200);
  });

  it('answers 400 for bad coordinates and 401 when signed out', async () => {
    expect(await expectError(await check({ latitude: 95, longitude: 0 }), 400)).toBe(
      'Please select a valid location with coordinates',
    );
    const response = await h.request('POST', '/api/tasks/check-location', { body: DENVER });
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe('unauthenticated');
  });
});
