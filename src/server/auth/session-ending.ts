import type { Redis } from 'ioredis';
import { errorField, log } from '../ops/logger';
import type { SessionCache } from './session-cache';

/**
 * What an instance does when sessions end (docs/decisions/0477): forget its own cached reads of
 * them, delete Better Auth's copies in the secondary storage (Redis) when there is one, and tell
 * every other instance at once on a Redis channel, so that a revoked session is refused everywhere
 * within the publish's latency. The database trigger's NOTIFY on auth_sessions (decision 0100)
 * still reaches every instance too, and the session cache's TTL bounds anything both paths miss.
 */
export interface SessionEnding {
  /**
   * Sessions of `userId` were deleted with SQL by the product (account control, suspension,
   * account deletion): `tokens`, or every one of the user's when absent. Better Auth's copies must
   * go too, or it would keep answering from them.
   */
  ended(userId: string, tokens?: readonly string[]): Promise<void>;
  /** An auth call by `userId` (sign-out, revocation, password change) may have ended sessions: tell the others. */
  announce(userId: string): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Better Auth's own deletion of its session copies (its internal adapter; it keys and lists them). */
export interface SessionCopies {
  deleteSessions(tokens: string[]): Promise<void>;
  deleteUserSessions(userId: string): Promise<void>;
}

/** The channel every instance hears; `prefix` separates deployments or tests sharing one server. */
export const sessionsEndedChannel = (prefix = '') => `${prefix}auth:sessions-ended`;

/** Without Redis: one instance's cache; the others hear the auth_sessions NOTIFY (decision 0100). */
export function localSessionEnding(sessionCache: SessionCache): SessionEnding {
  return {
    ended(userId) {
      sessionCache.invalidateUser(userId);
      return Promise.resolve();
    },
    announce: () => Promise.resolve(),
    start: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

export function createRedisSessionEnding(options: {
  sessionCache: SessionCache;
  copies: () => Promise<SessionCopies>;
  /** The instance's command client (made once by the server context); the subscriber is its duplicate. */
  redis: Redis;
  prefix?: string;
}): SessionEnding {
  const { sessionCache, redis } = options;
  const channel = sessionsEndedChannel(options.prefix);
  let subscriber: Redis | undefined;
  let wasReady = false;

  const publish = (userId: string) =>
    redis.publish(channel, JSON.stringify({ userId })).then(
      () => undefined,
      (error: unknown) => log.error({ err: errorField(error) }, 'sessions-ended publish failed'),
    );

  function onMessage(from: string, message: string) {
    if (from !== channel) return;
    try {
      const { userId } = JSON.parse(message) as { userId?: unknown };
      if (typeof userId === 'string') sessionCache.invalidateUser(userId);
    } catch {
      // not ours
    }
  }

  return {
    async ended(userId, tokens) {
      sessionCache.invalidateUser(userId);
      const copies = await options.copies();
      if (tokens) {
        if (tokens.length > 0) await copies.deleteSessions([...tokens]);
      } else await copies.deleteUserSessions(userId);
      await publish(userId);
    },
    announce: publish,
    async start() {
      if (subscriber) return;
      subscriber = redis.duplicate({ lazyConnect: true, connectionName: `${options.prefix ?? ''}auth-sub` });
      subscriber.on('error', (error) => log.error({ err: errorField(error) }, 'sessions-ended Redis connection error'));
      subscriber.on('message', onMessage);
      // ioredis subscribes again after a reconnect; announcements made meanwhile are lost, so
      // every cached session is read again once.
      subscriber.on('ready', () => {
        if (wasReady) sessionCache.clear();
      });
      await subscriber.connect();
      await subscriber.subscribe(channel);
      wasReady = true;
    },
    async close() {
      subscriber?.disconnect();
      subscriber = undefined;
      wasReady = false;
    },
  };
}
