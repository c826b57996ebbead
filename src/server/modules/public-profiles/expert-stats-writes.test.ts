import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ExpertPublicProfileResponse } from '@shared/schemas/expert-public.schemas';
import { taskApplications } from '../../db/schema';
import { apply, castOf, createTask, createTasksTestApp, okJson, taskAt, type Cast, type TasksTestApp } from '../tasks/tasks.test-helpers';

/**
 * Issue 55 (migration 0056, decision 0080's addendum): an expert's statistics are kept as running totals
 * and written to their profile only when the shown figure changes. Every write to expert_profiles
 * announces "the table changed" to every instance, which then drops all its cached task details; an
 * application that leaves the figure as it was must announce nothing.
 */
let h: TasksTestApp;
let cast: Cast;
const notices: Array<{ table?: string }> = [];
let unlisten: () => Promise<void>;

beforeAll(async () => {
  h = await createTasksTestApp();
  cast = await castOf(h);
  unlisten = await h.database.listen('app_changes', (payload) => notices.push(JSON.parse(payload) as { table?: string }));
});
afterAll(async () => {
  await unlisten?.();
  await h?.close();
});

const publicOf = async (id: string) =>
  ((await (await h.request('GET', `/api/experts/${id}/public`)).json()) as ExpertPublicProfileResponse).expert;

/** The expert_profiles notices heard while `run` ran (PostgreSQL delivers them on another connection). */
async function profileNoticesOf(run: () => Promise<unknown>): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 200));
  notices.length = 0;
  await run();
  await new Promise((resolve) => setTimeout(resolve, 300));
  return notices.filter((notice) => notice.table === 'expert_profiles').length;
}

async function totalsOf(expertId: string) {
  const result = await h.db.execute(
    sql`select applications, total_minutes::float8 as total from expert_response_times where expert_id = ${expertId}`,
  );
  return (result as unknown as { rows: Array<{ applications: number; total: number }> }).rows[0];
}

describe("an expert's statistics, written only when they change", () => {
  it('announces a new average response time, and nothing when an application leaves it as it was', async () => {
    const expert = await h.createUser('expert');
    const first = await createTask(h, cast.client);
    h.clock.advance(30 * 60_000);
    expect(await profileNoticesOf(() => apply(h, expert, first.id))).toBe(1);
    expect((await publicOf(expert.id)).avg_response_time_mins).toBe(30);

    const second = await createTask(h, cast.client);
    h.clock.advance(30 * 60_000);
    expect(await profileNoticesOf(() => apply(h, expert, second.id))).toBe(0);
    expect((await publicOf(expert.id)).avg_response_time_mins).toBe(30);
    expect(await totalsOf(expert.id)).toEqual({ applications: 2, total: 60 });

    const third = await createTask(h, cast.client);
    h.clock.advance(90 * 60_000);
    expect(await profileNoticesOf(() => apply(h, expert, third.id))).toBe(1);
    expect((await publicOf(expert.id)).avg_response_time_mins).toBe(50);
  });

  it('keeps counting an application withdrawn by a switch back to client', async () => {
    const expert = await h.createUser('expert');
    const first = await createTask(h, cast.client);
    h.clock.advance(20 * 60_000);
    await apply(h, expert, first.id);
    await okJson(await h.request('POST', '/api/me/role', { cookie: expert.cookie, body: { role: 'client' } }));
    await okJson(await h.request('POST', '/api/me/role', { cookie: expert.cookie, body: { role: 'expert' } }));
    const second = await createTask(h, cast.client);
    h.clock.advance(60 * 60_000);
    await apply(h, expert, second.id);
    // (20 + 60) / 2: the withdrawn application was still an answer the expert gave.
    expect((await publicOf(expert.id)).avg_response_time_mins).toBe(40);
  });

  it('adds every one of parallel applications of one expert', async () => {
    const expert = await h.createUser('expert');
    const tasks = [];
    for (let i = 0; i < 6; i++) tasks.push(await createTask(h, cast.client));
    h.clock.advance(10 * 60_000);
    await Promise.all(tasks.map((task) => apply(h, expert, task.id)));
    expect(await totalsOf(expert.id)).toMatchObject({ applications: 6 });
    // Each task was posted at the same clock: each answer took 10 minutes.
    expect((await totalsOf(expert.id))!.total).toBeCloseTo(60, 6);
    expect((await publicOf(expert.id)).avg_response_time_mins).toBe(10);
  });

  it('announces a changed success rate, and nothing for a task change that leaves it as it was', async () => {
    const expert = await h.createUser('expert');
    const local = { ...cast, expert };
    await taskAt(h, local, 'verified');
    expect((await publicOf(expert.id)).success_rate).toBe(100);
    // Another finished task: still 100 %, so its status changes write nothing to the profile.
    const started = await taskAt(h, local, 'in_progress');
    expect(
      await profileNoticesOf(async () => {
        await okJson(
          await h.request('POST', `/api/tasks/${started.task.id}/cancel`, {
            body: { override_reason: 'The client asked support to cancel by phone.' },
            cookie: cast.admin.cookie,
          }),
        );
      }),
    ).toBe(0);
    expect((await publicOf(expert.id)).success_rate).toBe(100);
    // Leaving an assigned task counts against them: one notice, and the new rate.
    const assigned = await taskAt(h, local, 'assigned');
    const noticed = await profileNoticesOf(async () =>
      okJson(
        await h.request('POST', `/api/tasks/${assigned.task.id}/decline`, {
          cookie: expert.cookie,
          body: { reason: 'expert_unavailable' },
        }),
      ),
    );
    expect(noticed).toBeGreaterThanOrEqual(1);
    expect((await publicOf(expert.id)).success_rate).toBe(50);
  });

  it('is rebuilt from the applications by rebuild_expert_response_times() after a load with triggers off', async () => {
    const expert = await h.createUser('expert');
    const [first, second] = [await createTask(h, cast.client), await createTask(h, cast.client)];
    await h.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(taskApplications).values(
        [first, second].map((task, i) => ({
          task_id: task.id,
          expert_id: expert.id,
          proposed_rate: 50,
          notes: 'Loaded in bulk',
          created_at: new Date(h.clock.now().getTime() + (i + 1) * 40 * 60_000),
        })),
      );
    });
    expect(await totalsOf(expert.id)).toBeUndefined();
    expect((await publicOf(expert.id)).avg_response_time_mins).toBeNull();
    await h.db.execute(sql`select rebuild_expert_response_times()`);
    expect(await totalsOf(expert.id)).toEqual({ applications: 2, total: 120 });
    expect((await publicOf(expert.id)).avg_response_time_mins).toBe(60);
  });
});
