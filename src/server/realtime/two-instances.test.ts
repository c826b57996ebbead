import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { topicName } from '@shared/realtime';
import { createApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { systemSettings } from '../db/schema';
import { createServerContext } from '../server-context';
import { TEST_ORIGIN } from '../test/test-app';
import { openTestSocket, startTestServer } from '../test/test-server';
import { enqueueJob } from '../jobs/jobs.repository';
import { createJobRunner } from '../jobs/runner';
import { channelOfKey, type RedisChangeBus } from './redis-change-bus';
import { castOf, createTasksTestApp, taskAt, type Cast, type TasksTestApp } from '../modules/tasks/tasks.test-helpers';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  console.warn('two-instances.test.ts skipped: set TEST_DATABASE_URL to a PostgreSQL server (CI does) to run it.');
}

const redisUrl = process.env.TEST_REDIS_URL;
if (databaseUrl && !redisUrl) {
  console.warn('two-instances.test.ts: the Redis bus is not tested: set TEST_REDIS_URL to a Redis or Valkey server (CI does).');
}
/** The buses between instances: PostgreSQL LISTEN/NOTIFY (the default), and Redis when a server is given (decision 0476). */
const buses = [
  { name: 'PostgreSQL LISTEN/NOTIFY', env: {} as Record<string, string> },
  ...(redisUrl ? [{ name: 'Redis', env: { REDIS_URL: redisUrl } }] : []),
];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two instances of the product on one PostgreSQL database, as behind a load balancer: a message
 * posted to instance A reaches a socket held by instance B through LISTEN/NOTIFY.
 */
