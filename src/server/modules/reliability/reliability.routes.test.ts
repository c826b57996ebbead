import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pauseEndText } from '@shared/domain/reliability';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { ExpertPublicProfileResponse } from '@shared/schemas/expert-public.schemas';
import type { ApplicationPauseDto, PausedExpertDto } from '@shared/schemas/reliability.schemas';
import { auditLog, tasks } from '../../db/schema';
import type { TestUser } from '../../test/test-app';
import {
  createTask,
  expectError,
  notificationsOf,
  okJson,
  taskAt,
  useTasksTestApp,
  type Cast,
  type TasksTestApp,
} from '../tasks/tasks.test-helpers';

let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite), { resetPayments: true });

const DAY = 24 * 3_600_000;
const text = messages.reliability;

/** A fresh expert per test, so that one test's cancels never pause another's. */
async function createExpertCast(): Promise<Cast> {
  return { ...cast, expert: await h.createUser('expert') };
}

/** The expert is hired on a new task, then declines it: one cancellation after a hire. */
async function hireAndDecline(withExpert: Cast) {
  const { task } = await taskAt(h, withExpert, 'assigned');
  await okJson(await h.request('POST', `/api/tasks/${task.id}/decline`, { cookie: withExpert.expert.cookie, body: { reason: 'expert_unavailable' } }));
  return task;
}

const applyTo = async (expert: TestUser) => {
  const task = await createTask(h, cast.client);
  return h.request('POST', `/api/tasks/${task.id}/applications`, {
    body: { proposed_rate: 12_000, notes: 'I can do this today with photos and video.' },
    cookie: expert.cookie,
  });
};
const pauseOf = async (expert: TestUser) =>
  (await okJson<{ pause: ApplicationPauseDto | null }>(await h.request('GET', '/api/me/application-pause', { cookie: expert.cookie }))).pause;
const lift = (expertId: string, body: unknown, user: TestUser | null = cast.admin) =>
  h.request('POST', `/api/admin/experts/${expertId}/application-pause/lift`, { body, cookie: user?.cookie });
const REASON = 'The client confirmed two of the cancels were at their request.';

