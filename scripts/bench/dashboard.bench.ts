/**
 * The reads a signed-in expert's and client's dashboards make on load (GET /api/me, /api/experts/me,
 * /api/notifications, the task lists), through the app in this process, on a database seeded with
 * BENCH_EXPERTS experts and BENCH_TASKS tasks (default 100,000 each, tasks.bench.ts's seed): the
 * statements each read sends, and its median time against "select 1" on the same database in the
 * same repeat. PGlite, then PostgreSQL (BENCH_DATABASE_URL, or a throwaway server) unless
 * BENCH_DASHBOARD_PGLITE_ONLY is set. Docs: decision 0101.
 * Run alone: node --import tsx scripts/bench/dashboard.bench.ts
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { createApp } from '../../src/server/app';
import { openDatabase, type DatabaseHandle, type Db } from '../../src/server/db/client';
import { loadEnv } from '../../src/server/env';
import { systemClock } from '../../src/server/lib/clock';
import { createServerContext } from '../../src/server/server-context';
import { countStatements } from '../../src/server/test/statement-counter';
import { startBenchPostgres } from './postgres';
import { ms, percentile, ratioRow, repeat, REPEATS, type BenchRow } from './stats';
import { seed } from './tasks.bench';

const EXPERTS = Number(process.env.BENCH_EXPERTS ?? 100_000);
const TASKS = Number(process.env.BENCH_TASKS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_DASHBOARD_REQUESTS ?? 200);
const ORIGIN = 'http://localhost:3999';
// Town 1 of the seed: open tasks around it.
const CENTRE = { latitude: 30.06, longitude: -119.83 };

/** A signed-in user with a password account and a profile; an expert also gets the role and a profile at CENTRE. */
async function addUser(db: Db, kind: 'client' | 'expert') {
  const id = randomUUID();
  const email = `${kind}-${id.slice(0, 8)}@bench.test`;
  await db.execute(sql`insert into auth_users (id, name, email, email_verified) values (${id}, 'Bench User', ${email}, true)`);
  await db.execute(sql`insert into auth_accounts (id, account_id, provider_id, user_id, password)
    values (${randomUUID()}, ${id}, 'credential', ${id}, ${await hashPassword('bench-password')})`);
  await db.execute(sql`insert into profiles (id, email, first_name, last_name, onboarding_completed, role_selected_at)
    values (${id}, ${email}, 'Bench', 'User', true, now())`);
  if (kind === 'expert') {
    await db.execute(sql`insert into user_roles (user_id, role) values (${id}, 'expert')`);
    await db.execute(sql`insert into expert_profiles (id, profile_id, bio, expertise, location, latitude, longitude,
        verification_status, stripe_account_id, stripe_onboarding_completed, stripe_account_status, lpca_terms_accepted)
      values (${id}, ${id}, 'Bench expert', '{Inspection}', 'Town 1', ${CENTRE.latitude}, ${CENTRE.longitude},
        'verified', ${`acct_bench_${id.slice(0, 8)}`}, true, 'active', true)`);
  }
  await db.execute(sql`insert into notifications (user_id, type, title, message)
    select ${id}, 'assignment', 'Bench notification ' || g, 'Something happened' from generate_series(1, 5) g`);
  return { id, email };
}

/**
 * Two applications on every open task and one notification per expert (of seeded experts), so the
 * plans read the tables' indexes; then the bench's own users. The expert applied to 20 open tasks
 * near CENTRE and holds 10 assigned ones; the client posted 30 tasks.
 */
