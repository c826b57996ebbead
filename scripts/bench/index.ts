// `npm run bench`: every benchmark of the product, printed as one table. Run `npm run build` first
// for the bundle-size rows (the script builds when dist/web is missing).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { benchStartup, type BenchRow } from './startup.bench';

type Bench = { title: string; run: () => Promise<BenchRow[]> };

async function loadBenches(): Promise<Bench[]> {
  const benches: Bench[] = [{ title: 'startup', run: () => benchStartup() }];
  const optional: Array<[string, string, string]> = [
    ['landing bundle', './landing.bench', 'benchLandingBundle'],
    ['geocoder', './geocoder.bench', 'benchGeocoder'],
    ['tasks', './tasks.bench', 'benchTasks'],
    ['expert profile', './expert-profile.bench', 'benchExpertProfile'],
    ['realtime', './realtime.bench', 'benchRealtime'],
    ['admin aggregates', './admin.bench', 'benchAdmin'],
  ];
  for (const [title, path, exportName] of optional) {
    if (!existsSync(new URL(`${path}.ts`, import.meta.url))) continue;
    const module = (await import(path)) as Record<string, () => Promise<BenchRow[]>>;
    benches.push({ title, run: module[exportName] });
  }
  return benches;
}

async function main() {
  if (!existsSync('dist/web/index.html')) {
    spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  }
  let failed = false;
  for (const bench of await loadBenches()) {
    console.log(`\n## ${bench.title}`);
    try {
      for (const row of await bench.run()) console.log(`${row.name.padEnd(60)} ${row.value}`);
    } catch (error) {
      failed = true;
      console.error(`  failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  process.exit(failed ? 1 : 0);
}

void main();
