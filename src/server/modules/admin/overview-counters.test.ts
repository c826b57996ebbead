import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { OverviewDto } from '@shared/schemas/admin-dto';
import { expertProfiles, profiles, taskApplications, tasks, transactions } from '../../db/schema';
import { createApplication, createTask, createTransaction, taskValues } from '../../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { countOverviewFromTables } from './overview-full-count';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let admin: TestUser;
let client: TestUser;
let experts: TestUser[];
beforeAll(async () => {
  t = await createTestApp();
  // Mid-day, so that "7 days ago" falls inside a day and the window has a partial first day.
  t.clock.set(new Date('2026-05-20T15:30:00.000Z'));
  admin = await t.createUser('admin');
  client = await t.createUser('client');
  experts = [await t.createUser('expert'), await t.createUser('expert'), await t.createUser('expert')];
});
afterAll(() => t.close());

const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);

/** The overview the route answers must be the one a full count of the tables gives, at the same instant. */
async function expectOverviewExact() {
  const response = await t.request('GET', '/api/admin/overview', { cookie: admin.cookie });
  expect(response.status).toBe(200);
  const overview = await t.json<OverviewDto>(response);
  expect(overview).toEqual(await countOverviewFromTables(t.db, t.clock.now()));
  return overview;
}

describe('the admin overview from counters (migration 0032)', () => {
  it('equals a full count through inserts, status changes, moved dates, deletes and a moving window', async () => {
    const weekAgo = 7 * DAY_MS;
    // Tasks on both sides of the rolling week's start (inside its partial first day), in the trend,
    // months back, and with an expert in every later status.
    const created = [
      ago(0),
      ago(weekAgo - 1),
      ago(weekAgo),
      ago(weekAgo + 1),
      ago(weekAgo + 2 * 60 * 60 * 1000),
      ago(3 * DAY_MS),
      ago(40 * DAY_MS),
      ago(200 * DAY_MS),
    ];
    const rows = [];
    for (const [index, at] of created.entries()) {
      rows.push(
        await createTask(t.db, {
          client_id: client.id,
          created_at: at,
          status: index % 2 === 0 ? 'open' : 'pending',
        }),
      );
    }
    const statuses = [
      'assigned',
      'in_progress',
      'pending_approval',
      'completed',
      'verified',
      'cancelled',
    ] as const;
    for (const [index, status] of statuses.entries()) {
      const task = await createTask(t.db, {
        client_id: client.id,
        created_at: ago(index * 5 * DAY_MS),
        status,
        expert_id: experts[index % 3].id,
      });
      rows.push(task);
      await createApplication(t.db, {
        task_id: task.id,
        expert_id: experts[index % 3].id,
        created_at: ago(index * 5 * DAY_MS - 90 * 60 * 1000),
      });
    }
    await createApplication(t.db, {
      task_id: rows[0].id,
      expert_id: experts[0].id,
      created_at: t.clock.now(),
    });
    // Money in every status, on both sides of the week's start and months back.
    const money = [
      { status: 'captured', created_at: ago(weekAgo - 1) },
      { status: 'captured', created_at: ago(weekAgo + 1) },
      { status: 'captured', created_at: ago(75 * DAY_MS), amount: 20_000, platform_fee: 2_400 },
      { status: 'authorized', created_at: ago(DAY_MS) },
      { status: 'refunded', created_at: ago(10 * DAY_MS) },
      { status: 'failed', created_at: ago(2 * DAY_MS) },
    ] as const;
    const moneyRows = [];
    for (const values of money)
      moneyRows.push(await createTransaction(t.db, { task_id: rows[9].id, ...values }));
    await t.db
      .update(expertProfiles)
      .set({ verification_status: 'rejected' })
      .where(eq(expertProfiles.id, experts[1].id));
    await t.db
      .update(expertProfiles)
      .set({ verification_status: 'verified' })
      .where(eq(expertProfiles.id, experts[2].id));
    await t.db
      .update(profiles)
      .set({ created_at: ago(weekAgo + 60_000) })
      .where(eq(profiles.id, experts[2].id));
    const first = await expectOverviewExact();
    expect(first.tasks.total).toBe(14);
    expect(first.performance.hiredTasks).toBe(6);

    // Status changes (hire, complete, verify, cancel), a hire undone, an expert unassigned, dates moved.
    await t.db
      .update(tasks)
      .set({ status: 'assigned', expert_id: experts[0].id })
      .where(eq(tasks.id, rows[0].id));
    await t.db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, rows[9].id));
    await t.db
      .update(tasks)
      .set({ status: 'verified' })
      .where(inArray(tasks.id, [rows[10].id, rows[11].id]));
    await t.db.update(tasks).set({ status: 'open', expert_id: null }).where(eq(tasks.id, rows[8].id));
    await t.db
      .update(tasks)
      .set({ created_at: ago(weekAgo - 60_000) })
      .where(eq(tasks.id, rows[7].id));
    await t.db.update(tasks).set({ title: 'Only the title changes' }).where(eq(tasks.id, rows[1].id));
    await t.db.update(transactions).set({ status: 'captured' }).where(eq(transactions.id, moneyRows[3].id));
    await t.db
      .update(transactions)
      .set({ amount: 30_000, platform_fee: 3_300 })
      .where(eq(transactions.id, moneyRows[0].id));
    await t.db
      .update(transactions)
      .set({ created_at: ago(3 * DAY_MS) })
      .where(eq(transactions.id, moneyRows[1].id));
    await t.db
      .update(expertProfiles)
      .set({ verification_status: 'pending' })
      .where(eq(expertProfiles.id, experts[1].id));
    const second = await expectOverviewExact();
    expect(second.revenue).not.toEqual(first.revenue);
    expect(second.performance.hiredTasks).toBe(6);

    // Deletes, then the clock moves on so that the window's start crosses the rows above.
    await t.db.delete(transactions).where(eq(transactions.id, moneyRows[2].id));
    await t.db.delete(taskApplications).where(eq(taskApplications.task_id, rows[8].id));
    await t.db
      .update(tasks)
      .set({ created_at: ago(29 * DAY_MS + 60_000) })
      .where(eq(tasks.id, rows[10].id));
    await createApplication(t.db, {
      task_id: rows[11].id,
      expert_id: experts[2].id,
      created_at: ago(31 * DAY_MS),
    });
    await t.db.delete(tasks).where(inArray(tasks.id, [rows[2].id, rows[3].id, rows[0].id]));
    const leaving = await t.createUser('client');
    await t.db.delete(profiles).where(eq(profiles.id, leaving.id));
    await expectOverviewExact();
    for (const step of [1, 60 * 60 * 1000, DAY_MS - 2, 3 * DAY_MS]) {
      t.clock.advance(step);
      await expectOverviewExact();
    }
  });

  it('loses no count when transactions write at the same time', async () => {
    const before = await expectOverviewExact();
    const open = await Promise.all(
      Array.from({ length: 8 }, () => createTask(t.db, { client_id: client.id, created_at: t.clock.now() })),
    );
    // Each transaction posts a task, hires another and captures a payment: on PostgreSQL they run on
    // separate connections at once and meet on the same counter rows.
    const shared = await createTask(t.db, { client_id: client.id, created_at: ago(2 * DAY_MS) });
    await Promise.all([
      ...open.map((task, index) =>
        t.db.transaction(async (tx) => {
          await tx.insert(tasks).values(taskValues({ client_id: client.id, created_at: t.clock.now() }));
          await tx
            .update(tasks)
            .set({ status: 'assigned', expert_id: experts[index % 3].id })
            .where(eq(tasks.id, task.id));
          await tx
            .insert(transactions)
            .values({
              task_id: task.id,
              amount: 10_000,
              platform_fee: 1_000,
              status: 'captured',
              created_at: t.clock.now(),
            });
        }),
      ),
      // Three experts apply to one task at once: its first-application time must come out right.
      ...experts.map((expert, index) =>
        createApplication(t.db, {
          task_id: shared.id,
          expert_id: expert.id,
          created_at: ago(-index * 60_000),
        }),
      ),
    ]);
    const after = await expectOverviewExact();
    expect(after.tasks.total).toBe(before.tasks.total + 17);
    expect(after.performance.hiredTasks).toBe(before.performance.hiredTasks + 8);
    expect(after.revenue.total).toBe(before.revenue.total + 8_000);
  });

  it('lets writers that touch the same counters in opposite orders both commit, with no lock between them', async () => {
    const before = await expectOverviewExact();
    const target = await createTask(t.db, { client_id: client.id, created_at: t.clock.now() });
    // One transaction posts a task and then records a payment; the other records a payment and then
    // posts a task, each pausing in between: with one counter row per key this was a deadlock on
    // PostgreSQL (each waiting for the row the other had updated). Delta rows take no shared lock.
    const pause = () => sql`select pg_sleep(0.2)`;
    await Promise.all([
      t.db.transaction(async (tx) => {
        await tx.insert(tasks).values(taskValues({ client_id: client.id, created_at: t.clock.now() }));
        await tx.execute(pause());
        await tx
          .insert(transactions)
          .values({
            task_id: target.id,
            amount: 5_000,
            platform_fee: 500,
            status: 'captured',
            created_at: t.clock.now(),
          });
      }),
      t.db.transaction(async (tx) => {
        await tx
          .insert(transactions)
          .values({
            task_id: target.id,
            amount: 7_000,
            platform_fee: 700,
            status: 'captured',
            created_at: t.clock.now(),
          });
        await tx.execute(pause());
        await tx.insert(tasks).values(taskValues({ client_id: client.id, created_at: t.clock.now() }));
      }),
    ]);
    const after = await expectOverviewExact();
    expect(after.tasks.total).toBe(before.tasks.total + 3);
    expect(after.revenue.total).toBe(before.revenue.total + 1_200);
  });

  it('is folded to one row per counter by the job runner, and reads the same before and after', async () => {
    const rowsOfCounters = async () => {
      const result = await t.db.execute(sql`select
        (select count(*) from admin_counts)::int as total_rows, (select count(distinct key) from admin_counts)::int as total_keys,
        (select count(*) from admin_daily_counts)::int as daily_rows,
        (select count(*) from (select distinct key, day from admin_daily_counts) d)::int as daily_keys`);
      return (result as unknown as { rows: Array<Record<string, number>> }).rows[0]!;
    };
    const unfolded = await rowsOfCounters();
    expect(unfolded.total_rows).toBeGreaterThan(unfolded.total_keys);
    const before = await expectOverviewExact();
    // The schedule step runs before each claim, at most once a minute of the clock.
    t.clock.advance(61_000);
    await t.context.jobs.runDue();
    const folded = await rowsOfCounters();
    expect(folded.total_rows).toBe(folded.total_keys);
    expect(folded.daily_rows).toBe(folded.daily_keys);
    expect(await expectOverviewExact()).toEqual(before);
    // Writes after the fold add rows again, and the read still sums them.
    await createTask(t.db, { client_id: client.id, created_at: t.clock.now() });
    expect((await expectOverviewExact()).tasks.total).toBe(before.tasks.total + 1);
  });

  it('is rebuilt by rebuild_admin_counts() after a load with triggers off', async () => {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .insert(tasks)
        .values(taskValues({ client_id: client.id, status: 'verified', expert_id: experts[0].id }));
    });
    const stale = await t.json<OverviewDto>(
      await t.request('GET', '/api/admin/overview', { cookie: admin.cookie }),
    );
    expect(stale).not.toEqual(await countOverviewFromTables(t.db, t.clock.now()));
    await t.db.execute(sql`select rebuild_admin_counts()`);
    await expectOverviewExact();
  });
});
