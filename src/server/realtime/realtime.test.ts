import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as texts } from '@shared/messages';
import { REALTIME_HEARTBEAT_MS, topicName, type ServerFrame } from '@shared/realtime';
import { eq } from 'drizzle-orm';
import { systemSettings } from '../db/schema';
import { TEST_ORIGIN } from '../test/test-app';
import { openTestSocket, startTestServer, upgradeStatus, type TestSocket } from '../test/test-server';
import {
  apply,
  assign,
  castOf,
  createTask,
  createTasksTestApp,
  okJson,
  taskAt,
  type Cast,
  type TasksTestApp,
} from '../modules/tasks/tasks.test-helpers';

let h: TasksTestApp;
let cast: Cast;
let server: Awaited<ReturnType<typeof startTestServer>>;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  h = await createTasksTestApp();
  cast = await castOf(h);
  server = await startTestServer(h.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.close();
  await h.close();
});

async function socketOf(cookie: string) {
  const socket = await openTestSocket(server.url, { cookie, origin: TEST_ORIGIN });
  sockets.push(socket);
  return socket;
}

const isEvent = (topic: string, table?: string) => (frame: ServerFrame) =>
  frame.type === 'event' && frame.topic === topic && (!table || frame.event.table === table);

describe('realtime socket', () => {
  it('needs the session cookie and a page of the product own origin', async () => {
    expect(await upgradeStatus(server.url, { origin: TEST_ORIGIN })).toBe(401);
    expect(
      await upgradeStatus(server.url, { origin: 'https://evil.example', cookie: cast.client.cookie }),
    ).toBe(403);
    expect(await upgradeStatus(server.url, { cookie: cast.client.cookie })).toBe(403);
    expect(await upgradeStatus(server.url, { origin: TEST_ORIGIN, cookie: cast.client.cookie })).toBe(101);
  });

  it('authorizes a task chat topic with the chat read rules (every negative row of the roles matrix)', async () => {
    const { task } = await taskAt(h, cast, 'in_progress', { rival: true });
    const topic = topicName.taskMessages(task.id);
    for (const user of [cast.client, cast.expert, cast.admin]) {
      expect(await (await socketOf(user.cookie)).subscribe(topic)).toEqual({ type: 'subscribed', topic });
    }
    // other_expert (here a rival applicant) and other_client never get data, only the refusal.
    expect(await (await socketOf(cast.otherExpert.cookie)).subscribe(topic)).toEqual({
      type: 'error',
      topic,
      message: texts.chat.mustBeAccepted,
    });
    expect(await (await socketOf(cast.otherClient.cookie)).subscribe(topic)).toEqual({
      type: 'error',
      topic,
      message: texts.tasks.notFound,
    });
    const stranger = await h.createUser('expert');
    expect(await (await socketOf(stranger.cookie)).subscribe(topic)).toEqual({
      type: 'error',
      topic,
      message: texts.tasks.notFound,
    });
  });

  it('refuses unknown topics, another expert verification records and invisible tasks', async () => {
    const socket = await socketOf(cast.otherClient.cookie);
    expect((await socket.subscribe('everything')).type).toBe('error');
    expect((await socket.subscribe('tasks:not-a-uuid')).type).toBe('error');
    expect(await socket.subscribe(topicName.verification(cast.expert.id))).toMatchObject({
      type: 'error',
      message: texts.common.forbidden,
    });
    const own = await socketOf(cast.expert.cookie);
    expect((await own.subscribe(topicName.verification(cast.expert.id))).type).toBe('subscribed');
    const task = await createTask(h, cast.client);
    expect(await socket.subscribe(topicName.task(task.id))).toMatchObject({
      type: 'error',
      message: texts.tasks.notFound,
    });
    expect(await socket.subscribe(topicName.taskApplications(task.id))).toMatchObject({ type: 'error' });
  });

  it('sends open tasks to a client the moment they become an expert, not a heartbeat later', async () => {
    const newcomer = await h.createUser('client');
    const socket = await socketOf(newcomer.cookie);
    await socket.subscribe(topicName.tasks());
    const before = await createTask(h, cast.client);
    await okJson(
      await h.request('POST', '/api/me/onboarding', { cookie: newcomer.cookie, body: { role: 'expert' } }),
    );
    // The heartbeat is 25 s; the role read follows the user_roles NOTIFY instead. Tasks posted after
    // the change reach the new expert within a few seconds (one per try, so a slow machine still passes).
    const startedAt = Date.now();
    let delivered = false;
    for (let attempt = 0; attempt < 10 && !delivered; attempt++) {
      const posted = await createTask(h, cast.client);
      const reached = (f: ServerFrame) =>
        isEvent('tasks')(f) && f.type === 'event' && f.event.id === posted.id;
      delivered = await socket.waitFor(reached, 500).then(
        () => true,
        () => false,
      );
    }
    expect(delivered).toBe(true);
    expect(Date.now() - startedAt).toBeLessThan(REALTIME_HEARTBEAT_MS / 2);
    expect(socket.frames.some((f) => f.type === 'event' && f.event.id === before.id)).toBe(false);
  });

  it('delivers an application to the client task page the moment the expert applies', async () => {
    const task = await createTask(h, cast.client);
    const client = await socketOf(cast.client.cookie);
    await client.subscribe(topicName.taskApplications(task.id));
    await client.subscribe(topicName.tasks());
    const outsider = await socketOf(cast.otherClient.cookie);
    await outsider.subscribe(topicName.tasks());
    const application = await apply(h, cast.expert, task.id);
    // The topic also carries the task's own changes (topic-index.ts), in whatever order the
    // database sends them; the application's insert is the frame this page waits for.
    const frame = await client.waitFor(isEvent(topicName.taskApplications(task.id), 'task_applications'));
    expect(frame).toMatchObject({
      event: { table: 'task_applications', op: 'insert', id: application.id, task_id: task.id },
    });
    // The assignment changes the task: its client hears it on the tasks topic, another client does not.
    await assign(h, cast.client, task.id, application.id);
    await client.waitFor(
      (f) =>
        isEvent('tasks')(f) && f.type === 'event' && f.event.id === task.id && f.event.status === 'assigned',
    );
    expect(outsider.frames.some((f) => f.type === 'event' && f.event.id === task.id)).toBe(false);
  });

  it('carries chat messages and notifications to the right people only', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    const expert = await socketOf(cast.expert.cookie);
    await expert.subscribe(topicName.taskMessages(task.id));
    await expert.subscribe(topicName.messages());
    await expert.subscribe(topicName.notifications());
    const outsider = await socketOf(cast.otherExpert.cookie);
    await outsider.subscribe(topicName.messages());
    await outsider.subscribe(topicName.notifications());
    const sent = await okJson<{ message: { id: string } }>(
      await h.request('POST', `/api/tasks/${task.id}/messages`, {
        body: { content: 'Hello' },
        cookie: cast.client.cookie,
      }),
      201,
    );
    const chatFrame = await expert.waitFor(isEvent(topicName.taskMessages(task.id), 'messages'));
    expect(chatFrame).toMatchObject({ event: { id: sent.message.id, op: 'insert', task_id: task.id } });
    // Ids only: the content never travels on the socket.
    expect(JSON.stringify(chatFrame)).not.toContain('Hello');
    await expert.waitFor(isEvent('messages'));
    await okJson(await h.request('POST', `/api/tasks/${task.id}/cancel`, { cookie: cast.client.cookie, body: { reason: 'plans_changed' } }));
    await expert.waitFor(isEvent('notifications', 'notifications'));
    expect(outsider.frames.filter((f) => f.type === 'event')).toEqual([]);
  });

  it('ends a chat subscription with an error frame when the expert loses the task', async () => {
    const { task } = await taskAt(h, cast, 'assigned');
    const expert = await socketOf(cast.expert.cookie);
    const topic = topicName.taskMessages(task.id);
    expect((await expert.subscribe(topic)).type).toBe('subscribed');
    await okJson(await h.request('POST', `/api/tasks/${task.id}/decline`, { cookie: cast.expert.cookie, body: { reason: 'expert_unavailable' } }));
    expect(await expert.waitFor((f) => f.type === 'error' && f.topic === topic)).toEqual({
      type: 'error',
      topic,
      message: texts.chat.mustBeAccepted,
    });
    // The next message on that task does not reach the socket.
    const before = expert.frames.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(expert.frames.slice(before).some((f) => f.type === 'event' && f.topic === topic)).toBe(false);
  });

  it('tells every open page to refetch the public settings when maintenance mode is switched (issue 25)', async () => {
    const [client, expert] = [await socketOf(cast.client.cookie), await socketOf(cast.expert.cookie)];
    // The hub registers a socket once it has read the user's identity, a moment after the upgrade: a
    // subscription's answer shows both are registered before the settings change.
    for (const socket of [client, expert])
      expect(await socket.subscribe('notifications')).toEqual({ type: 'subscribed', topic: 'notifications' });
    await h.db.update(systemSettings).set({ maintenance_mode: true }).where(eq(systemSettings.id, 1));
    try {
      // No subscription needed: the frame goes to every socket, through the statement trigger of migration 0025.
      await client.waitFor((f) => f.type === 'settings');
      await expert.waitFor((f) => f.type === 'settings');
    } finally {
      await h.db.update(systemSettings).set({ maintenance_mode: false }).where(eq(systemSettings.id, 1));
    }
  });
});
