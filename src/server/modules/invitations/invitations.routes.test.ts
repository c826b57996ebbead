import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { INVITATIONS } from '@shared/domain/invitations';
import { messages } from '@shared/messages';
import type { InvitationOptionsResponse, MyInvitationResponse } from '@shared/schemas/invitations.schemas';
import { notifications, taskInvitations } from '../../db/schema';
import { createApplication, createInvitation, createTask } from '../../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

const invitationsText = messages.invitations;
const START = new Date('2026-11-01T12:00:00Z');
const HOUR = 3_600_000;

let t: TestApp;
let client: TestUser;
let otherClient: TestUser;
let expert: TestUser;
let admin: TestUser;
/** Extra experts, to fill a task's or a day's quota. */
let crowd: TestUser[];

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(START);
  [client, otherClient, expert, admin, ...crowd] = await Promise.all([
    t.createUser('client', { firstName: 'Clara' }),
    t.createUser('client'),
    t.createUser('expert', { payable: true }),
    t.createUser('admin'),
    ...Array.from({ length: 12 }, () => t.createUser('expert')),
  ]);
});
afterAll(() => t.close());

const openTask = (clientId = client.id) => createTask(t.db, { client_id: clientId, title: `Open task ${Math.random()}` });
const invite = (taskId: string, expertId: string, user: TestUser = client) =>
  t.request('POST', `/api/tasks/${taskId}/invitations`, { cookie: user.cookie, body: { expert_id: expertId } });
const errorOf = async (res: Response) => (await t.json<{ error: { message: string } }>(res)).error.message;
const mine = async (taskId: string, user: TestUser = expert) =>
  t.json<MyInvitationResponse>(await t.request('GET', `/api/tasks/${taskId}/my-invitation`, { cookie: user.cookie }));

describe('POST /api/tasks/:id/invitations', () => {
  it('invites the expert, who is notified and sees the invitation on the task', async () => {
    const task = await openTask();
    const res = await invite(task.id, expert.id);
    expect(res.status).toBe(201);
    const rows = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, expert.id), eq(notifications.task_id, task.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'task_invitation', title: invitationsText.notificationTitle });
    expect(rows[0].message).toBe(`Clara invited you to apply to "${task.title}".`);
    expect((await mine(task.id)).invitation).toMatchObject({ status: 'pending', client_first_name: 'Clara' });
    // Inviting the same expert again is refused.
    const again = await invite(task.id, expert.id);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(invitationsText.alreadyInvited);
  });

  it('refuses bad input with the message, and an unknown expert with 404', async () => {
    const task = await openTask();
    const bad = await invite(task.id, 'not-a-uuid');
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe(invitationsText.invalidExpert);
    const unknown = await invite(task.id, '3f1f4b1e-8a52-4c1b-9a57-5a2b7f0c9d11');
    expect(unknown.status).toBe(404);
    const self = await invite(task.id, client.id);
    expect(self.status).toBe(400);
    expect(await errorOf(self)).toBe(invitationsText.cannotInviteSelf);
  });

  it("refuses whoever is not the task's client", async () => {
    const task = await openTask();
    expect((await invite(task.id, expert.id, otherClient)).status).toBe(404);
    const asExpert = await invite(task.id, crowd[0].id, expert);
    expect(asExpert.status).toBe(403);
    expect(await errorOf(asExpert)).toBe(invitationsText.onlyClientCanInvite);
    expect((await invite(task.id, expert.id, admin)).status).toBe(403);
    const anon = await t.request('POST', `/api/tasks/${task.id}/invitations`, { body: { expert_id: expert.id } });
    expect(anon.status).toBe(401);
  });

  it('refuses a task that is not open, and an expert who already applied', async () => {
    const assigned = await createTask(t.db, { client_id: client.id, status: 'assigned', expert_id: crowd[1].id });
    const res = await invite(assigned.id, expert.id);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe(invitationsText.taskNotOpen);
    const task = await openTask();
    await createApplication(t.db, { task_id: task.id, expert_id: expert.id });
    const applied = await invite(task.id, expert.id);
    expect(applied.status).toBe(409);
    expect(await errorOf(applied)).toBe(invitationsText.alreadyApplied);
  });

  it('refuses an expert who turned invitations off, and the dialog knows it', async () => {
    const off = crowd[2];
    const put = await t.request('PUT', '/api/me/invitation-settings', { cookie: off.cookie, body: { accepts_invitations: false } });
    expect(put.status).toBe(200);
    const task = await openTask();
    const res = await invite(task.id, off.id);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe(invitationsText.expertOptedOut);
    const options = await t.json<InvitationOptionsResponse>(
      await t.request('GET', `/api/experts/${off.id}/invitation-options`, { cookie: client.cookie }),
    );
    expect(options.accepts_invitations).toBe(false);
    await t.request('PUT', '/api/me/invitation-settings', { cookie: off.cookie, body: { accepts_invitations: true } });
    expect((await invite(task.id, off.id)).status).toBe(201);
  });

  it('stops at the per-task limit, also when the last places are requested in parallel', async () => {
    const task = await openTask(otherClient.id);
    await Promise.all(
      crowd.slice(0, INVITATIONS.perTask - 1).map((e) => createInvitation(t.db, { task_id: task.id, client_id: otherClient.id, expert_id: e.id, created_at: START })),
    );
    const results = await Promise.all(crowd.slice(INVITATIONS.perTask - 1).map((e) => invite(task.id, e.id, otherClient)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(await errorOf(loser)).toBe(`A task can invite at most ${INVITATIONS.perTask} experts.`);
    expect(await t.db.$count(taskInvitations, eq(taskInvitations.task_id, task.id))).toBe(INVITATIONS.perTask);
  });

  it('stops at the per-day limit across tasks, also in parallel, and counts only the last 24 hours', async () => {
    const sender = await t.createUser('client');
    const tasks = await Promise.all(Array.from({ length: 4 }, () => openTask(sender.id)));
    // Yesterday's invitations (25 hours ago) no longer count; 19 of the last hours do.
    const fill = async (taskIndex: number, experts: TestUser[], at: Date) =>
      Promise.all(experts.map((e) => createInvitation(t.db, { task_id: tasks[taskIndex].id, client_id: sender.id, expert_id: e.id, created_at: at })));
    await fill(0, crowd.slice(0, 10), new Date(START.getTime() - 25 * HOUR));
    await fill(1, crowd.slice(0, 10), new Date(START.getTime() - 2 * HOUR));
    await fill(2, crowd.slice(0, INVITATIONS.perDay - 11), new Date(START.getTime() - HOUR));
    const last = crowd.slice(INVITATIONS.perDay - 11, INVITATIONS.perDay - 8);
    const results = await Promise.all(last.map((e) => invite(tasks[3].id, e.id, sender)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 429, 429]);
    expect(await errorOf(results.find((r) => r.status === 429)!)).toBe(
      `You can send at most ${INVITATIONS.perDay} invitations a day. Try again tomorrow.`,
    );
    const options = await t.json<InvitationOptionsResponse>(
      await t.request('GET', `/api/experts/${expert.id}/invitation-options`, { cookie: sender.cookie }),
    );
    expect(options.remaining_today).toBe(0);
  });
});

