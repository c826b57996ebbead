import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type {
  GeocodeReverseResponse,
  GeocodeSearchResponse,
  MapLocationsResponse,
} from '@shared/schemas/geo.schemas';
import { expertProfiles, tasks } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { payableExpertCellsQuery, recentTaskCellsQuery } from './geo.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };

let t: TestApp;
let clientId: string;

async function expertAt(
  location: string | null,
  latitude: number | null,
  longitude: number | null,
  payable = true,
) {
  const expert = await t.createUser('expert', {
    payable,
    latitude: latitude ?? 0,
    longitude: longitude ?? 0,
  });
  await t.db
    .update(expertProfiles)
    .set({ location, latitude, longitude })
    .where(eq(expertProfiles.id, expert.id));
  return expert;
}

async function taskAt(
  latitude: number,
  longitude: number,
  ageDays: number,
  status: 'open' | 'completed' | 'verified' = 'open',
) {
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

async function mapLocations(query = '') {
  const response = await t.request('GET', `/api/map-locations${query}`);
  expect(response.status).toBe(200);
  return t.json<MapLocationsResponse>(response);
}

beforeAll(async () => {
  t = await createTestApp();
  clientId = (await t.createUser('client')).id;
  // Austin: three payable experts (two cells), one not payable, one payable without coordinates.
  await expertAt('Austin, Texas', AUSTIN.latitude, AUSTIN.longitude);
  await expertAt('Austin, Texas', 30.31, -97.75);
  await expertAt('austin, TX', 30.24, -97.71);
  await expertAt('Austin, Texas', AUSTIN.latitude, AUSTIN.longitude, false);
  await expertAt('Austin, Texas', null, null);
  // Two Portlands far apart, and a place with an accented name.
  await expertAt('Portland, Oregon', 45.5152, -122.6784);
  await expertAt('Portland, Oregon', 45.52, -122.67);
  await expertAt('Portland, Maine', 43.6591, -70.2568);
  await expertAt('São Paulo, Brazil', -23.5475, -46.63611);
  // This Detroit expert's nearest place is Windsor, Canada: the location text decides the country.
  await expertAt('Detroit, Michigan', 42.31, -83.03);
  // Tasks: two recent ones near Austin (one ~12 miles out), one too far, one too old; finished ones elsewhere.
  await taskAt(AUSTIN.latitude, AUSTIN.longitude, 1);
  await taskAt(30.44, -97.74, 29);
  await taskAt(30.9, -97.74, 2);
  await taskAt(AUSTIN.latitude, AUSTIN.longitude, 31);
  await taskAt(10, 10, 100, 'completed');
  await taskAt(10, 10, 100, 'verified');
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/map-locations', () => {
  it('is public: answers without a session cookie', async () => {
    const response = await t.request('GET', '/api/map-locations');
    expect(response.status).toBe(200);
    expect((await t.json<MapLocationsResponse>(response)).success).toBe(true);
  });

  it('aggregates payable experts with coordinates by place, with recent tasks near each place', async () => {
    const body = await mapLocations();
    expect(body.data.map((l) => [l.name, l.country, l.expert_count])).toEqual([
      ['Austin', 'United States', 3],
      ['Portland', 'United States', 2],
      ['Detroit', 'United States', 1],
      ['Portland', 'United States', 1],
      ['São Paulo', 'Brazil', 1],
    ]);
    const austin = body.data[0];
    expect(austin).toMatchObject({ region: 'Texas', recent_tasks: 2 });
    expect(austin.latitude).toBeCloseTo(30.27, 1);
    expect(austin.longitude).toBeCloseTo(-97.73, 1);
    // Published coordinates are rounded to two decimals.
    expect(Math.round(austin.latitude * 100) / 100).toBe(austin.latitude);
    expect(body.data.slice(0, 4).map((l) => l.region)).toEqual(['Texas', 'Oregon', 'Michigan', 'Maine']);
    expect(body.data.slice(1).every((l) => l.recent_tasks === 0)).toBe(true);
    expect(body.totals).toEqual({ experts: 8, tasks_completed: 2 });
  });

  it('filters by name, region or country, case- and accent-insensitively', async () => {
    expect((await mapLocations('?search=TEXAS')).data.map((l) => l.name)).toEqual(['Austin']);
    expect((await mapLocations('?search=portland')).data).toHaveLength(2);
    expect((await mapLocations('?search=maine')).data.map((l) => l.region)).toEqual(['Maine']);
    expect((await mapLocations('?search=sao')).data.map((l) => l.name)).toEqual(['São Paulo']);
    expect((await mapLocations('?search=united%20states')).data).toHaveLength(4);
    const none = await mapLocations('?search=atlantis');
    expect(none).toMatchObject({ success: true, data: [] });
    // The badges' totals are network-wide, whatever the search.
    expect(none.totals?.experts).toBe(8);
  });

  it('reads experts and recent tasks through their indexes (the plan when sequential scans are off)', async () => {
    const planOf = (query: SQL) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(sql`explain ${query}`);
        const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
          string,
          string
        >[];
        return rows.map((row) => Object.values(row)[0]).join('\n');
      });
    expect(await planOf(payableExpertCellsQuery(t.db).getSQL())).toContain(
      'expert_profiles_payable_lat_lng_idx',
    );
    // Either index that leads with created_at serves it (the admin reports added (created_at, status)).
    expect(await planOf(recentTaskCellsQuery(t.db, new Date()).getSQL())).toMatch(/tasks_created_(at|status)_idx/);
  });

  it('refuses an over-long search with a clear message', async () => {
    const response = await t.request('GET', `/api/map-locations?search=${'x'.repeat(101)}`);
    expect(response.status).toBe(400);
    expect((await t.json<{ error: { message: string } }>(response)).error.message).toBe(
      messages.location.queryTooLong,
    );
  });
});

