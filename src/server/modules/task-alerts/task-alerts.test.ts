import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachMessages } from '@shared/messages/reach';
import { TASK_ALERT_HOURLY_CAP } from '@shared/schemas/task-alerts.schemas';
import { jobs } from '../../db/schema';
import type { TestUser } from '../../test/test-app';
import {
  createTask,
  createTasksTestApp,
  expectError,
  notificationsOf,
  NYC,
  okJson,
  type TasksTestApp,
} from '../tasks/tasks.test-helpers';

let h: TasksTestApp;
let client: TestUser;
/** Roughly 50 and 150 miles north of the tasks (69 miles per degree of latitude). */
let near: TestUser;
let far: TestUser;
let nearNoAlerts: TestUser;

const alertsOn = (expert: TestUser, overrides: Record<string, unknown> = {}) =>
  h.request('PUT', '/api/task-alert-settings', {
    body: { enabled: true, radius_miles: 100, categories: [], min_budget: 0, ...overrides },
    cookie: expert.cookie,
  });

const alertsOf = async (expert: TestUser, type = 'task_alert') =>
  (await notificationsOf(h, expert.id)).filter((row) => row.type === type);
const runJobs = () => h.context.jobs.runDue();

beforeAll(async () => {
  h = await createTasksTestApp();
  client = await h.createUser('client');
  near = await h.createUser('expert', {
    payable: true,
    latitude: NYC.latitude + 50 / 69,
    longitude: NYC.longitude,
  });
  far = await h.createUser('expert', {
    payable: true,
    latitude: NYC.latitude + 150 / 69,
    longitude: NYC.longitude,
  });
  nearNoAlerts = await h.createUser('expert', {
    payable: true,
    latitude: NYC.latitude + 0.1,
    longitude: NYC.longitude,
  });
  for (const expert of [near, far]) expect((await alertsOn(expert)).status).toBe(200);
});
afterAll(async () => {
  await h.close();
});

describe('task alert settings', () => {
  it('are off by default and saved per expert', async () => {
    const before = await okJson<{ enabled: boolean; radius_miles: number; has_location: boolean }>(
      await h.request('GET', '/api/task-alert-settings', { cookie: nearNoAlerts.cookie }),
    );
    expect(before).toMatchObject({
      enabled: false,
      radius_miles: 100,
      has_location: true,
      hourly_cap: TASK_ALERT_HOURLY_CAP,
    });
    const saved = await okJson<{ categories: string[]; min_budget: number }>(
      await h.request('PUT', '/api/task-alert-settings', {
        body: { enabled: false, radius_miles: 30, categories: ['vehicle'], min_budget: 5_000 },
        cookie: nearNoAlerts.cookie,
      }),
    );
    expect(saved).toMatchObject({
      enabled: false,
      radius_miles: 30,
      categories: ['vehicle'],
      min_budget: 5_000,
    });
  });

  it('refuses a radius beyond the product rule with its message, and clients', async () => {
    expect(await expectError(await alertsOn(near, { radius_miles: 150 }), 400)).toBe(
      reachMessages.alertsRadiusInvalid,
    );
    expect((await alertsOn(near, { categories: ['boats'] })).status).toBe(400);
    expect(
      (await h.request('PUT', '/api/task-alert-settings', { body: 'nope', cookie: near.cookie })).status,
    ).toBe(400);
    expect(await expectError(await alertsOn(client), 403)).toBe(reachMessages.alertsExpertsOnly);
    expect((await h.request('GET', '/api/task-alert-settings')).status).toBe(401);
  });
});

