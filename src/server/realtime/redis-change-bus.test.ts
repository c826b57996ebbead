import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../test/test-db';
import type { ChangeEvent } from './change-bus';
import { channelsOfEvent, createRedisChangeBus, type RedisChangeBus } from './redis-change-bus';

describe('the Redis bus channels of a row event (decision 0476)', () => {
  it("are the hub's index buckets, and a new application also reaches the task list's channel", () => {
    const task = randomUUID();
    const expert = randomUUID();
    const client = randomUUID();
    expect(channelsOfEvent({ table: 'tasks', op: 'update', id: task })).toEqual([
      `rt:task:${task}`,
      `rt:task_applications:${task}`,
      `rt:task_messages:${task}`,
      'rt:table:tasks',
    ]);
    expect(channelsOfEvent({ table: 'task_applications', op: 'insert', id: randomUUID(), task_id: task, expert_id: expert })).toEqual([
      `rt:task:${task}`,
      `rt:task_applications:${task}`,
      `rt:task_messages:${task}`,
      'rt:table:tasks',
    ]);
    expect(channelsOfEvent({ table: 'task_applications', op: 'update', id: randomUUID(), task_id: task })).toHaveLength(3);
    expect(channelsOfEvent({ table: 'messages', op: 'insert', id: randomUUID(), task_id: task, sender_id: client, receiver_id: expert })).toEqual([
      `rt:task_messages:${task}`,
      `rt:messages:${client}`,
      `rt:messages:${expert}`,
    ]);
    expect(channelsOfEvent({ table: 'notifications', op: 'insert', id: randomUUID(), user_id: client })).toEqual([`rt:notifications:${client}`]);
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Two buses on one PostgreSQL database and one Redis server, as two instances' would be. */
describe.skipIf(!databaseUrl || !redisUrl)('the Redis bus relay (decision 0476)', () => {
  let handle: DatabaseHandle;
  const buses: RedisChangeBus[] = [];
  // Channels of their own: other test files share the Redis server.
  const channelPrefix = `test-${randomUUID()}:`;
  const busOf = () => {
    const bus = createRedisChangeBus({ redisUrl: redisUrl!, databaseUrl: handle.connectionString!, relayRetryMs: 100, channelPrefix });
    buses.push(bus);
    return bus;
  };
  const notify = (payload: object) => handle.db.execute(sql`SELECT pg_notify('app_changes', ${JSON.stringify(payload)})`);

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await handle?.close();
  });

  it('has one relay; when it goes, another instance takes over, resyncs everyone, and relays from then on', async () => {
    const first = busOf();
    await first.start();
    const second = busOf();
    const heard: Array<string | null> = [];
    const events: Array<{ event: ChangeEvent; keys?: readonly string[] }> = [];
    let resyncs = 0;
    second.subscribe({
      onChange: (event, keys) => void events.push({ event, keys }),
      onNotify: (table) => void heard.push(table),
      onResync: () => void (resyncs += 1),
    });
    await second.start();
    expect([first.relaying, second.relaying]).toEqual([true, false]);

    // Table names reach every instance; a row event only an instance holding one of its buckets.
    const task = randomUUID();
    await notify({ table: 'tasks', op: 'update', id: task, status: 'open' });
    await expect.poll(() => heard, { timeout: 2_000, interval: 20 }).toContain('tasks');
    expect(second.received.topics).toBe(0);
    await second.topicHeld!(`task:${task}`);
    await notify({ table: 'tasks', op: 'update', id: task, status: 'assigned' });
    await expect.poll(() => events.length, { timeout: 2_000, interval: 20 }).toBe(1);
    expect(events[0]).toMatchObject({ event: { id: task, status: 'assigned' }, keys: [`task:${task}`] });
    expect(second.received.topics).toBe(1);

    await first.close();
    await expect.poll(() => second.relaying, { timeout: 3_000, interval: 20 }).toBe(true);
    await expect.poll(() => resyncs, { timeout: 2_000, interval: 20 }).toBeGreaterThan(0);
    heard.length = 0;
    await notify({ table: 'jobs', op: 'insert' });
    await expect.poll(() => heard, { timeout: 2_000, interval: 20 }).toContain('jobs');
    await notify({ table: 'tasks', op: 'update', id: task, status: 'in_progress' });
    await expect.poll(() => events.length, { timeout: 2_000, interval: 20 }).toBe(2);

    // Released: nothing more arrives for the bucket.
    second.topicReleased!(`task:${task}`);
    await notify({ table: 'tasks', op: 'update', id: task, status: 'completed' });
    heard.length = 0;
    // Published after the task's event on the same connection: once it is heard, that event would have been.
    await notify({ table: 'jobs', op: 'insert' });
    await expect.poll(() => heard, { timeout: 2_000, interval: 20 }).toContain('jobs');
    expect(events).toHaveLength(2);
  });

  it("tells every instance the row key of a change for the read caches (a task updated), else its table", async () => {
    const relay = busOf();
    await relay.start();
    const other = busOf();
    const heard: Array<[string | null, string | undefined]> = [];
    other.subscribe({ onChange: () => undefined, onNotify: (table, key) => void heard.push([table, key]) });
    await other.start();
    const task = randomUUID();
    await notify({ table: 'tasks', op: 'update', id: task, status: 'open' });
    await notify({ table: 'task_applications', op: 'insert', id: randomUUID(), task_id: task });
    await notify({ table: 'tasks', op: 'insert', id: randomUUID(), status: 'open' });
    await notify({ table: 'profiles' });
    await expect.poll(() => heard.length, { timeout: 2_000, interval: 20 }).toBeGreaterThanOrEqual(4);
    expect(heard).toEqual(expect.arrayContaining([['tasks', task], ['task_applications', task], ['tasks', undefined], ['profiles', undefined]]));
    await relay.close();
    await other.close();
  });

  it('after its Redis connection drops: not live, then live again with a resync, and still subscribed to its buckets', async () => {
    const bus = busOf();
    const live: boolean[] = [];
    const events: ChangeEvent[] = [];
    let resyncs = 0;
    bus.subscribe({ onChange: (event) => void events.push(event), onLive: (up) => void live.push(up), onResync: () => void (resyncs += 1) });
    await bus.start();
    await expect.poll(() => buses.some((b) => b.relaying), { timeout: 3_000, interval: 20 }).toBe(true);
    const user = randomUUID();
    await bus.topicHeld!(`notifications:${user}`);
    const resyncsBefore = resyncs;
    live.length = 0;
    const redis = new Redis(redisUrl!, { lazyConnect: true });
    await redis.connect();
    try {
      // Kill only this bus's subscriber connection (other test files share the server).
      const list = String(await redis.client('LIST'));
      const ids = list
        .split('\n')
        .filter((line) => line.includes(` name=${channelPrefix}rt-sub `))
        .map((line) => /\bid=(\d+)/.exec(line)?.[1])
        .filter(Boolean);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) await redis.client('KILL', 'ID', id!);
    } finally {
      redis.disconnect();
    }
    await expect.poll(() => live, { timeout: 5_000, interval: 20 }).toEqual([false, true]);
    expect(resyncs).toBeGreaterThan(resyncsBefore);
    await notify({ table: 'notifications', op: 'insert', id: randomUUID(), user_id: user });
    await expect.poll(() => events.length, { timeout: 2_000, interval: 20 }).toBe(1);
  });
});
