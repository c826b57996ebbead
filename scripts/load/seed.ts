/**
 * The load test's data, all INSERT ... SELECT generate_series: the bench seed's experts, clients and
 * tasks in every status (scripts/bench/tasks.bench.ts), then applications, messages and
 * notifications at the scale's counts, then the load cast: `users` clients (ids d…) and experts
 * (ids f…) at CENTRE, each with a session row (the cookie is signed by the driver with the server's
 * AUTH_SECRET, so no password hashing or sign-in rate limit is involved), a chat task per pair, and
 * the pools the writing journeys consume (hire, evidence, apply).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { backfillTaskTimeZones } from '../../src/server/modules/tasks/time-zone-backfill';
import { seed as seedMarketplace } from '../bench/tasks.bench';
import { CENTRE, type LoadScale } from './scale';

/** The bench seed's ids (scripts/bench/tasks.bench.ts): `e…` experts, `c…` clients; internal only. */
const benchId = (prefix: string, g: string) => sql.raw(`('${prefix}' || lpad(to_hex(${g}), 31, '0'))::uuid`);
/**
 * The load cast's ids are valid version-4 UUIDs (the API's validation rejects others):
 * `d…` clients, `f…` experts, `6…`-`9…` pool and chat tasks.
 */
const id = (prefix: string, g: string) => sql.raw(`('${prefix}0000000-0000-4000-8000-' || lpad(to_hex(${g}), 12, '0'))::uuid`);
export const uuidOf = (prefix: string, n: number) => `${prefix}0000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
export const sessionTokenOf = (n: number, role: 'client' | 'expert') => `load-${role}-${n}-session-token-0000`;

export interface LoadCast {
  users: number;
  pool: number;
  experts: number;
  /** Ids are derived (uuidOf); the application ids of the hire pool are not, so they are listed. */
  hireApplications: string[];
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function seedLoad(db: Db, scale: LoadScale, log: (line: string) => void): Promise<LoadCast> {
  const step = async (label: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    log(`  seed: ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  };
  await step(`${scale.experts} experts, ${scale.tasks} tasks`, () => seedMarketplace(db, scale.experts, scale.tasks));
  await db.execute(sql`set session_replication_role = replica`);
  await step('one application per open task', () =>
    db.execute(sql`insert into task_applications (task_id, expert_id, status, proposed_rate, notes)
      select t.id, ${benchId('e', `1 + (t.n * 7919) % ${scale.experts}`)}, 'pending', t.budget, 'Cover letter'
      from (select id, budget, row_number() over () as n from tasks where status = 'open') t`),
  );
  await step(`${scale.messages} messages`, async () => {
    const withExpert = Number((await rows<{ n: string }>(db, sql`select count(*) as n from tasks where expert_id is not null`))[0].n);
    const perTask = Math.max(1, Math.ceil(scale.messages / Math.max(1, withExpert)));
    await db.execute(sql`insert into messages (task_id, sender_id, receiver_id, content, read, created_at)
      select t.id, case when k % 2 = 0 then t.client_id else t.expert_id end, case when k % 2 = 0 then t.expert_id else t.client_id end,
        'Message ' || k || ' about the task', k < ${perTask}, t.created_at + k * interval '7 minutes'
      from tasks t, generate_series(1, ${perTask}) k where t.expert_id is not null limit ${scale.messages}`);
  });
  await step(`${scale.notifications} notifications`, () =>
    db.execute(sql`insert into notifications (user_id, type, title, message, read, created_at)
      select ${benchId('e', `1 + (g * 31) % ${scale.experts}`)}, 'assignment', 'Seeded notification', 'Something happened', g % 3 <> 0,
        now() - (g % 525600) * interval '1 minute'
      from generate_series(1, ${scale.notifications}) g`),
  );
  await step(`load cast: ${scale.users} clients and ${scale.users} experts with sessions, pools of ${scale.pool}`, () => seedCast(db, scale));
  // Every task's time zone, as a task written by the product has it. Left empty, the server's runner
  // filled it in 500 rows a pass during the whole ramp (200 task updates and NOTIFYs a second, each
  // published to the bus: measured with the server idle, issue 55).
  await step('task time zones', async () => {
    while ((await backfillTaskTimeZones(db, 20_000)) > 0);
  });
  await db.execute(sql`set session_replication_role = origin`);
  // The row triggers that keep the admin overview's counters did not run (migration 0032).
  await step('admin counters', () => db.execute(sql`select rebuild_admin_counts()`));
  // Nor did the experts' response-time totals (migration 0056): an application adds to them.
  await step('response times', () => db.execute(sql`select rebuild_expert_response_times()`));
  await step('analyze', () => db.execute(sql`analyze`));
  return castOf(db, scale);
}

