import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { authUsers, profiles, tasks, userRoles } from '../../db/schema';
import { countStatements } from '../../test/statement-counter';
import type { TestUser } from '../../test/test-app';
import { createTask, okJson, useTasksTestApp, type Cast, type TasksTestApp } from '../tasks/tasks.test-helpers';

/**
 * The task-details read is reused while nothing is written (docs/decisions/0107). These tests change
 * the database behind the routes' back, the way a job, a webhook or an admin tool would, and expect
 * the very next read to show it. (The two-instance test in src/server/scale covers other processes.)
 */
let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite));

const details = async (taskId: string, user: TestUser) =>
  (await okJson<{ task: TaskDetailsDto }>(await h.request('GET', `/api/tasks/${taskId}`, { cookie: user.cookie }))).task;

describe('GET /api/tasks/:id after a write made outside the routes', () => {
  it("hides an open task from an expert as soon as its client is suspended (the read carries the client's suspension)", async () => {
    const task = await createTask(h, cast.client);
    expect((await details(task.id, cast.expert)).id).toBe(task.id);
    await h.db.update(authUsers).set({ suspendedAt: new Date() }).where(eq(authUsers.id, cast.client.id));
    try {
      expect((await h.request('GET', `/api/tasks/${task.id}`, { cookie: cast.expert.cookie })).status).toBe(404);
      expect((await details(task.id, cast.client)).id).toBe(task.id);
    } finally {
      await h.db.update(authUsers).set({ suspendedAt: null }).where(eq(authUsers.id, cast.client.id));
    }
    expect((await details(task.id, cast.expert)).id).toBe(task.id);
  });

  it("reads an open task for an expert in two statements: the details with the client's suspension, and the client's rating", async () => {
    const task = await createTask(h, cast.client);
    await details(task.id, cast.client);
    await h.db.update(tasks).set({ title: 'Not in the cache' }).where(eq(tasks.id, task.id));
    const counter = countStatements(h.db);
    try {
      expect((await details(task.id, cast.expert)).title).toBe('Not in the cache');
      expect(counter.statements).toHaveLength(2);
      // The prepared read (by name on PGlite, by text on PostgreSQL), then the rating; no suspension probe.
      expect(counter.statements[0]).toMatch(/task_details_read|'client_suspended'/);
      expect(counter.statements.join('\n')).not.toMatch(/from "auth_users"/);
    } finally {
      counter.restore();
    }
  });

  it('shows a changed task at once', async () => {
    const task = await createTask(h, cast.client);
    expect((await details(task.id, cast.client)).title).toBe(task.title);
    await h.db.update(tasks).set({ title: 'Renamed by a job' }).where(eq(tasks.id, task.id));
    expect((await details(task.id, cast.client)).title).toBe('Renamed by a job');
  });

  it('shows a change to a table the task only joins (the client profile)', async () => {
    const task = await createTask(h, cast.client);
    await details(task.id, cast.client);
    await h.db.update(profiles).set({ first_name: 'Renamed' }).where(eq(profiles.id, cast.client.id));
    expect((await details(task.id, cast.client)).client.first_name).toBe('Renamed');
    await h.db.update(profiles).set({ first_name: 'Client' }).where(eq(profiles.id, cast.client.id));
  });

  it('shows what a transaction wrote once it has committed, not before', async () => {
    const task = await createTask(h, cast.client);
    await details(task.id, cast.client);
    await h.db.transaction(async (tx) => {
      await tx.update(tasks).set({ title: 'Written in a transaction' }).where(eq(tasks.id, task.id));
    });
    expect((await details(task.id, cast.client)).title).toBe('Written in a transaction');
  });

  it('applies a role given to the caller on the next read', async () => {
    const task = await createTask(h, cast.client);
    const outsider = await h.createUser('client');
    // Another client's task is not theirs to see...
    expect((await h.request('GET', `/api/tasks/${task.id}`, { cookie: outsider.cookie })).status).toBe(404);
    await h.db.insert(userRoles).values({ user_id: outsider.id, role: 'admin' });
    // Admins have two-factor sign-in (without it every route but its setup answers 403, decision 0474).
    await h.enableTwoFactor(outsider.id);
    // ...until they are an admin.
    expect((await details(task.id, outsider)).id).toBe(task.id);
  });

  it('gives each caller their own answer for one task', async () => {
    const task = await createTask(h, cast.client);
    const asClient = await details(task.id, cast.client);
    const asExpert = await details(task.id, cast.expert);
    expect(asClient.capabilities).not.toEqual(asExpert.capabilities);
  });
});

describe('the reads a dashboard makes', () => {
  it('write nothing, so they never end the cached reads of others', async () => {
    const task = await createTask(h, cast.client);
    const reads: Array<[TestUser, string]> = [
      [cast.client, '/api/me'],
      [cast.client, '/api/tasks?scope=mine'],
      [cast.client, '/api/notifications'],
      [cast.client, `/api/tasks/${task.id}`],
      [cast.expert, '/api/me'],
      [cast.expert, '/api/experts/me'],
      [cast.expert, '/api/tasks?scope=available&latitude=40.7128&longitude=-74.006'],
      [cast.expert, '/api/tasks?scope=applied'],
      [cast.expert, '/api/tasks?scope=assigned'],
      [cast.expert, `/api/tasks/${task.id}`],
    ];
    // The first round may create what is missing (a profile row) and caches the sessions.
    for (const [user, path] of reads) expect((await h.request('GET', path, { cookie: user.cookie })).status).toBe(200);
    const before = h.database.writes.current();
    for (const [user, path] of reads) expect((await h.request('GET', path, { cookie: user.cookie })).status).toBe(200);
    expect(h.database.writes.current()).toBe(before);
  });
});
