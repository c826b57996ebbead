import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expertProfiles, reviews, taskApplications } from '../../db/schema';
import type { TestUser } from '../../test/test-app';
import { createClientReview } from '../../test/builders';
import {
  apply,
  createTask,
  notificationsOf,
  taskAt,
  taskRow,
  useTasksTestApp,
  type Cast,
  type TasksTestApp,
} from './tasks.test-helpers';

/**
 * Races: many requests at once for one change. Whatever the interleaving, the change is written
 * once and every loser gets a 409 with one of the spec's texts. (On PostgreSQL these run truly in
 * parallel; on PGlite the requests interleave at every query.)
 */
let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite));

const RACE_TEXTS = [
  'Task is no longer available for assignment',
  'Another expert has already been assigned to this task',
  'Task was already assigned to another expert',
];

async function outcomes(responses: Response[]) {
  const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status, body: await r.json() })));
  return {
    winners: bodies.filter((b) => b.status < 300),
    losers: bodies.filter((b) => b.status >= 300),
  };
}

describe('parallel assigns', () => {
  it('20 assigns of 20 applications leave exactly one winner and one accepted application', async () => {
    const task = await createTask(h, cast.client);
    const experts: TestUser[] = [];
    for (let i = 0; i < 20; i++) experts.push(await h.createUser('expert'));
    const applications = [];
    for (const expert of experts) applications.push(await apply(h, expert, task.id));

    const { winners, losers } = await outcomes(
      await Promise.all(
        applications.map((application) =>
          h.request('POST', `/api/tasks/${task.id}/assign`, {
            body: { application_id: application.id },
            cookie: cast.client.cookie,
          }),
        ),
      ),
    );
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(19);
    for (const loser of losers) {
      expect(loser.status).toBe(409);
      expect(RACE_TEXTS).toContain(loser.body.error.message);
    }

    const row = await taskRow(h, task.id);
    const rows = await h.db.select().from(taskApplications).where(eq(taskApplications.task_id, task.id));
    const accepted = rows.filter((a) => a.status === 'accepted');
    expect(accepted).toHaveLength(1);
    expect(rows.filter((a) => a.status === 'rejected')).toHaveLength(19);
    expect(row).toMatchObject({ status: 'assigned', expert_id: accepted[0].expert_id, budget: accepted[0].proposed_rate });
    const assignments = await Promise.all(experts.map((e) => notificationsOf(h, e.id, task.id)));
    expect(assignments.flat().filter((n) => n.type === 'assignment')).toHaveLength(1);
  }, 60_000);

  it('20 assigns of the same application write it once', async () => {
    const task = await createTask(h, cast.client);
    const application = await apply(h, cast.expert, task.id);
    const { winners, losers } = await outcomes(
      await Promise.all(
        Array.from({ length: 20 }, () =>
          h.request('POST', `/api/tasks/${task.id}/assign`, {
            body: { application_id: application.id },
            cookie: cast.client.cookie,
          }),
        ),
      ),
    );
    expect(winners).toHaveLength(1);
    expect(losers.every((l) => l.status === 409 && RACE_TEXTS.includes(l.body.error.message))).toBe(true);
    expect((await notificationsOf(h, cast.expert.id, task.id)).filter((n) => n.type === 'assignment')).toHaveLength(1);
  });
});

describe('parallel accepts', () => {
  it('start the work once: one started_at, one notification', async () => {
    const { task } = await taskAt(h, cast, 'authorized');
    const { winners, losers } = await outcomes(
      await Promise.all(
        Array.from({ length: 10 }, () => h.request('POST', `/api/tasks/${task.id}/accept`, { cookie: cast.expert.cookie })),
      ),
    );
    expect(winners).toHaveLength(1);
    expect(losers.every((l) => l.status === 409 && l.body.error.message === 'Task status has changed. Please refresh the page.')).toBe(
      true,
    );
    const row = await taskRow(h, task.id);
    expect(row.started_at?.toISOString()).toBe(winners[0].body.task.started_at);
    const accepted = (await notificationsOf(h, cast.client.id, task.id)).filter((n) => n.type === 'assignment_accepted');
    expect(accepted).toHaveLength(1);
  });
});

describe('parallel reviews', () => {
  it('write one review and count it once in the average', async () => {
    const expert = await h.createUser('expert');
    const { task } = await taskAt(h, { ...cast, expert }, 'verified');
    // The expert reviewed the client first, so the double-blind rule reveals the client's review at once (issue 23).
    await createClientReview(h.db, { task_id: task.id, expert_id: expert.id, client_id: cast.client.id });
    const { winners, losers } = await outcomes(
      await Promise.all(
        [5, 1, 2, 3, 4, 5, 1, 2, 3, 4].map((rating) =>
          h.request('POST', `/api/tasks/${task.id}/review`, {
            body: { rating, comment: 'Parallel review of the same task.' },
            cookie: cast.client.cookie,
          }),
        ),
      ),
    );
    expect(winners).toHaveLength(1);
    expect(losers.every((l) => l.status === 409 && l.body.error.message === 'You have already reviewed this task')).toBe(true);
    const rows = await h.db.select().from(reviews).where(eq(reviews.task_id, task.id));
    expect(rows).toHaveLength(1);
    const [profile] = await h.db.select().from(expertProfiles).where(eq(expertProfiles.id, expert.id));
    expect({ avg: Number(profile.avg_rating), count: profile.review_count }).toEqual({ avg: rows[0].rating, count: 1 });
  });
});

describe('parallel applies by one expert', () => {
  it('write one application', async () => {
    const task = await createTask(h, cast.client);
    const { winners, losers } = await outcomes(
      await Promise.all(
        Array.from({ length: 10 }, () =>
          h.request('POST', `/api/tasks/${task.id}/applications`, {
            body: { proposed_rate: 10_000, notes: 'Applying many times at once.' },
            cookie: cast.otherExpert.cookie,
          }),
        ),
      ),
    );
    expect(winners).toHaveLength(1);
    expect(losers.every((l) => l.status === 409 && l.body.error.message === 'You have already applied for this task')).toBe(
      true,
    );
    const rows = await h.db.select().from(taskApplications).where(eq(taskApplications.task_id, task.id));
    expect(rows).toHaveLength(1);
  });
});
