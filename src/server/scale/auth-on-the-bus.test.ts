import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { SESSION_CACHE_TTL_MS } from '../auth/session-cache';
import { authRateLimits, authSessions } from '../db/schema';
import { databaseFromTemplate, seedPasswordUser, startScaleInstance, type ScaleInstance } from './scale-instances.test-helpers';

/**
 * Auth on the bus (docs/decisions/0477): two instances on one PostgreSQL database and one Redis
 * server. Better Auth keeps its session copies and rate limit counters in Redis; a session ended
 * on one instance is refused by the other within the publish's latency, far inside the session
 * cache's TTL. Needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both).
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const ORIGIN = 'http://localhost:3997';
const PASSWORD = 'auth-bus-password';
/** Well inside SESSION_CACHE_TTL_MS: the refusal must come from the announcement, not the TTL. */
const ANNOUNCEMENT_BOUND_MS = 1_000;

type Instance = ScaleInstance;

describe.skipIf(!databaseUrl || !redisUrl)('auth on the Redis bus, two instances', () => {
  const dataDir = `.tmp/auth-bus-test-${randomUUID()}`;
  // Keys and channels of their own: other test files share the Redis server.
  const redisPrefix = `test-${randomUUID()}:`;
  let a: Instance;
  let b: Instance;
  let redis: Redis;
  let email: string;

  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await databaseFromTemplate(databaseUrl!, 'app_auth_bus');
    drop = database.drop;
    const options = { origin: ORIGIN, dataDir, authSecret: 'y'.repeat(40), redisPrefix, env: { REDIS_URL: redisUrl! } };
    a = await startScaleInstance(database.url, options);
    b = await startScaleInstance(database.url, options);
    redis = new Redis(redisUrl!, { lazyConnect: true });
    await redis.connect();
    ({ email } = await seedPasswordUser(a, { emailPrefix: 'auth-bus', password: PASSWORD, firstName: 'Bus', lastName: 'Tester' }));
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await a?.database.close();
    await b?.database.close();
    const keys = await redis?.keys(`${redisPrefix}*`);
    if (keys?.length) await redis.del(...keys);
    redis?.disconnect();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const send = (target: Instance, method: string, path: string, init: { cookie?: string; body?: unknown; ip?: string } = {}) => {
    const headers: Record<string, string> = { origin: ORIGIN };
    if (init.cookie) headers.cookie = init.cookie;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    // The caller's address is the socket's (no trusted proxies): the bindings stand in for Node's socket.
    const bindings = { incoming: { socket: { remoteAddress: init.ip ?? '198.51.100.1' } } };
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    return target.app.request(`${ORIGIN}${path}`, { method, headers, body }, bindings);
  };
  const signIn = async (ip: string) => {
    const response = await send(a, 'POST', '/api/auth/sign-in/email', { body: { email, password: PASSWORD }, ip });
    expect(response.status).toBe(200);
    return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  };
  /** Polls `target` until it refuses `cookie`; fails past `boundMs`. */
  const refusedWithin = async (target: Instance, cookie: string, boundMs: number) => {
    const started = Date.now();
    while ((await send(target, 'GET', '/api/me', { cookie })).status !== 401) {
      if (Date.now() - started > boundMs) throw new Error(`still accepted after ${boundMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const tokenOfCookie = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;

  it('keeps a copy of the session in Redis as well as its row in the database', async () => {
    const cookie = await signIn('198.51.100.10');
    const token = tokenOfCookie(cookie);
    expect(await redis.exists(`${redisPrefix}auth:${token}`)).toBe(1);
    expect(await a.database.db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.token, token))).toHaveLength(1);
  });

  it('a sign-out on A is refused by B, which had the session cached, within the announcement bound', async () => {
    expect(SESSION_CACHE_TTL_MS).toBeGreaterThan(ANNOUNCEMENT_BOUND_MS);
    const cookie = await signIn('198.51.100.11');
    expect((await send(a, 'GET', '/api/me', { cookie })).status).toBe(200);
    expect((await send(b, 'GET', '/api/me', { cookie })).status).toBe(200);
    expect((await send(a, 'POST', '/api/auth/sign-out', { cookie, body: {} })).status).toBe(200);
    expect((await send(a, 'GET', '/api/me', { cookie })).status).toBe(401);
    await refusedWithin(b, cookie, ANNOUNCEMENT_BOUND_MS);
    expect(await redis.exists(`${redisPrefix}auth:${tokenOfCookie(cookie)}`)).toBe(0);
  });

  it("a session ended through account control (SQL) on A is refused by B, and its Redis copy is gone", async () => {
    const keeper = await signIn('198.51.100.12');
    const ended = await signIn('198.51.100.13');
    expect((await send(b, 'GET', '/api/me', { cookie: ended })).status).toBe(200);
    const listed = (await (await send(a, 'GET', '/api/account/sessions', { cookie: keeper })).json()) as { sessions: Array<{ id: string; current: boolean }> };
    const [row] = await a.database.db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.token, tokenOfCookie(ended)));
    expect(listed.sessions.some((session) => session.id === row!.id)).toBe(true);
    expect((await send(a, 'DELETE', `/api/account/sessions/${row!.id}`, { cookie: keeper })).status).toBe(200);
    // Without deleting the copy, Better Auth would keep answering from Redis after the row is gone.
    expect(await redis.exists(`${redisPrefix}auth:${tokenOfCookie(ended)}`)).toBe(0);
    await refusedWithin(b, ended, ANNOUNCEMENT_BOUND_MS);
    expect((await send(b, 'GET', '/api/me', { cookie: keeper })).status).toBe(200);
  });

  it('"sign out everywhere else" on A ends the other sessions on B too', async () => {
    const keeper = await signIn('198.51.100.14');
    const others = [await signIn('198.51.100.15'), await signIn('198.51.100.16')];
    for (const cookie of others) expect((await send(b, 'GET', '/api/me', { cookie })).status).toBe(200);
    const response = await send(a, 'POST', '/api/account/sessions/sign-out-others', { cookie: keeper, body: {} });
    expect(response.status).toBe(200);
    for (const cookie of others) await refusedWithin(b, cookie, ANNOUNCEMENT_BOUND_MS);
    expect((await send(b, 'GET', '/api/me', { cookie: keeper })).status).toBe(200);
  });

  it('the sign-in rate limit is counted in Redis across both instances', async () => {
    const ip = '203.0.113.88';
    const attempt = (target: Instance) => send(target, 'POST', '/api/auth/sign-in/email', { body: { email, password: 'wrong-password' }, ip });
    // The production limit is 10 sign-in attempts per minute per address (src/server/auth/auth.ts).
    for (let i = 0; i < 5; i++) expect((await attempt(a)).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await attempt(b)).status).toBe(401);
    expect((await attempt(a)).status).toBe(429);
    expect((await attempt(b)).status).toBe(429);
    // The counter lives in Redis, not in the database's table.
    const counters = await redis.keys(`${redisPrefix}auth:*${ip}*`);
    expect(counters.length).toBeGreaterThan(0);
    expect(await a.database.db.select().from(authRateLimits).where(like(authRateLimits.key, `%${ip}%`))).toHaveLength(0);
  });

  // Last: the account is gone afterwards.
  it('an account deleted on A ends all its sessions on B, and their Redis copies', async () => {
    const sessions = [await signIn('198.51.100.17'), await signIn('198.51.100.18')];
    for (const cookie of sessions) expect((await send(b, 'GET', '/api/me', { cookie })).status).toBe(200);
    const deleted = await send(a, 'POST', '/api/account/delete', { cookie: sessions[0], body: { password: PASSWORD } });
    expect(deleted.status).toBe(200);
    for (const cookie of sessions) {
      await refusedWithin(b, cookie, ANNOUNCEMENT_BOUND_MS);
      expect(await redis.exists(`${redisPrefix}auth:${tokenOfCookie(cookie)}`)).toBe(0);
    }
  });
});
