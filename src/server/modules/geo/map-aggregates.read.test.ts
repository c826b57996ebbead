import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { expertProfiles, tasks } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { countCompletedTasks, listPayableExpertCells, listRecentTaskCells } from './geo.repository';
import { completedTasksQuery, expertCellsQuery, readExpertCells, readTaskAggregates, TASK_CELL_WINDOWS, taskCellsQuery } from './map-aggregates.read';

const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
let clientId: string;

async function expertAt(location: string | null, latitude: number, longitude: number, payable = true) {
  const expert = await t.createUser('expert', { payable, latitude, longitude });
  await t.db.update(expertProfiles).set({ location }).where(eq(expertProfiles.id, expert.id));
}

async function taskAt(latitude: number, longitude: number, ageDays: number, status: 'open' | 'verified' = 'open') {
  await t.db.insert(tasks).values({
    title: 'Check the apartment',
    description: 'Photos of every room, please.',
    budget: 5_000,
    location: 'Somewhere',
    latitude,
    longitude,
    status,
    client_id: clientId,
    created_at: new Date(t.clock.now().getTime() - ageDays * DAY_MS),
  });
}

const since = () => new Date(t.clock.now().getTime() - 30 * DAY_MS);

beforeAll(async () => {
  t = await createTestApp();
  clientId = (await t.createUser('client')).id;
});
afterAll(() => t?.close());

describe('readExpertCells and readTaskAggregates', () => {
  it('answers empty lists and zero on a database without experts or tasks', async () => {
    expect(await readExpertCells(t.db)).toEqual([]);
    expect(await readTaskAggregates(t.db, since(), t.clock.now())).toEqual({ taskCells: [], tasksCompleted: 0 });
  });

  it('reads the same cells and counts as the per-list queries it replaces', async () => {
    // Two texts of one name in one cell, one far away, an unpayable one and one without a text;
    // coordinates stay clear of the .x5 cell edges where float and numeric rounding differ.
    await expertAt('Austin, Texas', 30.2672, -97.7431);
    await expertAt('austin, TX', 30.2801, -97.7202);
    await expertAt('Austin, Texas', 30.4102, -97.7431);
    await expertAt('Portland, Maine', 43.6591, -70.2568);
    await expertAt('Portland, Maine', 43.6591, -70.2568, false);
    await expertAt(null, -23.5475, -46.6361);
    await taskAt(30.2672, -97.7431, 1);
    await taskAt(30.2681, -97.7433, 2);
    await taskAt(30.4412, -97.7401, 29);
    await taskAt(30.2672, -97.7431, 31);
    await taskAt(10.1, 10.1, 100, 'verified');
    // Southern and eastern or western hemispheres (cells travel as one number per task).
    await taskAt(-33.8688, 151.2093, 3);
    await taskAt(-23.5475, -46.6361, 4);
    await taskAt(-23.5475, -46.6361, 5);

    const read = { expertCells: await readExpertCells(t.db), ...(await readTaskAggregates(t.db, since(), t.clock.now())) };
    const byLabelAndCentre = <C extends { label: string; latSum: number; experts: number }>(cells: C[]) =>
      [...cells].sort((a, b) => a.label.localeCompare(b.label) || a.latSum / a.experts - b.latSum / b.experts);
    const expectedCells = byLabelAndCentre(await listPayableExpertCells(t.db));
    const actualCells = byLabelAndCentre(read.expertCells);
    expect(actualCells.map((c) => [c.label, c.experts])).toEqual(expectedCells.map((c) => [c.label, c.experts]));
    actualCells.forEach((cell, i) => {
      expect(cell.latSum).toBeCloseTo(expectedCells[i].latSum, 9);
      expect(cell.lngSum).toBeCloseTo(expectedCells[i].lngSum, 9);
    });
    expect(actualCells.map((c) => c.label)).toContain('');

    const byPosition = (cells: { latitude: number; longitude: number; tasks: number }[]) =>
      cells.map((c) => `${c.latitude},${c.longitude}:${c.tasks}`).sort();
    expect(byPosition(read.taskCells)).toEqual(byPosition(await listRecentTaskCells(t.db, since())));
    expect(read.taskCells.reduce((sum, c) => sum + c.tasks, 0)).toBe(6);
    expect(read.taskCells).toContainEqual({ latitude: -23.55, longitude: -46.64, tasks: 2 });
    expect(read.tasksCompleted).toBe(await countCompletedTasks(t.db));
    expect(read.tasksCompleted).toBe(1);
  });

  it('counts each recent task once across the windows, at their edges and past the end', async () => {
    const before = await readTaskAggregates(t.db, since(), t.clock.now());
    const total = (read: typeof before) => read.taskCells.reduce((sum, c) => sum + c.tasks, 0);
    const windowDays = 30 / TASK_CELL_WINDOWS;
    // On each inner edge between two windows, and one created after `until` (the last window is open).
    for (let edge = 1; edge < TASK_CELL_WINDOWS; edge++) await taskAt(51.5, -0.12, 30 - edge * windowDays);
    await taskAt(51.5, -0.12, -1);
    const after = await readTaskAggregates(t.db, since(), t.clock.now());
    expect(total(after) - total(before)).toBe(TASK_CELL_WINDOWS);
    expect(after.taskCells).toContainEqual({ latitude: 51.5, longitude: -0.12, tasks: TASK_CELL_WINDOWS });
  });

  it('reads the expert cells from expert_map_cells, never expert_profiles, recent tasks over their created_at index and the completed count from the counters', async () => {
    const planOf = (query: SQL) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(sql`explain ${query}`);
        const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
        return rows.map((row) => Object.values(row)[0]).join('\n');
      });
    const experts = await planOf(expertCellsQuery());
    expect(experts).toContain('expert_map_cells');
    expect(experts).not.toContain('expert_profiles');
    expect(await planOf(taskCellsQuery(new Date(), new Date()))).toMatch(/tasks_created_(at|status)_idx/);
    expect(await planOf(taskCellsQuery(new Date(), null))).toMatch(/tasks_created_(at|status)_idx/);
    // The completed count comes from the counters, not from a scan of the tasks by status.
    const completed = await planOf(completedTasksQuery());
    expect(completed).toContain('admin_counts');
    expect(completed).not.toContain('tasks');
  });
});
