import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { expertProfiles, taskApplications } from '../../db/schema';
import { createApplication, createTask } from '../../test/builders';
import { createTestApp, type TestApp } from '../../test/test-app';

/** POST /api/me/role: the profile's role control (issue 25, docs/decisions/0270). */
describe('POST /api/me/role', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const switchRole = (cookie: string | undefined, body: unknown) => t.request('POST', '/api/me/role', { cookie, body });
  const isExpert = async (cookie: string) =>
    (await t.json<{ roles: { isExpert: boolean } }>(await t.request('GET', '/api/me', { cookie }))).roles.isExpert;

  it('an expert with no task in flight goes back to client, withdrawing pending applications and keeping the expert profile', async () => {
    const [client, expert] = await Promise.all([t.createUser('client'), t.createUser('expert')]);
    const open = await createTask(t.db, { client_id: client.id });
    await createApplication(t.db, { task_id: open.id, expert_id: expert.id });
    await createTask(t.db, { client_id: client.id, expert_id: expert.id, status: 'verified' });

    const response = await switchRole(expert.cookie, { role: 'client' });
    expect(response.status).toBe(200);
    expect(await t.json(response)).toEqual({ changed: true, roles: { isAdmin: false, isExpert: false } });
    expect(await isExpert(expert.cookie)).toBe(false);
    expect(await t.db.select().from(taskApplications).where(eq(taskApplications.expert_id, expert.id))).toEqual([]);
    expect(await t.db.select().from(expertProfiles).where(eq(expertProfiles.id, expert.id))).toHaveLength(1);

    // With the application on file, the way back to expert is one step.
    const back = await switchRole(expert.cookie, { role: 'expert' });
    expect(await t.json(back)).toEqual({ changed: true, roles: { isAdmin: false, isExpert: true } });
  });

  it.each(['assigned', 'in_progress', 'pending_approval', 'disputed'] as const)(
    'an expert with a task %s stays an expert (409)',
    async (status) => {
      const [client, expert] = await Promise.all([t.createUser('client'), t.createUser('expert')]);
      await createTask(t.db, { client_id: client.id, expert_id: expert.id, status, payment_status: 'authorized' });
      const response = await switchRole(expert.cookie, { role: 'client' });
      expect(response.status).toBe(409);
      expect((await t.json<{ error: { message: string } }>(response)).error.message).toBe(messages.polish.roleTaskInFlight);
      expect(await isExpert(expert.cookie)).toBe(true);
    },
  );

  it('a client without an application cannot make themself an expert (409), and asking for the role held changes nothing', async () => {
    const client = await t.createUser('client');
    const response = await switchRole(client.cookie, { role: 'expert' });
    expect(response.status).toBe(409);
    expect((await t.json<{ error: { message: string } }>(response)).error.message).toBe(messages.polish.roleApplicationNeeded);
    expect(await isExpert(client.cookie)).toBe(false);
    expect(await t.json(await switchRole(client.cookie, { role: 'client' }))).toEqual({ changed: false, roles: { isAdmin: false, isExpert: false } });
  });

  it('refuses bad input with 400 and a signed-out caller with 401', async () => {
    const expert = await t.createUser('expert');
    expect((await switchRole(expert.cookie, { role: 'admin' })).status).toBe(400);
    expect((await switchRole(expert.cookie, {})).status).toBe(400);
    expect((await switchRole(undefined, { role: 'client' })).status).toBe(401);
    expect(await isExpert(expert.cookie)).toBe(true);
  });

  it('an assignment racing the switch never leaves a client assigned to a task, and never fails', async () => {
    // Several rounds: the interleaving differs from one to the next. A hire and a switch once
    // deadlocked (locks taken in opposite orders), and the switch answered 500 in most rounds.
    for (let round = 0; round < 8; round++) {
      const [client, expert] = await Promise.all([t.createUser('client'), t.createUser('expert')]);
      const task = await createTask(t.db, { client_id: client.id });
      const application = await createApplication(t.db, { task_id: task.id, expert_id: expert.id });
      const [assign, switched] = await Promise.all([
        t.request('POST', `/api/tasks/${task.id}/assign`, { cookie: client.cookie, body: { application_id: application.id } }),
        switchRole(expert.cookie, { role: 'client' }),
      ]);
      const nowExpert = await isExpert(expert.cookie);
      // Exactly one wins: either the expert is assigned and still an expert, or the switch went through and nobody is assigned.
      if (assign.status < 300) {
        expect(nowExpert).toBe(true);
        expect(switched.status).toBe(409);
      } else {
        expect(assign.status).toBeLessThan(500);
        expect(nowExpert).toBe(false);
        expect(switched.status).toBe(200);
      }
    }
  });
});