describe('task alerts fan-out', () => {
  it('alerts an expert 50 miles away once, not one 150 miles away nor one with alerts off, and not before the job runs', async () => {
    const task = await createTask(h, client);
    expect(await alertsOf(near)).toHaveLength(0);
    await runJobs();
    await runJobs();
    const alerts = (await alertsOf(near)).filter((row) => row.task_id === task.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0].message).toContain(task.title);
    expect(alerts[0].message).toMatch(/ 5\d\.\d mi from you/);
    expect((await alertsOf(far)).filter((row) => row.task_id === task.id)).toHaveLength(0);
    expect((await alertsOf(nearNoAlerts)).filter((row) => row.task_id === task.id)).toHaveLength(0);
    // The same job again tells nobody twice.
    const { fanOutTaskAlerts } = await import('./task-alert-jobs');
    expect(await fanOutTaskAlerts(h.context, task.id)).toEqual({ instant: 0, held: 0, chunks: 0 });
  });

  it('respects the expert radius, categories and minimum budget', async () => {
    const skipped = [];
    for (const settings of [{ radius_miles: 40 }, { categories: ['property'] }, { min_budget: 20_000 }]) {
      expect((await alertsOn(near, settings)).status).toBe(200);
      skipped.push(await createTask(h, client, { category: 'vehicle', budget: 15_000 }));
      await runJobs();
    }
    const ids = (await alertsOf(near)).map((row) => row.task_id);
    for (const task of skipped) expect(ids).not.toContain(task.id);
    // With the defaults back, the same kind of task reaches them: the filters, not the task, kept them out.
    expect((await alertsOn(near)).status).toBe(200);
    const matching = await createTask(h, client, { category: 'vehicle', budget: 15_000 });
    await runJobs();
    expect((await alertsOf(near)).map((row) => row.task_id)).toContain(matching.id);
  });

  it('holds alerts over the hourly cap for one digest at the end of the hour', async () => {
    h.clock.advance(2 * 60 * 60 * 1000);
    const posted = [];
    for (let i = 0; i < TASK_ALERT_HOURLY_CAP + 2; i += 1) posted.push(await createTask(h, client));
    await runJobs();
    const ids = new Set(posted.map((task) => task.id));
    expect((await alertsOf(far)).filter((row) => ids.has(row.task_id!))).toHaveLength(0);
    expect((await alertsOf(near)).filter((row) => ids.has(row.task_id!))).toHaveLength(TASK_ALERT_HOURLY_CAP);
    expect(await alertsOf(near, 'task_alert_digest')).toHaveLength(0);
    h.clock.advance(60 * 60 * 1000);
    await runJobs();
    const digests = await alertsOf(near, 'task_alert_digest');
    expect(digests).toHaveLength(1);
    expect(digests[0].message).toContain('2 more tasks');
  });

  it('never alerts the client who posted the task, even when they are also an expert nearby', async () => {
    const dual = await h.createUser('expert', {
      payable: true,
      latitude: NYC.latitude,
      longitude: NYC.longitude,
    });
    expect((await alertsOn(dual)).status).toBe(200);
    const task = await createTask(h, dual);
    await runJobs();
    expect((await alertsOf(dual)).filter((row) => row.task_id === task.id)).toHaveLength(0);
  });
});

describe('task alerts fan-out in chunks', () => {
  it('alerts 1,200 matching experts exactly once across chunk jobs, and a re-run of a chunk alerts nobody twice', async () => {
    const { seedAlertedExperts } = await import('./task-alerts.seed');
    const { alertTaskChunk, fanOutTaskAlerts, TASK_ALERT_CHUNK, TASK_ALERT_JOB_KINDS } = await import('./task-alert-jobs');
    // Chicago: far from every other expert of this file, so only the seeded ones match.
    const chicago = { latitude: 41.8781, longitude: -87.6298 };
    await seedAlertedExperts(h.context.db, { count: 1_200, ...chicago, prefix: 'a', spreadDegrees: 0.2 });
    const task = await createTask(h, client, { ...chicago, location: 'Chicago, Illinois, United States' });
    const countAlerts = async () => {
      const result = await h.context.db.execute(sql`
        select count(*)::int as alerts, count(distinct user_id)::int as experts
        from notifications where task_id = ${task.id}::uuid and type = 'task_alert'`);
      return (result as unknown as { rows: Array<{ alerts: number; experts: number }> }).rows[0];
    };
    // The handlers as the runner calls them (the runner would also send 1,200 mails; other tests cover delivery).
    expect(await fanOutTaskAlerts(h.context, task.id)).toEqual({ instant: 0, held: 0, chunks: Math.ceil(1_200 / TASK_ALERT_CHUNK) });
    const chunkJobs = await h.context.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, TASK_ALERT_JOB_KINDS.chunk), like(jobs.key, `task-alerts:${task.id}:%`)));
    expect(chunkJobs).toHaveLength(Math.ceil(1_200 / TASK_ALERT_CHUNK));
    const payloadOf = (job: (typeof chunkJobs)[number]) => job.payload as { taskId: string; experts: Array<[string, number]> };
    let told = 0;
    for (const job of chunkJobs) told += (await alertTaskChunk(h.context, payloadOf(job), job)).instant;
    expect(told).toBe(1_200);
    expect(await countAlerts()).toEqual({ alerts: 1_200, experts: 1_200 });
    // A chunk run again (a crash after its commit) and the whole fan-out run again tell nobody twice.
    expect(await alertTaskChunk(h.context, payloadOf(chunkJobs[0]))).toEqual({ instant: 0, held: 0 });
    expect((await fanOutTaskAlerts(h.context, task.id)).chunks).toBe(chunkJobs.length);
    const again = await h.context.db.select().from(jobs).where(like(jobs.key, `task-alerts:${task.id}:%`));
    expect(again).toHaveLength(chunkJobs.length);
    expect(await countAlerts()).toEqual({ alerts: 1_200, experts: 1_200 });
  });
});