describe('GET /api/geocode/search and /api/geocode/reverse', () => {
  it('finds places by prefix with the location result shape, limited', async () => {
    const response = await t.request('GET', '/api/geocode/search?q=austi&limit=3');
    expect(response.status).toBe(200);
    const { results } = await t.json<GeocodeSearchResponse>(response);
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(3);
    expect(results[0]).toMatchObject({ name: 'Austin', country: 'United States', region: 'Texas' });
    expect(Object.keys(results[0]).sort()).toEqual(['address', 'country', 'lat', 'lng', 'name', 'region']);
  });

  it('answers 10 results by default', async () => {
    const { results } = await t.json<GeocodeSearchResponse>(
      await t.request('GET', '/api/geocode/search?q=san'),
    );
    expect(results).toHaveLength(10);
  });

  it.each([
    ['', messages.location.searchTooShort],
    ['?q=a', messages.location.searchTooShort],
    ['?q=%20%20a%20', messages.location.searchTooShort],
    [`?q=${'x'.repeat(101)}`, messages.location.queryTooLong],
    ['?q=austin&limit=abc', messages.location.limitInvalid],
    ['?q=austin&limit=0', messages.location.limitInvalid],
    ['?q=austin&limit=51', messages.location.limitInvalid],
  ])('refuses search%s with 400 and a clear message', async (query, message) => {
    const response = await t.request('GET', `/api/geocode/search${query}`);
    expect(response.status).toBe(400);
    expect((await t.json<{ error: { code: string; message: string } }>(response)).error).toMatchObject({
      code: 'bad_request',
      message,
    });
  });

  it('reverse-geocodes a coordinate to the nearest place', async () => {
    const response = await t.request('GET', '/api/geocode/reverse?lat=30.2672&lng=-97.7431');
    expect(response.status).toBe(200);
    const { result } = await t.json<GeocodeReverseResponse>(response);
    expect(result).toMatchObject({ name: 'Austin', region: 'Texas', country: 'United States' });
  });

  it.each([
    ['', messages.location.latitudeInvalid],
    ['?lat=abc&lng=1', messages.location.latitudeInvalid],
    ['?lat=&lng=1', messages.location.latitudeInvalid],
    ['?lat=91&lng=1', messages.location.latitudeInvalid],
    ['?lat=1e999&lng=1', messages.location.latitudeInvalid],
    ['?lat=10', messages.location.longitudeInvalid],
    ['?lat=10&lng=-180.5', messages.location.longitudeInvalid],
    ['?lat=10&lng=12abc', messages.location.longitudeInvalid],
  ])('refuses reverse%s with 400 and a clear message', async (query, message) => {
    const response = await t.request('GET', `/api/geocode/reverse${query}`);
    expect(response.status).toBe(400);
    expect((await t.json<{ error: { message: string } }>(response)).error.message).toBe(message);
  });
});

describe('GET /api/static-data/*', () => {
  it('serves the world countries and US states TopoJSON with long cache headers and an ETag', async () => {
    const world = await t.request('GET', '/api/static-data/world-countries.json');
    expect(world.status).toBe(200);
    expect(world.headers.get('cache-control')).toContain('max-age=604800');
    const topology = (await world.json()) as { type: string; objects: Record<string, unknown> };
    expect(topology.type).toBe('Topology');
    expect(Object.keys(topology.objects)).toContain('countries');

    const states = await t.request('GET', '/api/static-data/us-states.json');
    const etag = states.headers.get('etag');
    expect(Object.keys(((await states.json()) as { objects: object }).objects)).toContain('states');
    expect(etag).toBeTruthy();
    const again = await t.request('GET', '/api/static-data/us-states.json', {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
  });

  it('gzips for clients that accept it', async () => {
    const response = await t.request('GET', '/api/static-data/us-states.json', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers 404 for any other file', async () => {
    expect((await t.request('GET', '/api/static-data/package.json')).status).toBe(404);
    expect((await t.request('GET', '/api/static-data/..%2F..%2Fpackage.json')).status).toBe(404);
  });
});
