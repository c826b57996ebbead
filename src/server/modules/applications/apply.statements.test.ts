import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { jobs, notifications } from '../../db/schema';
import { deliveryJobKey } from '../notifications/delivery/delivery-enqueue';
import type { ApplicationDto } from '@shared/schemas/task-api';
import { createTaskAt } from '../../test/builders';
import { countStatements } from '../../test/statement-counter';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

// Applying was the slowest journey of the load test on PGlite at 200 users, where every statement
// waits its turn on one database thread (docs/performance.md). The applicant is read once, and the
// settings row (maintenance flag, price limits) is remembered until it changes (decision 0405).
let t: TestApp;
let client: TestUser;
let expert: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  client = await t.createUser('client');
  expert = await t.createUser('expert');
});
afterAll(async () => t?.close());

const apply = async (taskId: string) =>
  t.request('POST', `/api/tasks/${taskId}/applications`, {
    cookie: expert.cookie,
    body: { proposed_rate: 15_000, notes: 'I can do this today with photos and video.' },
  });
const reading = (statements: readonly string[], table: string) =>
  statements.filter((text) => /^\s*select/i.test(text) && new RegExp(`from "${table}"`).test(text)).length;

describe('POST /api/tasks/:id/applications', () => {
  it("reads the applicant once and the settings row not at all once it is known, and answers the applicant's card", async () => {
    const first = await createTaskAt(t.db, { status: 'open', clientId: client.id });
    expect((await apply(first.id)).status).toBe(201);
    const task = await createTaskAt(t.db, { status: 'open', clientId: client.id });
    const counter = countStatements(t.db);
    try {
      const response = await apply(task.id);
      expect(response.status).toBe(201);
      const { application } = await t.json<{ application: ApplicationDto }>(response);
      expect(application).toMatchObject({
        task_id: task.id,
        expert_id: expert.id,
        status: 'pending',
        proposed_rate: 15_000,
      });
      expect(application.expert).toMatchObject({ id: expert.id, profile: { first_name: 'Expert' } });
      expect(reading(counter.statements, 'expert_profiles')).toBe(1);
      expect(reading(counter.statements, 'profiles')).toBe(0);
      expect(reading(counter.statements, 'system_settings')).toBe(0);
    } finally {
      counter.restore();
    }
  });

  it("is four statements: access, applicant, pause, then the application with the client's notification and its deliveries", async () => {
    const task = await createTaskAt(t.db, { status: 'open', clientId: client.id });
    const counter = countStatements(t.db);
    let statements: string[];
    let application: ApplicationDto;
    try {
      const response = await apply(task.id);
      expect(response.status).toBe(201);
      ({ application } = await t.json<{ application: ApplicationDto }>(response));
      statements = [...counter.statements];
    } finally {
      counter.restore();
    }
    expect(statements).toHaveLength(4);
    expect(statements[3]).toMatch(/insert into task_applications[\s\S]*insert into notifications[\s\S]*insert into jobs/);
    const [received] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, client.id), eq(notifications.task_id, task.id), eq(notifications.type, 'application_received')));
    expect(received.data).toMatchObject({ application_id: application.id });
    const queued = await t.db.select({ key: jobs.key }).from(jobs).where(inArray(jobs.key, [deliveryJobKey('email', received.id), deliveryJobKey('push', received.id)]));
    expect(queued).toHaveLength(2);
  });

  it('writes no notification for an application the task no longer takes', async () => {
    const task = await createTaskAt(t.db, { status: 'open', clientId: client.id });
    expect((await apply(task.id)).status).toBe(201);
    // The same expert again: the unique (task, expert) pair refuses it, and the client hears once.
    expect((await apply(task.id)).status).toBe(409);
    const received = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.task_id, task.id), eq(notifications.type, 'application_received')));
    expect(received).toHaveLength(1);
  });
});