export async function addDashboards(db: Db, experts = EXPERTS) {
  const seededExpert = (g: string) => sql.raw(`('e' || lpad(to_hex(1 + (${g}) % ${experts}), 31, '0'))::uuid`);
  await db.execute(sql`insert into task_applications (task_id, expert_id, status, proposed_rate, notes)
    select t.id, ${seededExpert('t.n * 7919 + k')}, 'pending', t.budget, 'Cover letter'
    from (select id, budget, row_number() over () as n from tasks where status = 'open') t, generate_series(0, 1) k`);
  await db.execute(sql`insert into notifications (user_id, type, title, message)
    select ${seededExpert('g')}, 'assignment', 'Seeded notification', 'Something happened' from generate_series(0, ${experts - 1}) g`);
  const expert = await addUser(db, 'expert');
  const client = await addUser(db, 'client');
  await db.execute(sql`insert into task_applications (task_id, expert_id, status, proposed_rate, notes)
    select id, ${expert.id}, 'pending', budget, 'Cover letter' from tasks
    where status = 'open' and latitude between 29.5 and 30.6 and longitude between -120.5 and -119.2 limit 20`);
  await db.execute(sql`update tasks set expert_id = ${expert.id}
    where id in (select id from tasks where status = 'assigned' order by created_at desc limit 10)`);
  await db.execute(sql`insert into tasks (title, description, requirements, budget, location, latitude, longitude, status, client_id)
    select 'Client task ' || g, 'Inspect and photograph remotely', 'Photos', 5000, 'Town 1', ${CENTRE.latitude}, ${CENTRE.longitude},
      'open', ${client.id} from generate_series(1, 30) g`);
  await db.execute(sql`analyze`);
  return { expert, client };
}

export async function signIn(app: ReturnType<typeof createApp>, email: string): Promise<string> {
  const response = await app.request(`${ORIGIN}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function medianOf(count: number, run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return percentile(times, 0.5);
}

async function benchOn(label: string, database: DatabaseHandle): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const { db } = database;
  const started = performance.now();
  await seed(db, EXPERTS, TASKS);
  const { expert, client } = await addDashboards(db);
  rows.push({ name: `${label}: seed (setup, not a figure)`, value: `${((performance.now() - started) / 1000).toFixed(1)} s` });
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-dashboard-')) });
  const context = await createServerContext({ env, database, clock: systemClock, publicUrl: ORIGIN });
  try {
    const app = createApp(context);
    const cookies = { expert: await signIn(app, expert.email), client: await signIn(app, client.email) };
    const point = `latitude=${CENTRE.latitude}&longitude=${CENTRE.longitude}`;
    const reads: Array<[keyof typeof cookies, string]> = [
      ['expert', '/api/me'],
      ['expert', '/api/experts/me'],
      ['expert', '/api/notifications'],
      ['expert', `/api/tasks?scope=available&${point}&page=1&pageSize=50`],
      ['expert', '/api/tasks?scope=applied&page=1&pageSize=50'],
      ['expert', '/api/tasks?scope=assigned&page=1&pageSize=50'],
      ['client', '/api/tasks?scope=mine&page=1&pageSize=50'],
    ];
    const get = async (who: keyof typeof cookies, path: string) => {
      const response = await app.request(`${ORIGIN}${path}`, { headers: { origin: ORIGIN, cookie: cookies[who] } });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      await response.arrayBuffer();
    };
    const reference = () => db.execute(sql`select 1`);
    for (const [who, path] of reads) {
      // The session is cached for 5 s: the first request reads it, the counted one does not.
      await get(who, path);
      const counter = countStatements(db);
      await get(who, path).finally(() => counter.restore());
      const runs = await repeat(REPEATS, async () => ({
        value: await medianOf(REQUESTS, () => get(who, path)),
        reference: await medianOf(REQUESTS, reference),
      }));
      const name = `${label}: ${who} GET ${path.replace(point, 'lat&lng').replace('&page=1&pageSize=50', '')}`;
      rows.push(
        { name: `${name}: statements`, value: String(counter.statements.length) },
        ratioRow(`${name}: p50 vs "select 1" p50`, runs, { format: ms }),
      );
    }
    return rows;
  } finally {
    await context.close();
  }
}

export async function benchDashboard(): Promise<BenchRow[]> {
  const pglite = await openDatabase({ dataDir: 'memory://' });
  const rows = await benchOn('PGlite', pglite).finally(() => pglite.close());
  if (process.env.BENCH_DASHBOARD_PGLITE_ONLY) return rows;
  const postgres = await startBenchPostgres();
  if ('skipped' in postgres) return [...rows, { name: 'PostgreSQL: dashboard reads', value: `skipped: ${postgres.skipped}` }];
  try {
    const created = await postgres.createDatabase();
    try {
      const database = await openDatabase({ databaseUrl: created.url });
      rows.push(...(await benchOn('PostgreSQL', database).finally(() => database.close())));
    } finally {
      await created.drop();
    }
  } finally {
    postgres.stop();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await benchDashboard();
  for (const row of rows) console.log(`${row.name.padEnd(80)} ${row.value}`);
}
