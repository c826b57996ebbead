import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { createTestDatabase } from '../../test/test-db';
import { expertProfiles, tasks, userRoles } from '../schema';
import { DEMO_EXPERT_COUNT, isDatabaseEmpty, seedDemoData } from './seed';
import { SEED_CITIES } from './seed-cities';

describe('demo data', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('seeds an empty database with an admin, two clients, experts in 50 cities and open tasks', async () => {
    expect(await isDatabaseEmpty(handle.db)).toBe(true);
    const accounts = await seedDemoData(handle.db, { passwordHash: 'not-a-real-hash' });
    expect(await isDatabaseEmpty(handle.db)).toBe(false);
    expect(accounts.filter((a) => a.role === 'admin')).toHaveLength(1);
    expect(accounts.filter((a) => a.role === 'client')).toHaveLength(2);

    const experts = await handle.db.select().from(expertProfiles);
    expect(experts).toHaveLength(DEMO_EXPERT_COUNT);
    expect(experts.length).toBeGreaterThanOrEqual(60);
    const payable = experts.filter((e) => e.stripe_onboarding_completed && e.stripe_account_status === 'active');
    expect(payable.length / experts.length).toBeGreaterThan(0.8);
    expect(experts.every((e) => e.latitude !== null && e.bio.length > 0 && e.expertise.length > 0)).toBe(true);

    const usCities = SEED_CITIES.filter((c) => c.country === 'United States');
    expect(usCities.length).toBeGreaterThanOrEqual(40);
    expect(SEED_CITIES.length - usCities.length).toBeGreaterThanOrEqual(10);

    const [roles] = await handle.db.select({ value: count() }).from(userRoles).where(eq(userRoles.role, 'expert'));
    expect(Number(roles.value)).toBe(DEMO_EXPERT_COUNT);
    const open = await handle.db.select().from(tasks).where(eq(tasks.status, 'open'));
    expect(open.length).toBeGreaterThanOrEqual(3);
  });
});
