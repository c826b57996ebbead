import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { authUsers, expertProfiles, profiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

// The expert_map_cells table kept by row triggers on expert_profiles (migration 0008_map_cells.sql),
// checked against a direct aggregate of expert_profiles. Runs on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set (then also with parallel writers).
const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

interface CellRow {
  name_key: string;
  lat10: number;
  lng10: number;
  location: string;
  experts: number;
  lat_sum: number;
  lng_sum: number;
}

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;
const keyOf = (row: CellRow) => `${row.name_key}|${Number(row.lat10)}|${Number(row.lng10)}|${row.location}`;

async function cellsTable(): Promise<CellRow[]> {
  return rowsOf<CellRow>(
    await t.db.execute(sql`select name_key, lat10, lng10, location, experts, lat_sum, lng_sum from expert_map_cells`),
  );
}

/** What the table must hold: the aggregate the map computed from expert_profiles before it existed. */
async function directAggregate(): Promise<CellRow[]> {
  return rowsOf<CellRow>(
    await t.db.execute(sql`
      select lower(trim(split_part(coalesce(location, ''), ',', 1))) as name_key, round(latitude * 10) as lat10,
             round(longitude * 10) as lng10, coalesce(location, '') as location, count(*)::int as experts,
             sum(latitude)::float8 as lat_sum, sum(longitude)::float8 as lng_sum
      from expert_profiles
      where stripe_onboarding_completed = true and stripe_account_status = 'active'
        and latitude is not null and longitude is not null
      group by 1, 2, 3, 4`),
  );
}

async function expectTableMatchesExperts() {
  const sorted = (rows: CellRow[]) => [...rows].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
  const table = sorted(await cellsTable());
  const direct = sorted(await directAggregate());
  expect(table.map((row) => [keyOf(row), Number(row.experts)])).toEqual(direct.map((row) => [keyOf(row), Number(row.experts)]));
  table.forEach((row, i) => {
    expect(Number(row.lat_sum)).toBeCloseTo(Number(direct[i].lat_sum), 9);
    expect(Number(row.lng_sum)).toBeCloseTo(Number(direct[i].lng_sum), 9);
  });
  return table;
}

interface ExpertSpec {
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  payable?: boolean;
}

/** Experts inserted directly (no session needed), one statement per table. */
async function insertExperts(specs: ExpertSpec[]): Promise<string[]> {
  const ids = specs.map(() => randomUUID());
  await t.db.insert(authUsers).values(
    ids.map((id) => ({ id, email: `${id}@cells.test`, name: 'Cell Tester', emailVerified: true, firstName: 'Cell', lastName: 'Tester' })),
  );
  await t.db
    .insert(profiles)
    .values(ids.map((id) => ({ id, email: `${id}@cells.test`, first_name: 'Cell', last_name: 'Tester', onboarding_completed: true })));
  await t.db.insert(expertProfiles).values(
    specs.map((spec, i) => ({
      id: ids[i],
      profile_id: ids[i],
      location: spec.location,
      latitude: spec.latitude,
      longitude: spec.longitude,
      stripe_onboarding_completed: spec.payable ?? true,
      stripe_account_status: (spec.payable ?? true) ? ('active' as const) : ('pending' as const),
    })),
  );
  return ids;
}

const mapVersion = async () =>
  rowsOf<{ v: string }>(await t.db.execute(sql`select last_value::text as v from expert_map_version_seq`))[0].v;

describe('expert_map_cells', () => {
  it('counts payable, located experts per name, cell and text on insert', async () => {
    await insertExperts([
      { location: 'Austin, Texas', latitude: 30.2672, longitude: -97.7431 },
      { location: 'Austin, Texas', latitude: 30.2801, longitude: -97.7202 },
      { location: 'austin, TX', latitude: 30.2801, longitude: -97.7202 },
      { location: 'Austin, Texas', latitude: 30.2672, longitude: -97.7431, payable: false },
      { location: 'Austin, Texas', latitude: null, longitude: null },
      { location: null, latitude: -23.5475, longitude: -46.6361 },
    ]);
    const table = await expectTableMatchesExperts();
    expect(table.map((row) => [row.location, Number(row.experts)])).toEqual([
      ['', 1],
      ['Austin, Texas', 2],
      ['austin, TX', 1],
    ]);
  });

  it('follows an expert who moves to another cell or renames the place, and drops emptied rows', async () => {
    const [mover, renamer] = await insertExperts([
      { location: 'Boise, Idaho', latitude: 43.615, longitude: -116.2023 },
      { location: 'Boise, Idaho', latitude: 43.615, longitude: -116.2023 },
    ]);
    await t.db.update(expertProfiles).set({ latitude: 43.81, longitude: -116.5 }).where(eq(expertProfiles.id, mover));
    await expectTableMatchesExperts();
    await t.db.update(expertProfiles).set({ location: 'Meridian, Idaho' }).where(eq(expertProfiles.id, renamer));
    const table = await expectTableMatchesExperts();
    // The original cell had two experts and both left it: its row is gone, not left at zero.
    expect(table.filter((row) => row.name_key === 'boise').map((row) => [Number(row.lat10), Number(row.experts)])).toEqual([[438, 1]]);
    expect(table.every((row) => Number(row.experts) > 0)).toBe(true);
  });

  it('adds and removes experts whose payable status changes, and ignores other columns', async () => {
    const [expert] = await insertExperts([{ location: 'Tulsa, Oklahoma', latitude: 36.154, longitude: -95.9928, payable: false }]);
    const tulsa = async () => (await cellsTable()).filter((row) => row.name_key === 'tulsa');
    expect(await tulsa()).toEqual([]);
    await t.db
      .update(expertProfiles)
      .set({ stripe_onboarding_completed: true, stripe_account_status: 'active' })
      .where(eq(expertProfiles.id, expert));
    expect((await tulsa()).map((row) => Number(row.experts))).toEqual([1]);
    await t.db.update(expertProfiles).set({ bio: 'Still here', location: 'Tulsa, Oklahoma' }).where(eq(expertProfiles.id, expert));
    expect((await tulsa()).map((row) => Number(row.experts))).toEqual([1]);
    await t.db.update(expertProfiles).set({ stripe_account_status: 'restricted' }).where(eq(expertProfiles.id, expert));
    expect(await tulsa()).toEqual([]);
    await t.db.update(expertProfiles).set({ stripe_account_status: 'active', latitude: null }).where(eq(expertProfiles.id, expert));
    expect(await tulsa()).toEqual([]);
    await expectTableMatchesExperts();
  });

  it('removes deleted experts, and bumps the map version on every change', async () => {
    const ids = await insertExperts([
      { location: 'Reno, Nevada', latitude: 39.5296, longitude: -119.8138 },
      { location: 'Reno, Nevada', latitude: 39.5296, longitude: -119.8138 },
    ]);
    const before = await mapVersion();
    await t.db.delete(profiles).where(eq(profiles.id, ids[0])); // cascades to expert_profiles
    expect(await mapVersion()).not.toBe(before);
    expect((await cellsTable()).filter((row) => row.name_key === 'reno').map((row) => Number(row.experts))).toEqual([1]);
    await t.db.delete(expertProfiles).where(inArray(expertProfiles.id, ids));
    expect((await cellsTable()).filter((row) => row.name_key === 'reno')).toEqual([]);
    await expectTableMatchesExperts();
  });

  it('is rebuilt from expert_profiles by rebuild_expert_map_cells() after a load with triggers off', async () => {
    const before = await mapVersion();
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update expert_profiles set latitude = latitude + 1 where location = 'Austin, Texas'`);
    });
    await expect(expectTableMatchesExperts()).rejects.toThrow(); // the triggers did not run
    await t.db.execute(sql`select rebuild_expert_map_cells()`);
    await expectTableMatchesExperts();
    expect(await mapVersion()).not.toBe(before);
  });

  describe.skipIf(!databaseUrl)('on PostgreSQL, with parallel writers', () => {
    it('loses no count when transactions change experts of the same cells at once', async () => {
      const here = { location: 'Fargo, North Dakota', latitude: 46.8772, longitude: -96.7898 };
      const there = { location: 'Fargo, North Dakota', latitude: 46.9772, longitude: -96.7898 };
      const inHere = await insertExperts(Array.from({ length: 8 }, () => here));
      const inThere = await insertExperts(Array.from({ length: 8 }, () => there));
      // Each transaction holds its cell rows until it commits; the pauses make them overlap. Half
      // move one way, half the other (ordered locking: no deadlock), others join or leave.
      const slowly = (change: (tx: Parameters<Parameters<TestApp['db']['transaction']>[0]>[0]) => Promise<unknown>) =>
        t.db.transaction(async (tx) => {
          await change(tx);
          await tx.execute(sql`select pg_sleep(0.05)`);
        });
      await Promise.all([
        ...inHere.slice(0, 4).map((id) => slowly((tx) => tx.update(expertProfiles).set({ latitude: there.latitude }).where(eq(expertProfiles.id, id)))),
        ...inThere.slice(0, 4).map((id) => slowly((tx) => tx.update(expertProfiles).set({ latitude: here.latitude }).where(eq(expertProfiles.id, id)))),
        ...inHere.slice(4, 6).map((id) => slowly((tx) => tx.delete(expertProfiles).where(eq(expertProfiles.id, id)))),
        ...inThere.slice(4, 6).map((id) =>
          slowly((tx) => tx.update(expertProfiles).set({ stripe_account_status: 'restricted' }).where(eq(expertProfiles.id, id))),
        ),
        insertExperts(Array.from({ length: 3 }, () => here)),
      ]);
      const fargo = (await expectTableMatchesExperts()).filter((row) => row.name_key === 'fargo');
      expect(fargo.map((row) => [Number(row.lat10), Number(row.experts)])).toEqual([
        [469, 2 + 3 + 4],
        [470, 2 + 4],
      ]);
    });
  });

  it('is emptied by a truncate of expert_profiles', async () => {
    await t.db.execute(sql`truncate expert_profiles cascade`);
    expect(await cellsTable()).toEqual([]);
  });
});
