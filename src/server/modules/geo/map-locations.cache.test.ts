import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MapLocationsResponse } from '@shared/schemas/geo.schemas';
import { createGazetteer, lazyGeocoder } from '../../providers/geocoder';
import { createTask } from '../../test/builders';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createLruMap } from './lru-map';
import { createMapLocationsCache, MAP_LOCATIONS_STALE_MS, MAP_LOCATIONS_TTL_MS } from './map-locations.cache';
import { createMapLocationsService, MAP_LOCATIONS_MAX_PLACES } from './map-locations.service';

let t: TestApp;
let clientId: string;
beforeAll(async () => {
  t = await createTestApp();
  clientId = (await t.createUser('client')).id;
  await t.createUser('expert', { latitude: 40.7128, longitude: -74.006 });
});
afterAll(() => t.close());

const body = async (response: Response) => (await response.json()) as MapLocationsResponse;

/**
 * A map cache on the test database under a time the test moves (`state.now`), counting the task
 * side's reads; `recent()` is the first place's recent_tasks as the cache answers now.
 */
function cacheUnderTest() {
  const state = { now: 0, taskSideReads: 0 };
  const real = createMapLocationsService({ db: t.db, clock: t.clock, namer: lazyGeocoder(createGazetteer) });
  const service = { ...real, readTaskSide: () => (state.taskSideReads++, real.readTaskSide()) };
  const cache = createMapLocationsCache({ db: t.db, service, now: () => state.now });
  const answer = async () => JSON.parse((await cache.get(undefined)).body) as MapLocationsResponse;
  const recent = async () => (await answer()).data[0].recent_tasks;
  return { state, cache, answer, recent };
}

describe('GET /api/map-locations caching', () => {
  it('sends Cache-Control and an ETag, and 304 for a matching If-None-Match', async () => {
    const first = await t.request('GET', '/api/map-locations');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await t.request('GET', '/api/map-locations', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('gzips the answer for clients that accept it', async () => {
    const response = await t.request('GET', '/api/map-locations', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const parsed = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()) as MapLocationsResponse;
    expect(parsed.success).toBe(true);
  });

  it('shows an expert change on the next request, however fresh the cached answer', async () => {
    const before = await body(await t.request('GET', '/api/map-locations'));
    await t.createUser('expert', { latitude: 40.72, longitude: -74.0 });
    const after = await body(await t.request('GET', '/api/map-locations'));
    expect(after.totals?.experts).toBe((before.totals?.experts ?? 0) + 1);
  });

  it('reuses an answer for the TTL when only tasks changed, then recomputes', async () => {
    const { state, recent } = cacheUnderTest();
    const count = await recent();
    await createTask(t.db, { client_id: clientId, created_at: t.clock.now() });
    state.now += MAP_LOCATIONS_TTL_MS - 1;
    expect(await recent()).toBe(count);
    state.now += 2;
    // Past the TTL the old answer is sent at once while the new one is computed, then the new one.
    expect(await recent()).toBe(count);
    await vi.waitFor(async () => expect(await recent()).toBe(count + 1));
  });

  it('waits for a new answer once the old one is past the stale bound', async () => {
    const { state, recent } = cacheUnderTest();
    const count = await recent();
    await createTask(t.db, { client_id: clientId, created_at: t.clock.now() });
    state.now += MAP_LOCATIONS_TTL_MS + MAP_LOCATIONS_STALE_MS;
    expect(await recent()).toBe(count + 1);
  });

  it('answers from the stale answer while the refresh runs, and computes it once', async () => {
    const { state, cache } = cacheUnderTest();
    const first = await cache.get(undefined);
    state.now += MAP_LOCATIONS_TTL_MS + 1;
    const during = await Promise.all([cache.get(undefined), cache.get(undefined), cache.get(undefined)]);
    expect(during.every((answer) => answer === first)).toBe(true);
    await vi.waitFor(async () => expect(await cache.get(undefined)).not.toBe(first));
    expect(state.taskSideReads).toBe(2);
  });

  it('keeps the task side on an expert change, and expires the answer with that task side', async () => {
    const { state, answer } = cacheUnderTest();
    const first = await answer();
    await createTask(t.db, { client_id: clientId, created_at: t.clock.now() });
    state.now += MAP_LOCATIONS_TTL_MS / 2;
    await t.createUser('expert', { latitude: 40.71, longitude: -74.01 });
    const afterExpert = await answer();
    expect(afterExpert.totals?.experts).toBe((first.totals?.experts ?? 0) + 1);
    expect(afterExpert.data[0].recent_tasks).toBe(first.data[0].recent_tasks);
    // Recomputed half-way through the TTL, the answer still expires when its task side does.
    state.now = MAP_LOCATIONS_TTL_MS;
    await vi.waitFor(async () => expect((await answer()).data[0].recent_tasks).toBe(first.data[0].recent_tasks + 1));
  });

  it(`caps the answer at ${MAP_LOCATIONS_MAX_PLACES} places, most experts first`, async () => {
    const id = (g: string) => sql.raw(`('f' || lpad(to_hex(${g}), 31, '0'))::uuid`);
    const n = MAP_LOCATIONS_MAX_PLACES + 20;
    await t.db.execute(sql`insert into auth_users (id, name, email, email_verified)
      select ${id('g')}, 'Cap', 'cap' || g || '@example.com', true from generate_series(1, ${n}) g`);
    await t.db.execute(sql`insert into profiles (id, first_name, last_name, email, onboarding_completed)
      select ${id('g')}, 'Cap', 'Expert', 'cap' || g || '@example.com', true from generate_series(1, ${n}) g`);
    await t.db.execute(sql`insert into expert_profiles (id, profile_id, location, latitude, longitude,
        verification_status, stripe_onboarding_completed, stripe_account_status)
      select ${id('g')}, ${id('g')}, 'Cap Town ' || g, -40 + (g % 100) * 0.5, 100 + (g / 100) * 0.5,
        'verified', true, 'active' from generate_series(1, ${n}) g`);
    const answer = await body(await t.request('GET', '/api/map-locations'));
    expect(answer.data).toHaveLength(MAP_LOCATIONS_MAX_PLACES);
    // New York has the most experts (three) and stays in; the totals still count everyone.
    expect(answer.data[0]).toMatchObject({ name: 'New York', expert_count: 3 });
    expect(answer.totals?.experts).toBe(n + 3);
  });
});

describe('the place-name LRU', () => {
  it('drops only the least recently used entry when full', () => {
    const lru = createLruMap<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.get('a');
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
  });
});
