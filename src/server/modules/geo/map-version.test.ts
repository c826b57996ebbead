import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { authUsers, expertProfiles, profiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

// The expert map version (expert_map_version_seq, migration 0016_load.sql) moves when the map's expert
// side can change, and only then: writes to other expert columns keep every instance's cached map.
let t: TestApp;
let expert: string;
beforeAll(async () => {
  t = await createTestApp();
  expert = randomUUID();
  await t.db.insert(authUsers).values({ id: expert, email: `${expert}@map.test`, name: 'Map Expert', emailVerified: true });
  await t.db.insert(profiles).values({ id: expert, email: `${expert}@map.test`, first_name: 'Map', last_name: 'Expert' });
  await t.db.insert(expertProfiles).values({
    id: expert,
    profile_id: expert,
    location: 'Tulsa, Oklahoma',
    latitude: 36.15,
    longitude: -95.99,
    stripe_onboarding_completed: true,
    stripe_account_status: 'active',
  });
});
afterAll(() => t?.close());

async function version(): Promise<string> {
  const result = await t.db.execute(sql`select last_value::text as v, is_called from expert_map_version_seq`);
  const [row] = (result as unknown as { rows: { v: string; is_called: boolean }[] }).rows;
  return `${row.v}${row.is_called ? '' : '-'}`;
}

describe('expert map version', () => {
  it('stays when a column the map does not show changes (bio, stats)', async () => {
    const before = await version();
    await t.db.update(expertProfiles).set({ bio: 'Now with a drone' }).where(eq(expertProfiles.id, expert));
    await t.db.execute(sql`update expert_profiles set assignments_left_count = assignments_left_count + 1 where id = ${expert}`);
    expect(await version()).toBe(before);
  });

  it('moves when a map column changes (location, coordinates, payability)', async () => {
    for (const change of [
      { latitude: 36.2 },
      { location: 'Broken Arrow, Oklahoma' },
      { stripe_account_status: 'restricted' as const },
      { stripe_onboarding_completed: false },
    ]) {
      const before = await version();
      await t.db.update(expertProfiles).set(change).where(eq(expertProfiles.id, expert));
      expect(await version()).not.toBe(before);
    }
  });
});
