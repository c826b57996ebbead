import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { AvatarUploadResponse } from '@shared/schemas/expert-onboarding.schemas';
import { eq } from 'drizzle-orm';
import { profiles, tasks } from '../db/schema';
import { databaseFromTemplate, seedPasswordUser, startScaleInstance, type ScaleInstance } from './scale-instances.test-helpers';
import { fileOf } from '../modules/experts/experts.test-helpers';
import { createTask } from '../test/builders';

/**
 * Scale-out (docs/scaling.md): two instances of the product, each with its own connection pool,
 * session cache and providers, on ONE PostgreSQL database and one shared file store (the local
 * disk adapter standing in for the S3 bucket). Needs a real PostgreSQL: runs when
 * TEST_DATABASE_URL is set, as in CI (.ci/run); PGlite cannot be shared by two processes.
 */
const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const ORIGIN = 'http://localhost:3998';
const PASSWORD = 'two-instance-password';

type Instance = ScaleInstance;

/** The bus between the instances: PostgreSQL LISTEN/NOTIFY, and Redis when TEST_REDIS_URL is set (CI; decision 0476). */
const redisUrl = process.env.TEST_REDIS_URL;
const buses = [
  { name: 'PostgreSQL LISTEN/NOTIFY', env: {} as Record<string, string> },
  ...(redisUrl ? [{ name: 'Redis', env: { REDIS_URL: redisUrl } }] : []),
];

describe.skipIf(!databaseUrl).each(buses)('two instances on one PostgreSQL, bus: $name', ({ env: busEnv }) => {
  const dataDir = `.tmp/scale-test-${randomUUID()}`;
  // Redis keys and channels of their own (auth's rate limit counters and session copies, decision
  // 0477): other files, and a rerun within the limit's minute, share the Redis server.
  const redisPrefix = `test-${randomUUID()}:`;
  let a: Instance;
  let b: Instance;
  let email: string;

  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await databaseFromTemplate(databaseUrl!, 'app_scale');
    drop = database.drop;
    // Production mode: Better Auth's rate limits are on.
    const options = { origin: ORIGIN, dataDir, authSecret: 'x'.repeat(40), redisPrefix, env: busEnv };
    a = await startScaleInstance(database.url, options);
    b = await startScaleInstance(database.url, options);
    ({ email } = await seedPasswordUser(a, { emailPrefix: 'scale', password: PASSWORD, firstName: 'Scale', lastName: 'Tester' }));
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await a?.database.close();
    await b?.database.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
    if (busEnv.REDIS_URL) {
      const redis = new Redis(busEnv.REDIS_URL);
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
  });

  const send = (target: Instance, method: string, path: string, init: { cookie?: string; body?: unknown; ip?: string } = {}) => {
    const headers: Record<string, string> = { origin: ORIGIN };
    if (init.cookie) headers.cookie = init.cookie;
    let body: BodyInit | undefined;
    if (init.body instanceof FormData) body = init.body;
    else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    // The caller's address is the socket's (no trusted proxies): the bindings stand in for Node's socket.
    const bindings = { incoming: { socket: { remoteAddress: init.ip ?? '198.51.100.1' } } };
    return target.app.request(`${ORIGIN}${path}`, { method, headers, body }, bindings);
  };

  it('a session made on one instance is valid on the other, and a sign-out there ends it on both', async () => {
    const signIn = await send(a, 'POST', '/api/auth/sign-in/email', { body: { email, password: PASSWORD }, ip: '198.51.100.2' });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    expect((await send(b, 'GET', '/api/me', { cookie })).status).toBe(200);
    expect((await send(b, 'POST', '/api/auth/sign-out', { cookie, body: {} })).status).toBe(200);
    expect((await send(b, 'GET', '/api/me', { cookie })).status).toBe(401);
    // Instance A notices within its session cache's bound (SESSION_CACHE_TTL_MS); it never cached
    // this cookie here, so at once.
    expect((await send(a, 'GET', '/api/me', { cookie })).status).toBe(401);
  });

  it('a file uploaded through one instance is served by the other (shared storage)', async () => {
    const signIn = await send(a, 'POST', '/api/auth/sign-in/email', { body: { email, password: PASSWORD }, ip: '198.51.100.3' });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const form = new FormData();
    form.set('avatar', fileOf('png', 'me.png'));
    const uploaded = await send(a, 'POST', '/api/me/avatar', { cookie, body: form });
    expect(uploaded.status).toBe(200);
    const { avatar_url } = (await uploaded.json()) as AvatarUploadResponse;
    const served = await send(b, 'GET', avatar_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('the sign-in rate limit counts attempts made on both instances together', async () => {
    const ip = '203.0.113.77';
    const attempt = (target: Instance) =>
      send(target, 'POST', '/api/auth/sign-in/email', { body: { email, password: 'wrong-password' }, ip });
    // The limit is 10 sign-in attempts per minute per address (src/server/auth/auth.ts).
    for (let i = 0; i < 5; i++) expect((await attempt(a)).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await attempt(b)).status).toBe(401);
    expect((await attempt(a)).status).toBe(429);
    expect((await attempt(b)).status).toBe(429);
  });

  it('a task-details read cached on one instance shows a change made through the other', async () => {
    const signIn = await send(a, 'POST', '/api/auth/sign-in/email', { body: { email, password: PASSWORD }, ip: '198.51.100.4' });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const [user] = await a.database.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
    const task = await createTask(a.database.db, { client_id: user.id, title: 'Before' });
    const read = async () => ((await (await send(a, 'GET', `/api/tasks/${task.id}`, { cookie })).json()) as { task: { title: string; client: { first_name: string } } }).task;
    expect((await read()).title).toBe('Before');
    expect((await read()).title).toBe('Before');
    // B's writes reach A as NOTIFYs (docs/decisions/0107): a few milliseconds, polled for up to 2 s.
    const eventually = async (check: (task: Awaited<ReturnType<typeof read>>) => boolean) => {
      const deadline = Date.now() + 2_000;
      while (!check(await read())) {
        if (Date.now() > deadline) throw new Error('instance A kept answering from a stale read');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await b.database.db.update(tasks).set({ title: 'After' }).where(eq(tasks.id, task.id));
    await eventually((t) => t.title === 'After');
    await b.database.db.update(profiles).set({ first_name: 'Renamed' }).where(eq(profiles.id, user.id));
    await eventually((t) => t.client.first_name === 'Renamed');
  });
});
