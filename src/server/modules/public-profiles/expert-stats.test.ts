import { describe, expect, it } from 'vitest';
import type { ExpertPublicProfileResponse } from '@shared/schemas/expert-public.schemas';
import { apply, createTask, okJson, taskAt, useTasksTestApp, type Cast, type TasksTestApp } from '../tasks/tasks.test-helpers';

/** Response time and success rate follow the task events (docs/decisions/0080), through the real routes. */
let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite));

const publicOf = async (id: string) =>
  ((await (await h.request('GET', `/api/experts/${id}/public`)).json()) as ExpertPublicProfileResponse).expert;

describe('expert response time and success rate', () => {
  it('averages the minutes from publication to application', async () => {
    const expert = await h.createUser('expert');
    const first = await createTask(h, cast.client);
    h.clock.advance(30 * 60_000);
    await apply(h, expert, first.id);
    expect((await publicOf(expert.id)).avg_response_time_mins).toBe(30);
    const second = await createTask(h, cast.client);
    h.clock.advance(2 * 60 * 60_000);
    await apply(h, expert, second.id);
    expect((await publicOf(expert.id)).avg_response_time_mins).toBe(75);
  });

  it('counts finished tasks over ended assignments: a decline counts against, work under way does not', async () => {
    const { expert } = cast;
    expect((await publicOf(expert.id)).success_rate).toBeNull();
    await taskAt(h, cast, 'verified');
    expect((await publicOf(expert.id)).success_rate).toBe(100);
    await taskAt(h, cast, 'in_progress');
    expect((await publicOf(expert.id)).success_rate).toBe(100);
    const { task } = await taskAt(h, cast, 'assigned');
    await okJson(await h.request('POST', `/api/tasks/${task.id}/decline`, { cookie: expert.cookie, body: { reason: 'expert_unavailable' } }));
    expect((await publicOf(expert.id)).success_rate).toBe(50);
    expect((await publicOf(expert.id)).completed_tasks).toBe(1);
  });

  it('counts only outcomes the expert caused: a cancel by the client or an admin is not theirs (issue 52, decision 0456)', async () => {
    const expert = cast.otherExpert;
    const local = { ...cast, expert };
    await taskAt(h, local, 'verified');
    expect((await publicOf(expert.id)).success_rate).toBe(100);
    // An admin cancels work under way (the admin's override, with a reason): not the expert's outcome.
    const byAdmin = await taskAt(h, local, 'in_progress');
    await okJson(
      await h.request('POST', `/api/tasks/${byAdmin.task.id}/cancel`, {
        body: { override_reason: 'The client asked support to cancel by phone.' },
        cookie: cast.admin.cookie,
      }),
    );
    expect((await publicOf(expert.id)).success_rate).toBe(100);
    // The client cancels an assigned task: not the expert's outcome either.
    const byClient = await taskAt(h, local, 'assigned');
    await okJson(await h.request('POST', `/api/tasks/${byClient.task.id}/cancel`, { body: { reason: 'plans_changed' }, cookie: cast.client.cookie }));
    expect((await publicOf(expert.id)).success_rate).toBe(100);
    // The expert accepts the rejection of their delivery: that outcome is theirs.
    const rejected = await taskAt(h, local, 'pending_approval');
    await okJson(
      await h.request('POST', `/api/tasks/${rejected.task.id}/evidence/reject`, {
        body: { reason: 'The photos show the wrong house.' },
        cookie: cast.client.cookie,
      }),
    );
    await okJson(await h.request('POST', `/api/tasks/${rejected.task.id}/dispute/accept`, { cookie: expert.cookie }));
    expect((await publicOf(expert.id)).success_rate).toBe(50);
  });
});
