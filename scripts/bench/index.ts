// `npm run bench`: every benchmark of the product, printed as one table. Each figure is a ratio
// against a reference measured in the same run, min / median / max over BENCH_REPEATS (3) repeats,
// because the machines are shared and noisy. Builds first when dist/ is missing (`npm run build`).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import type { BenchRow } from './stats';

type Bench = { title: string; path: string; exportName: string };

const BENCHES: Bench[] = [
  { title: 'signed-in task details over HTTP vs bare Hono (PGlite, PostgreSQL)', path: './api.bench', exportName: 'benchApi' },
  { title: 'cold start and the landing page in Chromium', path: './browser.bench', exportName: 'benchBrowser' },
  { title: 'map-locations at 100,000 experts', path: './map.bench', exportName: 'benchMap' },
  { title: 'proximity at 1,000,000 experts, task list', path: './tasks.bench', exportName: 'benchTasks' },
  { title: 'landing bundle (static analysis of the build)', path: './landing.bench', exportName: 'benchLandingBundle' },
  { title: 'geocoder', path: './geocoder.bench', exportName: 'benchGeocoder' },
  { title: 'public expert profile (1,000 reviews)', path: './expert-profile.bench', exportName: 'benchExpertProfile' },
  { title: 'realtime fan-out to 1,000 sockets vs a bare ws broadcast', path: './realtime.bench', exportName: 'benchRealtime' },
  { title: 'realtime hub: one event among 10,000 sockets vs 10 sockets, and vs a scan of every subscription', path: './realtime-hub.bench', exportName: 'benchRealtimeHub' },
  { title: 'admin overview and 12-month report', path: './admin.bench', exportName: 'benchAdmin' },
  { title: 'dashboard reads: statements and p50 vs "select 1" (PGlite, PostgreSQL)', path: './dashboard.bench', exportName: 'benchDashboard' },
  { title: 'cost as work grows: the main reads at 10,000 / 100,000 / 1,000,000 tasks (PostgreSQL)', path: './growth.bench', exportName: 'benchGrowth' },
  { title: 'logging and metrics on vs off (issue 21)', path: './ops.bench', exportName: 'benchOps' },
  { title: 'evidence video upload through the local store vs a plain file copy', path: './upload.bench', exportName: 'benchUpload' },
  { title: 'task search and expert directory at 100,000 open tasks and 100,000 experts vs a point read', path: './discovery.bench', exportName: 'benchDiscovery' },
  { title: 'task alerts: create task among 10,000 alerted experts vs alerts off', path: './task-alerts.bench', exportName: 'benchTaskAlerts' },
  { title: 'Lighthouse (mobile) per page vs a static page', path: './lighthouse.bench', exportName: 'benchLighthouse' },
];

function build() {
  const run = (args: string[]) => spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (!existsSync('dist/web/index.html')) run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
  // The server as it is now: a bundle left from older sources would measure old code.
  if (run(['scripts/build/server-once.mjs']).status !== 0) throw new Error('the server build failed');
}

async function main() {
  build();
  const only = process.env.BENCH_ONLY?.split(',');
  let failed = false;
  console.log(`repeats: ${process.env.BENCH_REPEATS ?? 3}; ratios are min / median / max`);
  for (const bench of BENCHES) {
    if (only && !only.some((name) => bench.path.includes(name))) continue;
    console.log(`\n## ${bench.title}`);
    try {
      const module = (await import(bench.path)) as Record<string, () => Promise<BenchRow[]>>;
      for (const row of await module[bench.exportName]()) console.log(`${row.name.padEnd(80)} ${row.value}`);
    } catch (error) {
      failed = true;
      const rows = (error as { rows?: BenchRow[] }).rows ?? [];
      for (const row of rows) console.log(`${row.name.padEnd(80)} ${row.value}`);
      console.error(`  failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  process.exit(failed ? 1 : 0);
}

void main();
