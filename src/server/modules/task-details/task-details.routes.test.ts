import { describe, expect, it } from 'vitest';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { eq } from 'drizzle-orm';
import { tasks, transactions } from '../../db/schema';
import type { TestUser } from '../../test/test-app';
import {
  apply,
  assign,
  createTask,
  expectError,
  okJson,
  taskAt,
  useTasksTestApp,
  type Cast,
  type TasksTestApp,
} from '../tasks/tasks.test-helpers';

let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite));

const details = async (taskId: string, user: TestUser) =>
  (await okJson<{ task: TaskDetailsDto }>(await h.request('GET', `/api/tasks/${taskId}`, { cookie: user.cookie }))).task;

describe('GET /api/tasks/:id', () => {
  it('gives the owner the task with its client, applications and capabilities', async () => {
    const task = await createTask(h, cast.client);
    const application = await apply(h, cast.expert, task.id, 13_500);
    const body = await details(task.id, cast.client);
    expect(body).toMatchObject({
      id: task.id,
      status: 'open',
      budget: 15_000,
      budget_figure: 15_000,
      expert: null,
      client: { id: cast.client.id, first_name: 'Client', last_name: 'Tester' },
      reviews: [],
      transactions: [],
    });
    expect(body.applications).toHaveLength(1);
    expect(body.applications[0]).toMatchObject({
      id: application.id,
      proposed_rate: 13_500,
      status: 'pending',
      expert: { id: cast.expert.id, verification_status: 'verified', profile: { first_name: 'Expert' } },
    });
    expect(body.capabilities).toEqual(expect.arrayContaining(['view', 'view_applicants', 'assign', 'edit', 'cancel']));
    expect(body.capabilities).not.toContain('apply');
  });

  it('shows the checklist the client wrote and the time zone stored with the task', async () => {
    const checklist = [{ label: 'Front door', kind: 'photo', required: true }];
    const task = await createTask(h, cast.client, { checklist });
    // A zone other than the coordinates' own: the answer must come from the stored column.
    await h.db.update(tasks).set({ time_zone: 'Asia/Tokyo' }).where(eq(tasks.id, task.id));
    const body = await details(task.id, cast.client);
    expect(body.checklist).toEqual([expect.objectContaining({ label: 'Front door', kind: 'photo', required: true })]);
    expect(body.time_zone).toBe('Asia/Tokyo');
  });

  it("shows an expert only their own application and what they may do", async () => {
    const task = await createTask(h, cast.client);
    await apply(h, cast.expert, task.id);
    const fresh = await details(task.id, cast.otherExpert);
    expect(fresh.applications).toEqual([]);
    expect(fresh.capabilities).toEqual(['view', 'apply']);
    await apply(h, cast.otherExpert, task.id, 11_000);
    const applied = await details(task.id, cast.otherExpert);
    expect(applied.applications.map((a) => a.expert_id)).toEqual([cast.otherExpert.id]);
    expect(applied.capabilities).toEqual(['view']);
  });

  it('after hiring: the expert card, the hired rate as the budget figure, the parties only', async () => {
    const task = await createTask(h, cast.client);
    const hired = await apply(h, cast.expert, task.id, 12_345);
    await assign(h, cast.client, task.id, hired.id);
    const forClient = await details(task.id, cast.client);
    expect(forClient.expert).toMatchObject({ id: cast.expert.id, bio: expect.any(String), expertise: expect.any(Array) });
    expect(forClient.budget_figure).toBe(12_345);
    expect(forClient.capabilities).toEqual(expect.arrayContaining(['authorize_payment', 'cancel', 'view_chat']));
    const forExpert = await details(task.id, cast.expert);
    expect(forExpert.capabilities).toEqual(expect.arrayContaining(['decline', 'report_client']));
    expect(forExpert.capabilities).not.toContain('accept');
    // An expert who never applied no longer sees a task that left the open list.
    expect(await expectError(await h.request('GET', `/api/tasks/${task.id}`, { cookie: cast.otherExpert.cookie }), 404)).toBe(
      'Task not found',
    );
  });

  it('includes reviews and transactions once the task is done', async () => {
    const { task } = await taskAt(h, cast, 'verified');
    await h.db.insert(transactions).values({ task_id: task.id, amount: 12_000, platform_fee: 1_200, status: 'captured' });
    await okJson(
      await h.request('POST', `/api/tasks/${task.id}/review`, {
        body: { rating: 5, comment: 'Thorough and quick, great photos.' },
        cookie: cast.client.cookie,
      }),
      201,
    );
    const body = await details(task.id, cast.client);
    expect(body.reviews).toHaveLength(1);
    expect(body.reviews[0]).toMatchObject({ rating: 5, task_title: task.title, reviewer: { id: cast.client.id } });
    expect(body.transactions).toEqual([
      expect.objectContaining({ amount: 12_000, platform_fee: 1_200, status: 'captured' }),
    ]);
    expect(body.evidence_file_count).toBe(1);
    expect(body.capabilities).toEqual(expect.arrayContaining(['view_evidence', 'view_review']));
    expect(body.capabilities).not.toContain('write_review');
    const forAdmin = await details(task.id, cast.admin);
    expect(forAdmin.applications).toHaveLength(1);
    expect(forAdmin.transactions).toHaveLength(1);
  });

  it('hides tasks from whoever may not see them (404 "Task not found")', async () => {
    const task = await createTask(h, cast.client);
    expect(await expectError(await h.request('GET', `/api/tasks/${task.id}`, { cookie: cast.otherClient.cookie }), 404)).toBe(
      'Task not found',
    );
    expect(await expectError(await h.request('GET', '/api/tasks/123', { cookie: cast.client.cookie }), 404)).toBe(
      'Task not found',
    );
    expect((await details(task.id, cast.admin)).id).toBe(task.id);
  });

  it('answers 401 signed out', async () => {
    const task = await createTask(h, cast.client);
    expect((await h.request('GET', `/api/tasks/${task.id}`)).status).toBe(401);
  });
});
