import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { messages, notifications, notificationTypes } from '../../db/schema';
import { countStatements } from '../../test/statement-counter';
import type { TestUser } from '../../test/test-app';
import { apply, createTask, okJson, useTasksTestApp, type Cast, type TasksTestApp } from '../tasks/tasks.test-helpers';

/**
 * The task-details read depends only on what it reads (decision 0107's addendum): the tables of
 * its statement, and the row keys other instances announce for its task. Each test counts the
 * details statements the routes send, so "served from memory" is measured, not assumed.
 */
let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite));

const details = async (taskId: string, user: TestUser = cast.client) =>
  (await okJson<{ task: TaskDetailsDto }>(await h.request('GET', `/api/tasks/${taskId}`, { cookie: user.cookie }))).task;

/** How many times `reads` ran the task-details statement (by name on PGlite, by text on PostgreSQL). */
async function detailsStatementsOf(reads: () => Promise<unknown>): Promise<number> {
  const counter = countStatements(h.db);
  try {
    await reads();
    return counter.statements.filter((text) => /task_details_read|'client_suspended'/.test(text)).length;
  } finally {
    counter.restore();
  }
}

/**
 * What another instance's change looks like here: its trigger's NOTIFY on the change channel, with
 * nothing written through this process. Waits until the bus has passed it on: a marker NOTIFY sent
 * after it on the same connection is heard after it (and after every earlier NOTIFY).
 */
async function announcedElsewhere(payload?: object) {
  const marker = `test_marker_${crypto.randomUUID().replace(/-/g, '')}`;
  // A table never heard of has the version of "everything" (the listener's start): it moves past it once heard.
  const before = h.database.writes.tableVersion(marker);
  if (payload) await h.db.execute(sql`select pg_notify('app_changes', ${JSON.stringify(payload)})`);
  await h.db.execute(sql`select pg_notify('app_changes', ${JSON.stringify({ table: marker })})`);
  const deadline = Date.now() + 2_000;
  while (h.database.writes.tableVersion(marker) === before) {
    if (Date.now() > deadline) throw new Error('the change bus never passed the NOTIFY on');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A task made through the routes, once this process has heard its own writes come back from the
 * bus (on PostgreSQL they arrive after the answer, and would end a read cached meanwhile). A NOTIFY
 * sent after them arrives after them.
 */
async function settledTask() {
  const task = await createTask(h, cast.client);
  await announcedElsewhere();
  return task;
}

describe('the cached task details', () => {
  it('stay served while messages and notifications are written (tables the read does not touch)', async () => {
    const task = await settledTask();
    await details(task.id);
    const statements = await detailsStatementsOf(async () => {
      await h.db.insert(notifications).values({ user_id: cast.client.id, type: notificationTypes[0], title: 'Hello', message: 'A notification' });
      await h.db.insert(messages).values({ task_id: task.id, sender_id: cast.client.id, receiver_id: cast.expert.id, content: 'A message' });
      await details(task.id);
    });
    expect(statements).toBe(0);
  });

  it("are read again after a write through this process to the task's applications", async () => {
    const task = await settledTask();
    expect((await details(task.id)).applications ?? []).toHaveLength(0);
    await apply(h, cast.expert, task.id);
    let applications: unknown[] = [];
    const statements = await detailsStatementsOf(async () => {
      applications = (await details(task.id)).applications ?? [];
    });
    expect(statements).toBe(1);
    expect(applications).toHaveLength(1);
  });

  it('of task X are read again after another instance changes X, and those of task Y are not', async () => {
    const x = await settledTask();
    const y = await settledTask();
    await details(x.id);
    await details(y.id);
    await announcedElsewhere({ table: 'tasks', op: 'update', id: x.id, status: 'open' });
    expect(await detailsStatementsOf(() => details(x.id))).toBe(1);
    expect(await detailsStatementsOf(() => details(y.id))).toBe(0);
    // An application to X announced elsewhere (its task_id names X): the same.
    await announcedElsewhere({ table: 'task_applications', op: 'insert', id: crypto.randomUUID(), task_id: x.id });
    expect(await detailsStatementsOf(() => details(x.id))).toBe(1);
    expect(await detailsStatementsOf(() => details(y.id))).toBe(0);
  });

  it('are all read again after another instance changes a table they read without naming a task', async () => {
    const task = await settledTask();
    await details(task.id);
    await announcedElsewhere({ table: 'profiles' });
    expect(await detailsStatementsOf(() => details(task.id))).toBe(1);
  });

  it('are all read again after a statement whose text names no table (every table counts as written)', async () => {
    const task = await settledTask();
    await details(task.id);
    expect(await detailsStatementsOf(() => details(task.id))).toBe(0);
    await h.db.execute(sql.raw('analyze notifications'));
    expect(await detailsStatementsOf(() => details(task.id))).toBe(1);
  });

  it('are not kept while changes made elsewhere cannot be heard', async () => {
    const task = await settledTask();
    await details(task.id);
    h.database.writes.setRemoteLive(false);
    try {
      expect(await detailsStatementsOf(() => details(task.id))).toBe(1);
      expect(await detailsStatementsOf(() => details(task.id))).toBe(1);
    } finally {
      h.database.writes.setRemoteLive(true);
    }
    await details(task.id);
    expect(await detailsStatementsOf(() => details(task.id))).toBe(0);
  });
});
