import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../test/test-db';
import { createTask } from '../../test/builders';
import type { DatabaseHandle } from '../client';
import { authUsers, profiles, tasks } from '../schema';
import { shiftAllDates } from './shift-dates';

const HOUR = 60 * 60 * 1000;

describe('moving the demo data to the time of the first start', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('moves every date of every row by the same amount, keeping the distances', async () => {
    const id = crypto.randomUUID();
    const createdAt = new Date('2026-01-01T10:00:00.000Z');
    await handle.db.insert(authUsers).values({ id, email: `${id}@example.com`, name: 'Shift', emailVerified: true, createdAt });
    await handle.db.insert(profiles).values({ id, email: `${id}@example.com`, first_name: 'Shift', created_at: createdAt });
    const dueDate = new Date('2026-01-04T10:00:00.000Z');
    const task = await createTask(handle.db, { client_id: id, created_at: createdAt, due_date: dueDate });
    await shiftAllDates(handle.db, 30 * 24 * HOUR + 5_000);
    const [moved] = await handle.db.select().from(tasks).where(eq(tasks.id, task.id));
    const [user] = await handle.db.select().from(authUsers).where(eq(authUsers.id, id));
    expect(new Date(moved.created_at).toISOString()).toBe('2026-01-31T10:00:05.000Z');
    expect(new Date(moved.due_date!).getTime() - new Date(moved.created_at).getTime()).toBe(3 * 24 * HOUR);
    expect(user.createdAt.toISOString()).toBe('2026-01-31T10:00:05.000Z');
  });

  it('leaves the data alone for a shift under a second', async () => {
    const [before] = await handle.db.select({ at: profiles.created_at }).from(profiles).limit(1);
    await shiftAllDates(handle.db, 999);
    const [after] = await handle.db.select({ at: profiles.created_at }).from(profiles).limit(1);
    expect(after.at).toEqual(before.at);
  });
});
