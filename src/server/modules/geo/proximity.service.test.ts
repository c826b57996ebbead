import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocationResult } from '@shared/domain/cities';
import { createApp } from '../../app';
import { expertProfiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Geocoder } from '../../providers/geocoder/geocoder';
import { createProximityChecker } from './proximity.service';
import { payableExpertWithinQuery } from './proximity.repository';
import type { TasksModuleDeps } from '../tasks/tasks.deps';
import { createTasksTestApp, expectError, taskInput, type TasksTestApp } from '../tasks/tasks.test-helpers';

let h: TasksTestApp;
beforeAll(async () => {
  h = await createTasksTestApp();
  // Verified experts with location texts (the fallback's source); not payable, so the query ignores them.
  await h.createUser('expert', { payable: false });
});
afterAll(async () => {
  await h.close();
});

const PLACES: Record<string, LocationResult> = {
  'New York, New York': { name: 'New York', lat: 40.7128, lng: -74.006, address: 'New York', country: 'United States', region: 'New York' },
};

function fakeGeocoder(options: { fail?: boolean } = {}): Geocoder & { queries: string[] } {
  const queries: string[] = [];
  return {
    queries,
    async search(query) {
      queries.push(query);
      if (options.fail) throw new Error('geocoder down');
      return PLACES[query] ? [PLACES[query]] : [];
    },
    async reverse() {
      return null;
    },
  };
}

const failingQuery = async () => {
  throw new Error('relation "expert_profiles" is unavailable');
};

describe('createProximityChecker', () => {
  it('answers from the query when it works (the non-payable expert does not count)', async () => {
    const geocoder = fakeGeocoder();
    const checker = createProximityChecker({ db: h.db, geocoder });
    expect(await checker.isServed({ latitude: 40.75, longitude: -73.99 })).toBe(false);
    expect(geocoder.queries).toEqual([]);
  });

  it('falls back to geocoding verified experts when the query throws', async () => {
    const geocoder = fakeGeocoder();
    const checker = createProximityChecker({ db: h.db, geocoder, findNearby: failingQuery });
    expect(await checker.isServed({ latitude: 40.75, longitude: -73.99 })).toBe(true);
    expect(await checker.isServed({ latitude: 34.05, longitude: -118.24 })).toBe(false);
    expect(geocoder.queries).toContain('New York, New York');
  });

  it('refuses with the no-experts text when the fallback finds none near', async () => {
    const checker = createProximityChecker({ db: h.db, geocoder: fakeGeocoder(), findNearby: failingQuery });
    await expect(checker.assertServed({ latitude: 34.05, longitude: -118.24 })).rejects.toMatchObject({
      code: 'bad_request',
      message:
        'No verified experts are available within 100 miles of the selected location. Please choose a different location where our experts can provide service.',
    });
  });

  it('gives the availability text when the fallback throws too', async () => {
    const checker = createProximityChecker({
      db: h.db,
      geocoder: fakeGeocoder({ fail: true }),
      findNearby: failingQuery,
    });
    const error = await checker.assertServed({ latitude: 40.75, longitude: -73.99 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ message: 'Unable to verify expert availability. Please try again.', status: 502 });
  });

  it('is what POST /api/tasks uses: the availability text reaches the client', async () => {
    const deps: TasksModuleDeps = {
      ...h.context,
      taskPayments: h.payments,
      proximityChecker: createProximityChecker({
        db: h.db,
        geocoder: fakeGeocoder({ fail: true }),
        findNearby: failingQuery,
      }),
    };
    const app = createApp(deps);
    const client = await h.createUser('client');
    const response = await app.request('http://localhost:3999/api/tasks', {
      method: 'POST',
      headers: { origin: 'http://localhost:3999', cookie: client.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(taskInput()),
    });
    expect(await expectError(response, 502)).toBe('Unable to verify expert availability. Please try again.');
  });
});

describe('the proximity query plan', () => {
  it('can read the partial index expert_profiles_payable_lat_lng_idx (its predicate matches)', async () => {
    // A test database is tiny, so a sequential scan would win on cost: rule it out to see the index fits.
    await h.db.execute(sql`analyze ${expertProfiles}`);
    await h.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = await h.db.execute(
        sql`explain ${payableExpertWithinQuery({ latitude: 40.7, longitude: -74 }, 100)}`,
      );
      const text = JSON.stringify((plan as unknown as { rows: unknown[] }).rows);
      expect(text).toContain('expert_profiles_payable_lat_lng_idx');
    } finally {
      await h.db.execute(sql`set enable_seqscan = on`);
    }
  });
});
