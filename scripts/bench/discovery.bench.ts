/**
 * Issue 23: the expert's filtered task search at BENCH_DISCOVERY_OPEN_TASKS open tasks (default
 * 100,000; tasks.bench's seed makes 30 % of its tasks open) and BENCH_DISCOVERY_EXPERTS experts
 * (default 100,000), p50 and p99 against a plain indexed point read (a task by primary key) in the
 * same repeat, and the search's EXPLAIN (tasks_open_earth_idx); then the client's expert directory
 * search (a page of 10 cards with the total) the same way, with its EXPLAIN
 * (expert_profiles_payable_earth_idx). Goal: p99 <= 50 ms for both.
 * Run alone: node --import tsx scripts/bench/discovery.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { searchOpenTasks, taskSearchPageQuery } from '../../src/server/modules/discovery/task-search.repository';
import { directoryPageQuery, searchDirectory } from '../../src/server/modules/discovery/directory.repository';
import { ms, ratioRow, repeat, REPEATS, type BenchRow } from './stats';
import { seed } from './tasks.bench';

const OPEN_TASKS = Number(process.env.BENCH_DISCOVERY_OPEN_TASKS ?? 100_000);
const EXPERTS = Number(process.env.BENCH_DISCOVERY_EXPERTS ?? 100_000);
const QUERIES = 300;

const percentileOf = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function timeAll<T>(inputs: T[], run: (input: T) => Promise<unknown>) {
  for (const input of inputs.slice(0, 20)) await run(input);
  const times: number[] = [];
  for (const input of inputs) {
    const started = performance.now();
    await run(input);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentileOf(times, 0.5), p99: percentileOf(times, 0.99) };
}

export async function benchDiscovery(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const database = await openDatabase({ dataDir: 'memory://' });
  const db = database.db;
  try {
    const started = performance.now();
    await seed(db, EXPERTS, Math.round(OPEN_TASKS / 0.3));
    rows.push({ name: `seed ${EXPERTS.toLocaleString('en-US')} experts + ${OPEN_TASKS.toLocaleString('en-US')} open tasks (setup)`, value: `${((performance.now() - started) / 1000).toFixed(1)} s` });
    // Centres at the seed's towns (where tasks are), with filters and sorts varied per query.
    const sorts = ['newest', 'nearest', 'budget', 'due_date'] as const;
    const searches = Array.from({ length: QUERIES }, (_, i) => ({
      origin: { latitude: 30 + (i % 300) * 0.06, longitude: -120 + (i % 300) * 0.17 },
      miles: [25, 50, 100][i % 3],
      filters: { budget_min: 6000, budget_max: 40_000, ...(i % 2 === 0 ? { category: 'vehicle' as const } : {}), ...(i % 4 === 1 ? { urgency: 'medium' as const } : {}) },
      sort: sorts[i % 4],
    }));
    const ids = ((await db.execute(sql`select id from tasks where status = 'open' limit ${QUERIES}`)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    // The directory: the same places, minimum rating and response time varied, both sorts.
    const directorySorts = ['distance', 'rating'] as const;
    const directorySearches = searches.map((search, i) => ({
      origin: search.origin,
      miles: search.miles,
      filters: { ...(i % 3 === 0 ? { min_rating: 4 } : {}), ...(i % 5 === 2 ? { max_response_mins: 120 } : {}) },
      sort: directorySorts[i % 2],
      window: { limit: 10, offset: 0 },
    }));
    const found = await searchDirectory(db, directorySearches[1]);
    rows.push({ name: 'directory search: cards on the first sample page (sanity)', value: `${found.length} of ${found[0]?.total ?? 0}` });
    const runs = await repeat(REPEATS, async () => ({
      search: await timeAll(searches, (s) => searchOpenTasks(db, { ...s, window: { limit: 20, offset: 0 }, expertId: null })),
      directory: await timeAll(directorySearches, (s) => searchDirectory(db, s)),
      reference: await timeAll(ids, (id) => db.execute(sql`select * from tasks where id = ${id}`)),
    }));
    rows.push(
      ratioRow('filtered task search (page of 20 with total), p50, vs point read p50', runs.map((r) => ({ value: r.search.p50, reference: r.reference.p50 })), { format: ms }),
      ratioRow('filtered task search (page of 20 with total), p99, vs point read p99', runs.map((r) => ({ value: r.search.p99, reference: r.reference.p99 })), { format: ms, goal: 'p99 <= 50 ms' }),
      ratioRow('expert directory search (page of 10 with total), p50, vs point read p50', runs.map((r) => ({ value: r.directory.p50, reference: r.reference.p50 })), { format: ms }),
      ratioRow('expert directory search (page of 10 with total), p99, vs point read p99', runs.map((r) => ({ value: r.directory.p99, reference: r.reference.p99 })), { format: ms, goal: 'p99 <= 50 ms' }),
    );
    const plan = await db.execute(sql`explain ${taskSearchPageQuery(searches[0].origin, 50, searches[0].filters, 'newest', { limit: 20, offset: 0 })}`);
    const lines = (plan as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0].trim());
    rows.push({ name: 'task search plan (EXPLAIN)', value: lines.filter((line) => /Index|Bitmap/.test(line)).join(' | ') });
    const first = directorySearches[0];
    const directoryPlan = await db.execute(sql`explain ${directoryPageQuery(first.origin, first.miles, first.filters, first.sort, first.window)}`);
    const directoryLines = (directoryPlan as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0].trim());
    rows.push({ name: 'directory search plan (EXPLAIN)', value: directoryLines.filter((line) => /Index|Bitmap/.test(line)).join(' | ') });
  } finally {
    await database.close();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  void benchDiscovery().then((rows) => rows.forEach((row) => console.log(`${row.name.padEnd(80)} ${row.value}`)));
}
