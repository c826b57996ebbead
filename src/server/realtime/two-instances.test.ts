import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { topicName } from '@shared/realtime';
import { createApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { systemSettings } from '../db/schema';
import { createServerContext } from '../server-context';
import { TEST_ORIGIN } from '../test/test-app';
import { openTestSocket, startTestServer } from '../test/test-server';
import { castOf, createTasksTestApp, taskAt, type Cast, type TasksTestApp } from '../modules/tasks/tasks.test-helpers';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  console.warn('two-instances.test.ts skipped: set TEST_DATABASE_URL to a PostgreSQL server (CI does) to run it.');
}

/**
 * Two instances of the product on one PostgreSQL database, as behind a load balancer: a message
 * posted to instance A reaches a socket held by instance B through LISTEN/NOTIFY.
 */
describe.skipIf(!databaseUrl)('two instances on one PostgreSQL', () => {
  let a: TasksTestApp;
  let cast: Cast;
  let secondDatabase: DatabaseHandle;
  let b: Awaited<ReturnType<typeof createServerContext>>;
  let serverA: Awaited<ReturnType<typeof startTestServer>>;
  let serverB: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    a = await createTasksTestApp();
    if (a.database.kind !== 'postgres' || !a.database.connectionString) throw new Error('expected a PostgreSQL test database');
    cast = await castOf(a);
    secondDatabase = await openDatabase({ databaseUrl: a.database.connectionString, migrate: false });
    b = await createServerContext({ env: a.context.env, database: secondDatabase, clock: a.clock, publicUrl: TEST_ORIGIN });
    serverA = await startTestServer(a.app);
    serverB = await startTestServer(createApp(b));
  });
  afterAll(async () => {
    await serverA?.close();
    await serverB?.close();
    await b?.close();
    await secondDatabase?.close();
    await a?.close();
  });

  it('delivers a message sent through instance A to a socket on instance B', async () => {
    const { task } = await taskAt(a, cast, 'in_progress');
    const socket = await openTestSocket(serverB.url, { cookie: cast.expert.cookie, origin: TEST_ORIGIN });
    const topic = topicName.taskMessages(task.id);
    expect((await socket.subscribe(topic)).type).toBe('subscribed');
    const response = await fetch(`${serverA.url}/api/tasks/${task.id}/messages`, {
      method: 'POST',
      headers: { cookie: cast.client.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Sent through A' }),
    });
    expect(response.status).toBe(201);
    const { message } = (await response.json()) as { message: { id: string } };
    const frame = await socket.waitFor((f) => f.type === 'event' && f.topic === topic);
    expect(frame).toMatchObject({ type: 'event', event: { table: 'messages', id: message.id } });
    socket.close();
  });

  it('stops non-admin writes on instance A once maintenance mode is switched on through instance B', async () => {
    const writeThroughA = () =>
      fetch(`${serverA.url}/api/notifications/read-all`, {
        method: 'POST',
        headers: { cookie: cast.client.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
        body: '{}',
      });
    // A remembers the flag (maintenance.middleware.ts); only B's NOTIFY can tell it of the change.
    expect((await writeThroughA()).status).toBe(200);
    const switchThroughB = (on: boolean) => secondDatabase.db.update(systemSettings).set({ maintenance_mode: on }).where(eq(systemSettings.id, 1));
    await switchThroughB(true);
    try {
      await expect.poll(async () => (await writeThroughA()).status, { timeout: 2_000, interval: 20 }).toBe(503);
    } finally {
      await switchThroughB(false);
    }
    await expect.poll(async () => (await writeThroughA()).status, { timeout: 2_000, interval: 20 }).toBe(200);
  });
});
