import type { BetterAuthOptions } from 'better-auth';
import type { Redis } from 'ioredis';

/** Better Auth's key-value store for what several instances must share (its sessions' copies, its rate limit counters). */
export type AuthSecondaryStorage = NonNullable<BetterAuthOptions['secondaryStorage']>;

/**
 * Better Auth keeps verification values (email confirmation, password reset, two-factor) under
 * this prefix. They stay in the database only: the product deletes them there with SQL (account
 * deletion, the retention job), which a copy in Redis would outlive. With
 * `verification.storeInDatabase`, a miss here makes Better Auth read the table.
 */
const DATABASE_ONLY_PREFIX = 'verification:';

/**
 * Creates the counter with the window's TTL on its first increment only, in one step: a counter
 * that later increments never extend expires one window after it was created (Better Auth's
 * contract for `increment`), and two instances incrementing at once never lose a count.
 */
const INCREMENT_WITH_TTL = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count`;

/**
 * Better Auth's secondary storage on Redis/Valkey (REDIS_URL; docs/decisions/0477). One client,
 * made once by the server context, is shared by every call. `keyPrefix` separates deployments or
 * tests sharing one server.
 */
export function createRedisSecondaryStorage(redis: Redis, options: { keyPrefix?: string } = {}): AuthSecondaryStorage {
  const prefix = options.keyPrefix ?? 'auth:';
  const keyOf = (key: string) => prefix + key;
  const kept = (key: string) => !key.startsWith(DATABASE_ONLY_PREFIX);
  return {
    get: (key) => (kept(key) ? redis.get(keyOf(key)) : null),
    getAndDelete: (key) => (kept(key) ? redis.getdel(keyOf(key)) : null),
    async set(key, value, ttl) {
      if (!kept(key)) return;
      // A TTL of 0 or less would make Redis refuse the command; Better Auth means "no expiry".
      if (ttl && ttl > 0) await redis.set(keyOf(key), value, 'EX', Math.ceil(ttl));
      else await redis.set(keyOf(key), value);
    },
    async delete(key) {
      if (kept(key)) await redis.del(keyOf(key));
    },
    async increment(key, ttl) {
      const seconds = Math.max(1, Math.ceil(ttl));
      return Number(await redis.eval(INCREMENT_WITH_TTL, 1, keyOf(key), seconds));
    },
  };
}
