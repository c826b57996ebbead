import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
