import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicName, type ServerFrame } from '@shared/realtime';
import { createTaskAt } from '../../test/builders';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { openTestSocket, startTestServer, type TestSocket } from '../../test/test-server';

/**
 * Issue 49: the Visit card is live. A proposal, an acceptance or a new on-site contact reaches the
 * task's own realtime topic, so the other party's page refetches without a reload; other users hear
 * nothing of it.
 */
const START = new Date('2026-12-01T12:00:00Z');
const CHICAGO = { latitude: 41.8781, longitude: -87.6298, location: 'Chicago, IL' };
const WINDOW = { start: '2026-12-09T22:00:00.000Z', end: '2026-12-09T23:00:00.000Z' };

let t: TestApp;
let client: TestUser;
let expert: TestUser;
let stranger: TestUser;
let server: Awaited<ReturnType<typeof startTestServer>>;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(START);
  [client, expert, stranger] = await Promise.all([t.createUser('client'), t.createUser('expert'), t.createUser('client')]);
  server = await startTestServer(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.close();
  await t.close();
});

async function listen(user: TestUser, topic: string) {
  const socket = await openTestSocket(server.url, { cookie: user.cookie, origin: TEST_ORIGIN });
  sockets.push(socket);
  expect(await socket.subscribe(topic)).toEqual({ type: 'subscribed', topic });
  return socket;
}

const taskEvent = (topic: string, taskId: string) => (frame: ServerFrame) =>
  frame.type === 'event' && frame.topic === topic && frame.event.table === 'tasks' && frame.event.id === taskId;

describe('the visit, live', () => {
  it("tells the task's parties of a proposal and its acceptance, and nobody else", async () => {
    const task = await createTaskAt(t.db, { status: 'in_progress', clientId: client.id, expertId: expert.id, now: t.clock.now(), overrides: CHICAGO });
    const topic = topicName.task(task.id);
    const clientSocket = await listen(client, topic);
    const strangerSocket = await listen(stranger, topicName.tasks());

    const proposed = clientSocket.waitFor(taskEvent(topic, task.id));
    const proposal = await t.request('POST', `/api/tasks/${task.id}/appointment/proposals`, {
      cookie: expert.cookie,
      body: { windows: [WINDOW] },
    });
    expect(proposal.status).toBe(201);
    await proposed;

    const expertSocket = await listen(expert, topic);
    const accepted = expertSocket.waitFor(taskEvent(topic, task.id));
    const { appointment } = (await proposal.json()) as { appointment: { pending: { id: string } } };
    const accept = await t.request('POST', `/api/tasks/${task.id}/appointment/proposals/${appointment.pending.id}/accept`, {
      cookie: client.cookie,
      body: { choice: 0 },
    });
    expect(accept.status).toBe(200);
    await accepted;

    await expect(strangerSocket.waitFor(taskEvent(topicName.tasks(), task.id), 500)).rejects.toThrow();
  });
});
