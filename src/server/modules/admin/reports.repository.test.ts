import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_STATUSES } from '@shared/domain/task-state';
import { createTask } from '../../test/builders';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadReports } from './reports.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-27T15:30:00.000Z'));
});
afterAll(() => t.close());

describe('loadReports: the completed / in progress / cancelled bar', () => {
  it('counts by spec 002 — completed = completed or verified, in progress = open or in_progress — and agrees with the status pie', async () => {
    const client = await t.createUser('client');
    const expert = await t.createUser('expert');
    const now = t.clock.now();
    // One task in every status, two open ones, all created today.
    for (const status of [...TASK_STATUSES, 'open' as const]) {
      await createTask(t.db, {
        client_id: client.id,
        expert_id: status === 'open' ? null : expert.id,
        status,
        created_at: now,
      });
    }

    const reports = await loadReports(t.db, '7d', now);
    const today = reports.activity.progress.at(-1);
    // Spec 002, Reports tab: "stacked bar of completed (status completed or verified), in progress
    // (open or in_progress) and cancelled" — so open counts as in progress here; assigned,
    // pending_approval and the others are in none of the three bars.
    expect(today).toEqual({ bucket: '2026-11-27', completed: 2, inProgress: 3, cancelled: 1 });
    const pie = new Map(reports.activity.taskStatus.map((row) => [row.key, row.count]));
    expect(today?.inProgress).toBe((pie.get('open') ?? 0) + (pie.get('in_progress') ?? 0));
    expect(today?.completed).toBe((pie.get('completed') ?? 0) + (pie.get('verified') ?? 0));
    expect(today?.cancelled).toBe(pie.get('cancelled'));
  });
});
