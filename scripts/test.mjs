// `npm test`: typecheck, lint, unit + component + API tests, then the Playwright journeys when
// Chromium is present. With CI=true a missing Chromium is a failure, not a skip. Ends with one
// plain "N passed, N failed" line over both test runners.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const vitestReport = '.tmp/vitest-report.json';
const playwrightReport = '.tmp/playwright-report.json';
mkdirSync('.tmp', { recursive: true });
const totals = { passed: 0, failed: 0 };

function run(name, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

function finish(ok, what) {
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  if (!ok) console.error(`${what} failed`);
  process.exit(ok ? 0 : 1);
}

if (!run('typecheck', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'])) finish(false, 'typecheck');
if (!run('lint', ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0'])) finish(false, 'lint');

const unitOk = run('unit, component and API tests', [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
totals.passed += vitest?.numPassedTests ?? 0;
totals.failed += vitest?.numFailedTests ?? (unitOk ? 0 : 1);
if (!unitOk) finish(false, 'unit, component and API tests');

if (existsSync(chromium)) {
  if (!run('build', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'])) finish(false, 'build');
  const e2eOk = run('end-to-end journeys', ['node_modules/@playwright/test/cli.js', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  const stats = readJson(playwrightReport)?.stats;
  totals.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  totals.failed += stats?.unexpected ?? (e2eOk ? 0 : 1);
  finish(e2eOk, 'end-to-end journeys');
} else if (process.env.CI === 'true') {
  console.error(`Chromium was not found at ${chromium}; CI requires the end-to-end journeys.`);
  finish(false, 'end-to-end journeys');
} else {
  console.log(`\nChromium not found at ${chromium}: skipping the end-to-end journeys.`);
  finish(true, '');
}
