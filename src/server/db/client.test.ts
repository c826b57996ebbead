import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../test/test-db';
import type { DatabaseHandle } from './client';
import { systemSettings } from './schema';

describe('test database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('starts migrated, with the one settings row at the spec defaults', async () => {
    const rows = await handle.db.select().from(systemSettings);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ platform_fee_percent: 10, min_task_price: 500, max_task_price: 100000 });
  });

  it('has the earthdistance extension for proximity queries', async () => {
    const result = await handle.db.execute(
      sql`select round(earth_distance(ll_to_earth(40.7128, -74.006), ll_to_earth(34.0522, -118.2437))::numeric / 1609.344) as miles`,
    );
    const rows = (result as unknown as { rows: { miles: string }[] }).rows;
    expect(Number(rows[0].miles)).toBeGreaterThan(2400);
  });
});
