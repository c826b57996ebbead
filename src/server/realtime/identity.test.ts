import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userRoles } from '../db/schema';
import { createTaskAt } from '../test/builders';
import { countStatements } from '../test/statement-counter';
import { createTestApp, type TestApp } from '../test/test-app';
import { loadIdentity } from './topic-access';

// Every dashboard opens a socket: who is on it is read in one statement (decision 0101).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('loadIdentity', () => {
  it("reads an expert's roles and applied tasks in one statement", async () => {
    const client = await t.createUser('client');
    const expert = await t.createUser('expert');
    const applied = await createTaskAt(t.db, { status: 'open', clientId: client.id, applicantIds: [expert.id] });
    await createTaskAt(t.db, { status: 'open', clientId: client.id });
    await loadIdentity(t.db, expert.id);
    const counter = countStatements(t.db);
    try {
      const identity = await loadIdentity(t.db, expert.id);
      expect(counter.statements).toHaveLength(1);
      expect(identity.actor).toEqual({ userId: expert.id, isAdmin: false, isExpert: true });
      expect([...identity.appliedTaskIds]).toEqual([applied.id]);
    } finally {
      counter.restore();
    }
  });

  it('gives the applications only while the user holds the expert role, and reads admins', async () => {
    const client = await t.createUser('client');
    const expert = await t.createUser('expert');
    await createTaskAt(t.db, { status: 'open', clientId: client.id, applicantIds: [expert.id] });
    await t.db.delete(userRoles).where(eq(userRoles.user_id, expert.id));
    await t.db.insert(userRoles).values({ user_id: expert.id, role: 'admin' });
    const identity = await loadIdentity(t.db, expert.id);
    expect(identity.actor).toEqual({ userId: expert.id, isAdmin: true, isExpert: false });
    expect(identity.appliedTaskIds.size).toBe(0);
    expect((await loadIdentity(t.db, client.id)).actor).toEqual({ userId: client.id, isAdmin: false, isExpert: false });
  });
});
