/**
 * A server started by the bench in its own process, so that the load generator does not share its
 * thread: `bare` is a Hono JSON route alone (the reference); `app` is the product's app on PGlite
 * (memory) or on PostgreSQL (BENCH_DB_URL), with one rich task and a signed-in client. Prints one
 * JSON line ({ port, path, cookie }) once it listens.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { createApp } from '../../src/server/app';
import { openDatabase, type Db } from '../../src/server/db/client';
import { authAccounts, authUsers, profiles } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { systemClock } from '../../src/server/lib/clock';
import { createServerContext } from '../../src/server/server-context';

const kind = process.argv[2];
const ORIGIN = 'http://localhost:3999';

function listen(fetch: (request: Request) => Response | Promise<Response>, info: Record<string, unknown>) {
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  process.on('message', (message) => {
    // The bench asks for the event loop's delay over its last load run (decision 0102).
    if (message === 'loop-delay') {
      process.send?.({ p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 });
      loopDelay.reset();
    }
  });
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (address) => {
    console.log(JSON.stringify({ port: address.port, ...info }));
  });
  process.on('SIGTERM', () => {
    server.close();
    process.exit(0);
  });
}

async function seedRichTask(db: Db, userId: string) {
  const expertId = randomUUID();
  await db.insert(authUsers).values({ id: expertId, email: `${expertId}@bench.test`, name: 'Bench Expert', emailVerified: true });
  await db.insert(profiles).values({ id: expertId, email: `${expertId}@bench.test`, first_name: 'Bench', last_name: 'Expert' });
  await db.execute(sql`insert into expert_profiles (id, profile_id, bio, location, latitude, longitude, verification_status,
      stripe_onboarding_completed, stripe_account_status)
    values (${expertId}, ${expertId}, 'Bench expert', 'Town 1', 30.06, -119.83, 'verified', true, 'active')`);
  const result = await db.execute(sql`insert into tasks (title, description, requirements, budget, location, latitude, longitude,
      status, payment_status, client_id, expert_id, assigned_at)
    values ('Rich task', 'Inspect and photograph remotely', 'Photos of every side', 12000, 'Town 1', 30.06, -119.83,
      'verified', 'captured', ${userId}, ${expertId}, now()) returning id`);
  const taskId = (result as unknown as { rows: { id: string }[] }).rows[0].id;
  await db.execute(sql`insert into task_applications (task_id, expert_id, status, proposed_rate, notes)
    values (${taskId}, ${expertId}, 'accepted', 12000, 'Cover letter')`);
  await db.execute(sql`insert into reviews (task_id, reviewee_id, reviewer_id, rating, comment)
    values (${taskId}, ${expertId}, ${userId}, 5, 'Great work, thank you')`);
  await db.execute(sql`insert into transactions (task_id, amount, platform_fee, status) values (${taskId}, 12000, 1200, 'captured')`);
  return taskId;
}

async function startApp() {
  const databaseUrl = process.env.BENCH_DB_URL || undefined;
  // As the server runs it: PGlite in a worker thread; BENCH_PGLITE_THREAD=main for the comparison (decision 0102).
  const pgliteThread = process.env.BENCH_PGLITE_THREAD === 'main' ? 'main' : 'worker';
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://', pgliteThread });
  // BENCH_METRICS_TOKEN turns the Prometheus metrics on (the ops bench compares on and off; LOG_LEVEL does the logs).
  const metricsToken = process.env.BENCH_METRICS_TOKEN ? { METRICS_TOKEN: process.env.BENCH_METRICS_TOKEN } : {};
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-api-')), ...metricsToken });
  const context = await createServerContext({ env, database, clock: systemClock, publicUrl: ORIGIN });
  const app = createApp(context);
  const userId = randomUUID();
  const email = `bench-${userId.slice(0, 8)}@bench.test`;
  await database.db.insert(authUsers).values({ id: userId, email, name: 'Bench Client', emailVerified: true });
  await database.db.insert(authAccounts).values({
    id: randomUUID(),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: await hashPassword('bench-password'),
  });
  await database.db.insert(profiles).values({ id: userId, email, first_name: 'Bench', last_name: 'Client', onboarding_completed: true });
  const taskId = await seedRichTask(database.db, userId);
  const response = await app.request(`${ORIGIN}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  listen(app.fetch, { path: process.env.BENCH_PATH ?? `/api/tasks/${taskId}`, cookie });
}

/**
 * BENCH_REPLAY_FILE: the app's task-details answer (its JSON body and its headers, as the bench
 * fetched it), which the bare server's `/same` route sends the way the app does (the headers set
 * on the context, the body through `c.json`). It tells what the answer's bytes and headers cost
 * apart from the app's own work (docs/performance.md).
 */
function replayRoute(): { body: unknown; headers: Array<[string, string]> } | undefined {
  const file = process.env.BENCH_REPLAY_FILE;
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as { body: unknown; headers: Array<[string, string]> }) : undefined;
}

if (kind === 'bare') {
  const replay = replayRoute();
  const app = new Hono()
    .get('/json', (c) => c.json({ ok: true, id: 'a3c1e2f4', items: [1, 2, 3] }))
    .get('/same', (c) => {
      if (!replay) return c.notFound();
      for (const [name, value] of replay.headers) c.header(name, value);
      return c.json(replay.body);
    })
    // The LCP reference: a page with a heading and a paragraph, nothing else.
    .get('/page', (c) =>
      c.html('<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
        '<title>Reference</title></head><body><main><h1>Local experts, wherever you need them</h1>' +
        '<p>Post a task, hire a verified local expert, get photos and answers.</p></main></body></html>'),
    );
  listen(app.fetch, { path: replay ? '/same' : '/json', cookie: '' });
} else if (kind === 'app') {
  await startApp();
} else {
  throw new Error(`unknown server kind ${kind}`);
}
