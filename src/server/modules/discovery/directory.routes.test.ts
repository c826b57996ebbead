import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DirectoryPageDto } from '@shared/schemas/directory.schemas';
import { expertProfiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { directoryPageQuery } from './directory.repository';

// A known answer far from the other test users (New York): 1 degree of latitude is 69.09 miles.
const CENTRE = { latitude: 45, longitude: -100 };
const NOW = new Date('2026-11-01T12:00:00Z');
let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  const seed = [
    ['A', 45.1, { expertise: ['Vehicles'], avg_rating: 4.5, review_count: 10, community_trusted_at: NOW, avg_response_time_mins: 30 }],
    ['B', 45.5, { expertise: ['Property inspection'], avg_rating: 4.9, review_count: 3, background_verified_at: NOW, avg_response_time_mins: 120 }],
    ['C', 46.0, { expertise: ['vehicles'], avg_rating: 3, review_count: 2, avg_response_time_mins: 15 }],
    ['D', 46.6, { expertise: ['Vehicles'], avg_rating: 5, review_count: 9 }],
  ] as const;
  for (const [name, latitude, columns] of seed) {
    const user = await t.createUser('expert', { latitude, longitude: CENTRE.longitude, firstName: name });
    await t.db.update(expertProfiles).set({ ...columns, expertise: [...columns.expertise] }).where(eq(expertProfiles.id, user.id));
    ids[name] = user.id;
  }
  // Close by but not payable: never listed.
  ids.E = (await t.createUser('expert', { latitude: 45.05, longitude: CENTRE.longitude, payable: false, firstName: 'E' })).id;
});
afterAll(() => t.close());

const search = (query: Record<string, string | number> = {}) =>
  t.request('GET', `/api/search/experts?${new URLSearchParams({ latitude: '45', longitude: '-100', ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`);
const names = async (query: Record<string, string | number> = {}) => {
  const body = await t.json<DirectoryPageDto>(await search(query));
  return body.experts.map((e) => Object.keys(ids).find((k) => ids[k] === e.id));
};

describe('GET /api/search/experts', () => {
  it('lists payable experts within 100 miles, nearest first, without coordinates, signed out', async () => {
    const response = await search();
    expect(response.status).toBe(200);
    const body = await t.json<DirectoryPageDto>(response);
    expect(body.experts.map((e) => e.first_name)).toEqual(['A', 'B', 'C']);
    expect(body).toMatchObject({ total: 3, page: 1, radius_miles: 100 });
    expect(body.experts[0]).toMatchObject({ distance_miles: 6.9, avg_rating: 4.5, review_count: 10, avg_response_time_mins: 30, accepts_invitations: true });
    expect(body.experts[0].badges.map((b) => b.level)).toEqual(['community_trust']);
    expect(JSON.stringify(body)).not.toMatch(/latitude|longitude|email|stripe/);
  });

  it.each([
    [{ radius_miles: 50 }, ['A', 'B']],
    [{ expertise: 'VEHICLES' }, ['A', 'C']],
    [{ min_rating: 4 }, ['A', 'B']],
    [{ badge: 'community_trust' }, ['A']],
    [{ badge: 'background_check' }, ['B']],
    [{ max_response_mins: 60 }, ['A', 'C']],
    [{ sort: 'rating' }, ['B', 'A', 'C']],
    [{ expertise: 'Vehicles', min_rating: 4, sort: 'rating' }, ['A']],
    [{ sort: 'rating', radius_miles: 40, max_response_mins: 200 }, ['B', 'A']],
    [{ pageSize: 2, page: 2 }, ['C']],
  ])('filters and sorts with %o', async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it('includes an expert exactly at the radius by the great-circle rule and not one beyond', async () => {
    // C is 69.09 miles away: a 69-mile radius is not a choice, 70 keeps it and 60 drops it.
    expect(await names({ radius_miles: 70 })).toContain('C');
    expect(await names({ radius_miles: 60 })).not.toContain('C');
  });

  it.each([
    [{ min_rating: 6 }, 'Choose a minimum rating between 1 and 5.'],
    [{ radius_miles: 500 }, 'Choose a distance between 10 and 100 miles.'],
    [{ badge: 'gold' }, 'This badge is not available.'],
    [{ max_response_mins: 0 }, 'Choose a response time in minutes, 1 or more.'],
    [{ sort: 'price' }, 'This filter value is not available.'],
  ])('answers 400 for %o', async (query, text) => {
    const response = await search(query);
    expect(response.status).toBe(400);
    expect((await t.json<{ error: { message: string } }>(response)).error.message).toBe(text);
  });

  it('needs a place', async () => {
    const response = await t.request('GET', '/api/search/experts');
    expect(response.status).toBe(400);
    expect((await t.json<{ error: { message: string } }>(response)).error.message).toBe('Choose a place to search near.');
  });

  it('reads the region through expert_profiles_payable_earth_idx for every filter and sort (EXPLAIN)', async () => {
    const filters = { expertise: 'Vehicles', min_rating: 4, badge: 'community_trust', max_response_mins: 60 } as const;
    for (const sort of ['distance', 'rating'] as const) {
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute(sql`explain ${directoryPageQuery(CENTRE, 50, filters, sort, { limit: 10, offset: 0 })}`);
      });
      expect(JSON.stringify((plan as unknown as { rows: unknown[] }).rows)).toContain('expert_profiles_payable_earth_idx');
    }
  });
});
