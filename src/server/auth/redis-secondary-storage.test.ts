import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createRedisSecondaryStorage, type AuthSecondaryStorage } from './redis-secondary-storage';

const redisUrl = process.env.TEST_REDIS_URL;

/** Better Auth's secondary storage on a real Redis (decision 0477), through its interface only. */
describe.skipIf(!redisUrl)('the Redis secondary storage of auth', () => {
  let redis: Redis;
  let storage: AuthSecondaryStorage;
  // Keys of their own: other test files share the Redis server.
  const keyPrefix = `test-${randomUUID()}:auth:`;

  beforeAll(async () => {
    redis = new Redis(redisUrl!, { lazyConnect: true });
    await redis.connect();
    storage = createRedisSecondaryStorage(redis, { keyPrefix });
  });
  afterAll(async () => {
    const keys = await redis?.keys(`${keyPrefix}*`);
    if (keys?.length) await redis.del(...keys);
    redis?.disconnect();
  });

  it('keeps a value under its prefix for its TTL, and forgets it when deleted', async () => {
    await storage.set('session-token', '{"a":1}', 60);
    expect(await storage.get('session-token')).toBe('{"a":1}');
    const ttl = await redis.ttl(`${keyPrefix}session-token`);
    expect(ttl).toBeGreaterThan(55);
    expect(ttl).toBeLessThanOrEqual(60);
    await storage.delete('session-token');
    expect(await storage.get('session-token')).toBeNull();
  });

  it('keeps a value without a TTL when none (or none positive) is given', async () => {
    await storage.set('forever', 'x');
    await storage.set('also-forever', 'y', 0);
    expect(await redis.ttl(`${keyPrefix}forever`)).toBe(-1);
    expect(await redis.ttl(`${keyPrefix}also-forever`)).toBe(-1);
  });

  it('lets a value expire after its TTL', async () => {
    await storage.set('short', 'x', 1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await storage.get('short')).toBeNull();
  });

  it('hands a value out once with getAndDelete', async () => {
    await storage.set('once', 'v', 60);
    expect(await storage.getAndDelete('once')).toBe('v');
    expect(await storage.getAndDelete('once')).toBeNull();
  });

  it('counts up atomically, with the TTL set on the first increment only', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => storage.increment('limit', 60)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await redis.expire(`${keyPrefix}limit`, 30);
    expect(await storage.increment('limit', 60)).toBe(21);
    // A later increment does not extend the window.
    expect(await redis.ttl(`${keyPrefix}limit`)).toBeLessThanOrEqual(30);
  });

  it('leaves verification values to the database (the product deletes them there with SQL)', async () => {
    await storage.set('verification:reset-password:abc', '{"value":"user"}', 60);
    expect(await storage.get('verification:reset-password:abc')).toBeNull();
    expect(await redis.exists(`${keyPrefix}verification:reset-password:abc`)).toBe(0);
  });
});