async function seedCast(db: Db, scale: LoadScale) {
  const { users, pool } = scale;
  const client = (g: string) => id('d', `1 + (${g}) % ${users}`);
  const expert = (g: string) => id('f', `1 + (${g}) % ${users}`);
  for (const [prefix, role] of [['d', 'client'], ['f', 'expert']] as const) {
    await db.execute(sql`insert into auth_users (id, name, email, email_verified)
      select ${id(prefix, 'g')}, 'Load User', ${sql.raw(`'load-${role}-'`)} || g || '@load.test', true from generate_series(1, ${users}) g`);
    await db.execute(sql`insert into profiles (id, first_name, last_name, email, onboarding_completed, role_selected_at)
      select ${id(prefix, 'g')}, 'Load', 'User ' || g, ${sql.raw(`'load-${role}-'`)} || g || '@load.test', true, now()
      from generate_series(1, ${users}) g`);
    await db.execute(sql`insert into auth_sessions (id, token, user_id, expires_at)
      select ${sql.raw(`'load-${role}-'`)} || g, ${sql.raw(`'load-${role}-'`)} || g || '-session-token-0000', ${id(prefix, 'g')},
        now() + interval '30 days'
      from generate_series(1, ${users}) g`);
  }
  await db.execute(sql`insert into user_roles (user_id, role) select ${id('f', 'g')}, 'expert' from generate_series(1, ${users}) g`);
  await db.execute(sql`insert into expert_profiles (id, profile_id, bio, expertise, location, latitude, longitude,
      verification_status, stripe_account_id, stripe_onboarding_completed, stripe_account_status, lpca_terms_accepted)
    select ${id('f', 'g')}, ${id('f', 'g')}, 'Load expert', '{Inspection}', 'Town 1', ${CENTRE.latitude}, ${CENTRE.longitude},
      'verified', 'acct_load_' || g, true, 'active', true
    from generate_series(1, ${users}) g`);
  const task = (prefix: string, status: string, withExpert: boolean, count: number) =>
    db.execute(sql`insert into tasks (id, title, description, requirements, category, urgency, budget, location, latitude, longitude,
        status, payment_status, stripe_payment_intent_id, authorization_hold_expires_at, client_id, expert_id, assigned_at,
        due_date, created_at, published_at, updated_at)
      select ${id(prefix, 'g')}, 'Load task ' || g, 'Inspect and photograph remotely', 'Photos of every side', 'vehicle', 'medium',
        15000, 'Town 1', ${CENTRE.latitude}, ${CENTRE.longitude}, ${sql.raw(`'${status}'`)}::task_status,
        ${sql.raw(withExpert ? `'authorized'` : `'unpaid'`)}::payment_status,
        ${sql.raw(withExpert ? `'pi_load_' || g` : 'null')}, ${sql.raw(withExpert ? `now() + interval '6 days'` : 'null')},
        ${client('g')}, ${withExpert ? expert('g') : sql.raw('null')},
        ${sql.raw(withExpert ? 'now()' : 'null')}, now() + interval '7 days', now(), now(), now()
      from generate_series(0, ${count - 1}) g`);
  // Chat: task 7…g between client d(1+g) and expert f(1+g), in progress, with 30 messages.
  await task('7', 'in_progress', true, users);
  await db.execute(sql`insert into messages (task_id, sender_id, receiver_id, content, created_at)
    select ${id('7', 'g')}, case when k % 2 = 0 then ${client('g')} else ${expert('g')} end,
      case when k % 2 = 0 then ${expert('g')} else ${client('g')} end, 'Earlier message ' || k, now() - (30 - k) * interval '1 minute'
    from generate_series(0, ${users - 1}) g, generate_series(1, 30) k`);
  // Hire: open task 8…g of client d(1+g%users) with a pending application of expert f(1+g%users).
  await task('8', 'open', false, pool);
  await db.execute(sql`insert into task_applications (task_id, expert_id, status, proposed_rate, notes)
    select ${id('8', 'g')}, ${expert('g')}, 'pending', 15000, 'I can do this today with photos and video.'
    from generate_series(0, ${pool - 1}) g`);
  // Evidence: task 9…g in progress, assigned to expert f(1+g%users), its card authorized.
  await task('9', 'in_progress', true, pool);
  // Apply: open task 6…g of client d(1+g%users), not yet applied to.
  await task('6', 'open', false, pool);
}

async function castOf(db: Db, scale: LoadScale): Promise<LoadCast> {
  const applications = await rows<{ id: string; task_id: string }>(
    db,
    sql`select id, task_id from task_applications where task_id in (select ${id('8', 'g')} from generate_series(0, ${scale.pool - 1}) g)`,
  );
  const byTask = new Map(applications.map((row) => [row.task_id, row.id]));
  return {
    users: scale.users,
    pool: scale.pool,
    experts: scale.experts,
    hireApplications: Array.from({ length: scale.pool }, (_, g) => byTask.get(uuidOf('8', g))!),
  };
}