describe('the reliability record: expert cancellations after a hire (issue 50)', () => {
  it('pauses new applications for 7 days on the third cancel within 30 days, and says why', async () => {
    const withExpert = await createExpertCast();
    await hireAndDecline(withExpert);
    h.clock.advance(10 * DAY);
    await hireAndDecline(withExpert);
    expect(await pauseOf(withExpert.expert)).toBeNull();
    h.clock.advance(19 * DAY);
    const third = await hireAndDecline(withExpert);

    const until = new Date(h.clock.now().getTime() + 7 * DAY);
    const reason = format(text.applicationsPaused, { until: pauseEndText(until) });
    expect(await pauseOf(withExpert.expert)).toEqual({ paused_until: until.toISOString(), reason });
    expect(await expectError(await applyTo(withExpert.expert), 409)).toBe(reason);
    const told = await notificationsOf(h, withExpert.expert.id, third.id);
    expect(told.filter((n) => n.type === 'applications_paused')).toHaveLength(1);

    // Seven days later the pause is over by itself.
    h.clock.advance(7 * DAY + 1);
    expect(await pauseOf(withExpert.expert)).toBeNull();
    expect((await applyTo(withExpert.expert)).status).toBe(201);
  });

  it('pauses once when the second and third cancels commit at the same time', async () => {
    const withExpert = await createExpertCast();
    await hireAndDecline(withExpert);
    const hired = await Promise.all([taskAt(h, withExpert, 'assigned'), taskAt(h, withExpert, 'assigned')]);
    const answers = await Promise.all(
      hired.map(({ task }) => h.request('POST', `/api/tasks/${task.id}/decline`, { cookie: withExpert.expert.cookie, body: { reason: 'expert_unavailable' } })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await pauseOf(withExpert.expert)).not.toBeNull();
    const told = (await notificationsOf(h, withExpert.expert.id)).filter((n) => n.type === 'applications_paused');
    expect(told).toHaveLength(1);
  });

  it('does not pause when the first of three cancels is 31 days old', async () => {
    const withExpert = await createExpertCast();
    await hireAndDecline(withExpert);
    h.clock.advance(21 * DAY);
    await hireAndDecline(withExpert);
    h.clock.advance(10 * DAY);
    await hireAndDecline(withExpert);
    expect(await pauseOf(withExpert.expert)).toBeNull();
    expect((await applyTo(withExpert.expert)).status).toBe(201);
  });
});

describe('POST /api/admin/experts/:id/application-pause/lift', () => {
  async function pausedExpert(): Promise<Cast> {
    const withExpert = await createExpertCast();
    for (let i = 0; i < 3; i += 1) await hireAndDecline(withExpert);
    expect(await pauseOf(withExpert.expert)).not.toBeNull();
    return withExpert;
  }

  it('lifts the pause with a reason: audited, the expert told, applying works again', async () => {
    const { expert } = await pausedExpert();
    const listed = await okJson<{ pauses: PausedExpertDto[] }>(await h.request('GET', '/api/admin/application-pauses', { cookie: cast.admin.cookie }));
    expect(listed.pauses.map((p) => p.expert_id)).toContain(expert.id);

    expect(await okJson(await lift(expert.id, { reason: REASON }))).toEqual({ message: text.liftDone });
    expect(await pauseOf(expert)).toBeNull();
    expect((await applyTo(expert)).status).toBe(201);
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target_id, expert.id), eq(auditLog.action, 'reliability.pause_lifted')));
    expect(audit).toMatchObject({ actor_id: cast.admin.id, details: expect.objectContaining({ reason: REASON }) });
    const resumed = (await notificationsOf(h, expert.id)).filter((n) => n.type === 'applications_resumed');
    expect(resumed.map((n) => n.message)).toEqual([format(text.notifyLifted, { reason: REASON })]);
  });

  it('refuses a missing or short reason with the override rule (400) and changes nothing', async () => {
    const { expert } = await pausedExpert();
    for (const body of [{}, { reason: 'too short' }, { reason: 42 }]) {
      expect(await expectError(await lift(expert.id, body), 400)).toBe(messages.adminOverrides.reasonRequired);
    }
    expect(await pauseOf(expert)).not.toBeNull();
  });

  it('is for admins only (403 for others, 401 signed out), and 404 for an unknown or malformed id', async () => {
    const { expert } = await pausedExpert();
    for (const user of [cast.client, expert, cast.otherExpert]) {
      expect((await lift(expert.id, { reason: REASON }, user)).status).toBe(403);
      expect((await h.request('GET', '/api/admin/application-pauses', { cookie: user.cookie })).status).toBe(403);
    }
    expect((await lift(expert.id, { reason: REASON }, null)).status).toBe(401);
    expect(await expectError(await lift('00000000-0000-4000-8000-000000000000', { reason: REASON }), 404)).toBe(text.expertNotFound);
    expect(await expectError(await lift('not-an-id', { reason: REASON }), 404)).toBe(text.expertNotFound);
    expect(await pauseOf(expert)).not.toBeNull();
  });

  it('answers 409 when no pause is in force, and once only to two parallel lifts', async () => {
    const fresh = await h.createUser('expert');
    expect(await expectError(await lift(fresh.id, { reason: REASON }), 409)).toBe(text.noPause);
    const { expert } = await pausedExpert();
    const answers = await Promise.all([lift(expert.id, { reason: REASON }), lift(expert.id, { reason: REASON })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target_id, expert.id), eq(auditLog.action, 'reliability.pause_lifted')));
    expect(audits).toHaveLength(1);
  });
});

describe('the public profile: completed as agreed', () => {
  const profileOf = async (expertId: string) =>
    (await okJson<ExpertPublicProfileResponse>(await h.request('GET', `/api/experts/${expertId}/public`))).expert;

  it('shows the share of the last outcomes only from five on, counting cancels after a hire', async () => {
    const withExpert = await createExpertCast();
    for (let i = 0; i < 3; i += 1) {
      const { task } = await taskAt(h, withExpert, 'assigned');
      h.clock.advance(1_000);
      await h.db.update(tasks).set({ status: 'verified', completed_at: h.clock.now() }).where(eq(tasks.id, task.id));
    }
    await hireAndDecline(withExpert);
    expect((await profileOf(withExpert.expert.id)).completed_as_agreed).toBeNull();
    const { task } = await taskAt(h, withExpert, 'assigned');
    await h.db.update(tasks).set({ status: 'verified', completed_at: h.clock.now() }).where(eq(tasks.id, task.id));
    expect((await profileOf(withExpert.expert.id)).completed_as_agreed).toEqual({ percent: 80, of: 5 });
  });
});