describe('the expert answers', () => {
  it('declines once; a second decline is refused', async () => {
    const task = await openTask();
    await createInvitation(t.db, { task_id: task.id, client_id: client.id, expert_id: expert.id });
    const res = await t.request('POST', `/api/tasks/${task.id}/invitation/decline`, { cookie: expert.cookie, body: {} });
    expect(res.status).toBe(200);
    expect((await mine(task.id)).invitation?.status).toBe('declined');
    const again = await t.request('POST', `/api/tasks/${task.id}/invitation/decline`, { cookie: expert.cookie, body: {} });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(invitationsText.alreadyDeclined);
  });

  it('shows "applied" once the expert applied, and then cannot decline', async () => {
    const task = await openTask();
    await createInvitation(t.db, { task_id: task.id, client_id: client.id, expert_id: expert.id });
    await createApplication(t.db, { task_id: task.id, expert_id: expert.id });
    expect((await mine(task.id)).invitation?.status).toBe('applied');
    const res = await t.request('POST', `/api/tasks/${task.id}/invitation/decline`, { cookie: expert.cookie, body: {} });
    expect(res.status).toBe(409);
  });

  it('refuses a decline without an invitation, and on a task no longer open', async () => {
    const task = await openTask();
    const none = await t.request('POST', `/api/tasks/${task.id}/invitation/decline`, { cookie: crowd[3].cookie, body: {} });
    expect(none.status).toBe(404);
    expect((await mine(task.id, crowd[3])).invitation).toBeNull();
    const closed = await createTask(t.db, { client_id: client.id, status: 'cancelled' });
    await createInvitation(t.db, { task_id: closed.id, client_id: client.id, expert_id: expert.id });
    const res = await t.request('POST', `/api/tasks/${closed.id}/invitation/decline`, { cookie: expert.cookie, body: {} });
    // A cancelled task is out of the expert's sight altogether: the same 404 as an unknown task.
    expect(res.status).toBe(404);
  });
});

describe('invitation settings and options', () => {
  it('lets only experts change the setting, with a boolean', async () => {
    const asClient = await t.request('PUT', '/api/me/invitation-settings', { cookie: client.cookie, body: { accepts_invitations: false } });
    expect(asClient.status).toBe(403);
    const bad = await t.request('PUT', '/api/me/invitation-settings', { cookie: expert.cookie, body: { accepts_invitations: 'no' } });
    expect(bad.status).toBe(400);
    const read = await t.request('GET', '/api/me/invitation-settings', { cookie: expert.cookie });
    expect(await t.json(read)).toEqual({ accepts_invitations: true });
  });

  it("lists the client's open tasks with the expert's standing on each", async () => {
    const fresh = await t.createUser('client');
    const a = await openTask(fresh.id);
    const b = await openTask(fresh.id);
    await createTask(t.db, { client_id: fresh.id, status: 'cancelled' });
    await createInvitation(t.db, { task_id: a.id, client_id: fresh.id, expert_id: expert.id });
    const res = await t.request('GET', `/api/experts/${expert.id}/invitation-options`, { cookie: fresh.cookie });
    const options = await t.json<InvitationOptionsResponse>(res);
    expect(options.tasks.map((task) => [task.id, task.invited])).toEqual(
      expect.arrayContaining([
        [a.id, true],
        [b.id, false],
      ]),
    );
    expect(options.tasks).toHaveLength(2);
    expect(options.remaining_today).toBe(INVITATIONS.perDay - 1);
    expect((await t.request('GET', '/api/experts/not-a-uuid/invitation-options', { cookie: fresh.cookie })).status).toBe(404);
  });
});