describe.skipIf(!databaseUrl).each(buses)('two instances on one PostgreSQL, bus: $name', ({ env }) => {
  let a: TasksTestApp;
  let cast: Cast;
  let secondDatabase: DatabaseHandle;
  let b: Awaited<ReturnType<typeof createServerContext>>;
  let serverA: Awaited<ReturnType<typeof startTestServer>>;
  let serverB: Awaited<ReturnType<typeof startTestServer>>;

  // Redis channels and keys of their own, shared by the two instances: other files share the server.
  const redisPrefix = `test-${randomUUID()}:`;

  beforeAll(async () => {
    a = await createTasksTestApp({ env, redisPrefix });
    if (a.database.kind !== 'postgres' || !a.database.connectionString) throw new Error('expected a PostgreSQL test database');
    cast = await castOf(a);
    secondDatabase = await openDatabase({ databaseUrl: a.database.connectionString, migrate: false });
    b = await createServerContext({ env: a.context.env, database: secondDatabase, clock: a.clock, publicUrl: TEST_ORIGIN, redisPrefix });
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

  const postThroughA = async (taskId: string, content: string) => {
    const response = await fetch(`${serverA.url}/api/tasks/${taskId}/messages`, {
      method: 'POST',
      headers: { cookie: cast.client.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ content }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { message: { id: string } }).message;
  };
  const eventsOf = (socket: Awaited<ReturnType<typeof openTestSocket>>) => socket.frames.filter((frame) => frame.type === 'event');

  it('sends an event raised on instance A to a subscriber on B, once per topic, and not to a socket that holds another topic', async () => {
    const { task: first } = await taskAt(a, cast, 'in_progress');
    const { task: second } = await taskAt(a, cast, 'in_progress');
    const subscriber = await openTestSocket(serverB.url, { cookie: cast.expert.cookie, origin: TEST_ORIGIN });
    const other = await openTestSocket(serverB.url, { cookie: cast.expert.cookie, origin: TEST_ORIGIN });
    try {
      // Two topics one event concerns (its task's chat and the receiver's inbox): one frame each, no duplicate.
      expect((await subscriber.subscribe(topicName.taskMessages(first.id))).type).toBe('subscribed');
      expect((await subscriber.subscribe(topicName.messages())).type).toBe('subscribed');
      expect((await other.subscribe(topicName.taskMessages(second.id))).type).toBe('subscribed');
      const message = await postThroughA(first.id, 'For the first task');
      await subscriber.waitFor((f) => f.type === 'event' && f.topic === topicName.taskMessages(first.id));
      await subscriber.waitFor((f) => f.type === 'event' && f.topic === topicName.messages());
      // A later event the other socket does hear: had the first reached it, it would be there before.
      const later = await postThroughA(second.id, 'For the second task');
      await other.waitFor((f) => f.type === 'event' && f.topic === topicName.taskMessages(second.id));
      await sleep(100);
      expect(eventsOf(other)).toEqual([
        expect.objectContaining({ topic: topicName.taskMessages(second.id), event: expect.objectContaining({ id: later.id }) }),
      ]);
      const firstEvents = eventsOf(subscriber).filter((f) => f.type === 'event' && f.event.id === message.id);
      expect(firstEvents.map((f) => 'topic' in f && f.topic).sort()).toEqual([topicName.messages(), topicName.taskMessages(first.id)].sort());
    } finally {
      subscriber.close();
      other.close();
    }
  });

  it('wakes the job runner of instance B at once when instance A enqueues a job', async () => {
    let ranAt = 0;
    const bus = b.realtime.bus;
    const runner = createJobRunner({
      db: secondDatabase.db,
      clock: a.clock,
      log: { error: () => undefined },
      pollIntervalMs: 60_000,
      onJobEnqueued: (wake) =>
        bus.subscribe({
          onChange: () => undefined,
          onNotify: (table) => {
            if (table === 'jobs') wake();
          },
        }),
      handlers: { 'two-instances-wake': async () => void (ranAt = Date.now()) },
    });
    runner.start();
    try {
      await sleep(300);
      const enqueuedAt = Date.now();
      await enqueueJob(a.database.db, { kind: 'two-instances-wake', key: `wake:${randomUUID()}`, runAt: a.clock.now() });
      await expect.poll(() => ranAt, { timeout: 5_000, interval: 50 }).toBeGreaterThan(0);
      expect(ranAt - enqueuedAt).toBeLessThan(5_000);
    } finally {
      await runner.stop();
    }
  });

  it.skipIf(!env.REDIS_URL)('Redis: an instance with no socket on a topic receives nothing for it, and unsubscribes when its last socket goes', async () => {
    const busA = a.context.realtime.bus as RedisChangeBus;
    const busB = b.realtime.bus as RedisChangeBus;
    expect([busA.kind, busB.kind]).toEqual(['redis', 'redis']);
    const redis = new Redis(env.REDIS_URL!, { lazyConnect: true });
    await redis.connect();
    const { task } = await taskAt(a, cast, 'in_progress');
    const channel = redisPrefix + channelOfKey(`task_messages:${task.id}`);
    const subscribers = async () => Number(((await redis.pubsub('NUMSUB', channel)) as [string, number])[1]);
    const socket = await openTestSocket(serverB.url, { cookie: cast.expert.cookie, origin: TEST_ORIGIN });
    try {
      expect(await subscribers()).toBe(0);
      expect((await socket.subscribe(topicName.taskMessages(task.id))).type).toBe('subscribed');
      // Only B, whose socket holds the topic, listens on its channel.
      expect(await subscribers()).toBe(1);
      const before = { a: busA.received.topics, b: busB.received.topics };
      await postThroughA(task.id, 'Only B hears this');
      await socket.waitFor((f) => f.type === 'event' && f.topic === topicName.taskMessages(task.id));
      await sleep(200);
      // A wrote the message and holds no socket: no topic message reached its Redis connection.
      expect(busA.received.topics).toBe(before.a);
      expect(busB.received.topics).toBeGreaterThan(before.b);
      socket.close();
      await expect.poll(subscribers, { timeout: 2_000, interval: 20 }).toBe(0);
    } finally {
      socket.close();
      redis.disconnect();
    }
  });
});
