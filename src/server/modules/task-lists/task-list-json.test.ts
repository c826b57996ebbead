import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TaskListDto } from '@shared/schemas/task-api';
import { tasks } from '../../db/schema';
import { createApplication, createTask } from '../../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { timeZoneAt } from '../../lib/task-time-zone';
import { toTaskDto } from '../tasks/tasks.dto';

/**
 * The list items PostgreSQL writes as JSON text (task-list-json.ts) against what the server wrote
 * before: toTaskDto of the row, its application count and the caller's application status, then
 * the distance. Every kind of field: dates with microseconds (both truncate to milliseconds), dates
 * that are null, a checklist, evidence files, texts JSON must escape, coordinates with many digits,
 * and a row older than the time_zone column's backfill.
 */
const NYC = { latitude: 40.712776, longitude: -74.005974 };
const AWKWARD = 'Door "B" \\ back\nside\t\u2028 ✓ 🏠';

let t: TestApp;
let client: TestUser;
let expert: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  client = await t.createUser('client');
  expert = await t.createUser('expert', NYC);
  const full = await createTask(t.db, {
    client_id: client.id,
    status: 'open',
    title: AWKWARD,
    description: AWKWARD,
    requirements: AWKWARD,
    latitude: NYC.latitude,
    longitude: NYC.longitude,
    checklist: [{ id: 'c1', label: AWKWARD, kind: 'photo', required: true }],
    evidence_files: ['evidence/a.png', 'evidence/b.png'],
    completion_notes: AWKWARD,
  });
  // Microseconds in every date PostgreSQL can hold them in.
  await t.db.execute(sql`update tasks set due_date = '2027-02-03 04:05:06.789999+00', published_at = '2026-12-01 00:00:00.000500+00',
    created_at = '2026-11-30 23:59:59.999999+00', updated_at = now(), submitted_at = '2026-12-02 10:00:00.1234+00' where id = ${full.id}`);
  await createApplication(t.db, { task_id: full.id, expert_id: expert.id, proposed_rate: 12_345 });
  const bare = await createTask(t.db, { client_id: client.id, status: 'open', latitude: 35.6762, longitude: 139.6503 });
  // A row older than the backfill: its zone comes from its coordinates.
  await t.db.update(tasks).set({ time_zone: null, checklist: null }).where(eq(tasks.id, bare.id));
});
afterAll(async () => t?.close());

/** What the list wrote before (task-lists.service.ts): toTaskDto, the list's fields, then the distance. */
async function expectedItems(userId: string, distanceOf: (row: { latitude: number; longitude: number }) => number | null) {
  const rows = await t.db.select().from(tasks).where(eq(tasks.client_id, client.id));
  const counts = await t.db.execute(sql`select task_id, count(*)::int as n, max(case when expert_id = ${userId} then status::text end) as mine
    from task_applications group by task_id`);
  const byTask = new Map((counts as unknown as { rows: Array<{ task_id: string; n: number; mine: string | null }> }).rows.map((row) => [row.task_id, row]));
  return rows.map((row) => ({
    ...toTaskDto(row),
    application_count: byTask.get(row.id)?.n ?? 0,
    my_application_status: byTask.get(row.id)?.mine ?? null,
    distance_miles: distanceOf(row),
  }));
}

const byId = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));

describe('task-list items written by PostgreSQL', () => {
  it("equal the client's items as the server mapped them, field for field", async () => {
    const response = await t.request('GET', '/api/tasks?scope=mine&page=1&pageSize=50', { cookie: client.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await t.json<TaskListDto>(response);
    expect(body).toMatchObject({ total: 2, totalIsCapped: false, page: 1, pageSize: 50 });
    expect(byId(body.tasks)).toEqual(byId(await expectedItems(client.id, () => null)));
    const full = body.tasks.find((task) => task.title === AWKWARD)!;
    expect(full).toMatchObject({
      due_date: '2027-02-03T04:05:06.789Z',
      published_at: '2026-12-01T00:00:00.000Z',
      created_at: '2026-11-30T23:59:59.999Z',
      submitted_at: '2026-12-02T10:00:00.123Z',
      evidence_file_count: 2,
      application_count: 1,
      distance_miles: null,
    });
    // The row without a stored zone gets the zone of its coordinates, as toTaskDto gave it.
    expect(body.tasks.find((task) => task.title !== AWKWARD)!.time_zone).toBe(timeZoneAt(35.6762, 139.6503));
  });

  it("equal the expert's items in the available list, with their own application and the distance", async () => {
    const query = `scope=available&latitude=${NYC.latitude}&longitude=${NYC.longitude}&radius_miles=50`;
    const body = await t.json<TaskListDto>(await t.request('GET', `/api/tasks?${query}`, { cookie: expert.cookie }));
    const [item] = body.tasks;
    expect(body.tasks).toHaveLength(1);
    const [expected] = (await expectedItems(expert.id, () => 0)).filter((row) => row.id === item!.id);
    expect(item).toEqual(expected);
    expect(item).toMatchObject({ my_application_status: 'pending', distance_miles: 0 });
  });
});
