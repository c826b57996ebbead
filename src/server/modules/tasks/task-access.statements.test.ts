import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authUsers } from '../../db/schema';
import { createTaskAt } from '../../test/builders';
import { countStatements } from '../../test/statement-counter';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { loadVisibleTask } from './task-access';

// Every task-scoped request starts with this read; the load test found the statements per request
// to be the server's main cost (docs/performance.md, "The load test made to measure the product").
let t: TestApp;
let client: TestUser;
let expert: TestUser;
let applicant: TestUser;
let admin: TestUser;
let openTask: string;
beforeAll(async () => {
  t = await createTestApp();
  client = await t.createUser('client');
  expert = await t.createUser('expert');
  applicant = await t.createUser('expert');
  admin = await t.createUser('admin');
  openTask = (await createTaskAt(t.db, { status: 'open', clientId: client.id, applicantIds: [applicant.id] })).id;
});
afterAll(async () => t?.close());

async function counted(userId: string, taskId: string) {
  const counter = countStatements(t.db);
  try {
    const access = await loadVisibleTask(t.db, userId, taskId, t.clock.now());
    return { access, statements: counter.statements.length };
  } finally {
    counter.restore();
  }
}

describe('loadVisibleTask', () => {
  it('reads the task, the roles and the access facts in one statement, for every kind of caller', async () => {
    for (const user of [client, expert, applicant, admin]) {
      const { statements } = await counted(user.id, openTask);
      expect(statements).toBe(1);
    }
  });

  it('gives each caller the facts the roles matrix needs', async () => {
    const asApplicant = (await counted(applicant.id, openTask)).access;
    expect(asApplicant.actor).toEqual({ userId: applicant.id, isAdmin: false, isExpert: true });
    expect(asApplicant.facts).toMatchObject({ status: 'open', client_id: client.id, hasApplied: true, applicationCount: 1, hasReview: false });
    const asOtherExpert = (await counted(expert.id, openTask)).access;
    expect(asOtherExpert.facts).toMatchObject({ hasApplied: false, applicationCount: 1 });
    const asAdmin = (await counted(admin.id, openTask)).access;
    expect(asAdmin.actor).toMatchObject({ isAdmin: true });
  });

  it("hides a suspended client's open task from experts, not from the client or an admin", async () => {
    const task = (await createTaskAt(t.db, { status: 'open', clientId: client.id })).id;
    await t.db.update(authUsers).set({ suspendedAt: new Date() }).where(eq(authUsers.id, client.id));
    try {
      await expect(loadVisibleTask(t.db, expert.id, task, t.clock.now())).rejects.toMatchObject({ status: 404 });
      await expect(loadVisibleTask(t.db, client.id, task, t.clock.now())).resolves.toMatchObject({ task: { id: task } });
      await expect(loadVisibleTask(t.db, admin.id, task, t.clock.now())).resolves.toMatchObject({ task: { id: task } });
    } finally {
      await t.db.update(authUsers).set({ suspendedAt: null }).where(eq(authUsers.id, client.id));
    }
  });

  it('answers 404 for a task that does not exist, after the same one statement', async () => {
    const counter = countStatements(t.db);
    try {
      await expect(loadVisibleTask(t.db, expert.id, '00000000-0000-4000-8000-000000000000', t.clock.now())).rejects.toMatchObject({ status: 404 });
      expect(counter.statements).toHaveLength(1);
    } finally {
      counter.restore();
    }
  });
});
