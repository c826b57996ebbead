import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { hasPayableExpertWithin, nearestPayableExpertQuery } from './proximity.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('expert', { latitude: 40.7128, longitude: -74.006 }); // New York
  await t.createUser('expert', { latitude: 34.05, longitude: -118.24, payable: false }); // Los Angeles, not payable
});
afterAll(() => t.close());

describe('proximity check over the KNN-GiST index', () => {
  it('finds a payable expert within 100 miles and none beyond, by exact great-circle distance', async () => {
    // Philadelphia is about 81 miles from New York; Boston about 190.
    expect(await hasPayableExpertWithin(t.db, { latitude: 39.9526, longitude: -75.1652 }, 100)).toBe(true);
    expect(await hasPayableExpertWithin(t.db, { latitude: 42.3601, longitude: -71.0589 }, 100)).toBe(false);
    // An expert who is not payable does not serve Los Angeles.
    expect(await hasPayableExpertWithin(t.db, { latitude: 34.06, longitude: -118.25 }, 100)).toBe(false);
  });

  it('walks expert_profiles_payable_earth_idx in distance order (EXPLAIN)', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain ${nearestPayableExpertQuery({ latitude: 40.7, longitude: -74 })}`);
    });
    const text = JSON.stringify((plan as unknown as { rows: unknown[] }).rows);
    expect(text).toContain('expert_profiles_payable_earth_idx');
    expect(text).toContain('Order By');
  });
});
