/**
 * GET /api/map-locations at BENCH_MAP_EXPERTS experts and BENCH_MAP_TASKS tasks (default 100,000
 * each), through the whole app in this process: uncached (the expert map version bumped before
 * every request, as an expert change does; the task side is reused for its 30 s, so a request
 * after it lapses is cold), cached, and the gzip size; against GET /api/config. Then the two
 * uncached cases separately, on a map-locations cache whose clock the bench moves: cold (task side
 * expired too, as every 30 s) and after an expert change only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { loadEnv } from '../../src/server/env';
import { systemClock } from '../../src/server/lib/clock';
import { createMapLocationsCache, MAP_LOCATIONS_TTL_MS } from '../../src/server/modules/geo/map-locations.cache';
import { createMapLocationsService } from '../../src/server/modules/geo/map-locations.service';
import { createGazetteer, lazyGeocoder } from '../../src/server/providers/geocoder';
import { createServerContext } from '../../src/server/server-context';
import { kb, ms, percent, percentile, ratioRow, repeat, REPEATS, type BenchRow } from './stats';
import { seed } from './tasks.bench';

const EXPERTS = Number(process.env.BENCH_MAP_EXPERTS ?? 100_000);
const TASKS = Number(process.env.BENCH_MAP_TASKS ?? 100_000);
const ORIGIN = 'http://localhost:3999';

async function timeRequests(count: number, before: () => Promise<unknown>, request: () => Response | Promise<Response>) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    await before();
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`status ${response.status}`);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

export async function benchMap(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-map-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await seed(database.db, EXPERTS, TASKS);
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const context = await createServerContext({ env, database, clock: systemClock, publicUrl: ORIGIN });
    const app = createApp(context);
    const gzip = { 'accept-encoding': 'gzip' };
    const map = () => app.request(`${ORIGIN}/api/map-locations`, { headers: gzip });
    const config = () => app.request(`${ORIGIN}/api/config`, { headers: gzip });
    const bump = () => database.db.execute(sql`select nextval('expert_map_version_seq')`);
    const nothing = async () => undefined;
    const first = await map(); // names the places once (the LRU keeps them), like a running server
    const gzipBytes = (await first.arrayBuffer()).byteLength;
    // The same cache and service as the route's, on a clock the bench moves.
    let now = 0;
    const cache = createMapLocationsCache({
      db: database.db,
      service: createMapLocationsService({ db: database.db, clock: systemClock, namer: lazyGeocoder(createGazetteer) }),
      now: () => now,
    });
    await cache.get(undefined);
    const direct = async () => new Response((await cache.get(undefined)).gzipped);
    const expire = async () => {
      now += MAP_LOCATIONS_TTL_MS;
    };
    const runs = await repeat(REPEATS, async () => {
      const uncached = await timeRequests(20, bump, map);
      const cold = await timeRequests(20, expire, direct);
      // The cold loop's last answer can leave a new task side being read in the background
      // (stale-while-revalidate); the next row waits for it, so that it measures its own case only.
      await new Promise((done) => setTimeout(done, 1_000));
      const expertChange = await timeRequests(20, bump, direct);
      return { uncached, cold, expertChange, cached: await timeRequests(200, nothing, map), reference: await timeRequests(200, nothing, config) };
    });
    const label = `${(EXPERTS / 1000).toFixed(0)}k experts, ${(TASKS / 1000).toFixed(0)}k tasks`;
    return [
      ratioRow(`map-locations uncached p99 (${label}) vs GET /api/config p99`, runs.map((r) => ({ value: r.uncached.p99, reference: r.reference.p99 })), { format: ms, goal: '<= 300 ms' }),
      ratioRow(`map-locations cold p99, task side expired too (${label}, cache.get) vs GET /api/config p99`, runs.map((r) => ({ value: r.cold.p99, reference: r.reference.p99 })), { format: ms, goal: '<= 300 ms' }),
      ratioRow(`map-locations after an expert change p99 (${label}, cache.get) vs GET /api/config p99`, runs.map((r) => ({ value: r.expertChange.p99, reference: r.reference.p99 })), { format: ms, goal: '<= 300 ms' }),
      ratioRow(`map-locations cached p99 (${label}) vs GET /api/config p99`, runs.map((r) => ({ value: r.cached.p99, reference: r.reference.p99 })), { format: ms, goal: '<= 50 ms' }),
      ratioRow('map-locations response (gzip) vs the 150 KB goal', [{ value: gzipBytes, reference: 150 * 1024 }], { format: kb, ratio: percent, goal: '<= 100%' }),
    ];
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
