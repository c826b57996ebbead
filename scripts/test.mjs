// `npm test`: typecheck, lint, unit + component + API tests, then the Playwright journeys when
// Chromium is present. With CI=true a missing Chromium is a failure, not a skip. Ends with one
// plain "N passed, N failed" line over both test runners.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { buildServerOnce } from './build/server-once.mjs';
import { buildWebOnce } from './build/web-once.mjs';

// The same browser as playwright.config.ts: Debian's headless shell when installed, else Chromium.
const chromium =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
const vitestReport = '.tmp/vitest-report.json';
const playwrightReport = '.tmp/playwright-report.json';
mkdirSync('.tmp', { recursive: true });
const totals = { passed: 0, failed: 0 };

function run(name, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** Starts a check in the background, keeping its output together; `done` settles when it ends. */
function startCheck({ name, args, env = {} }) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env } });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const done = new Promise((resolve) => {
    child.on('close', (code) => resolve({ name, ok: code === 0, output: Buffer.concat(output) }));
  });
  return { child, done };
}

/** Prints a finished check's output under its heading. */
function printCheck({ name, output }) {
  console.log(`\n=== ${name} ===`);
  process.stdout.write(output);
}

/** Runs a command with its output on this terminal, without blocking the checks running beside it. */
function runAttached(name, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => resolve(code === 0));
  });
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

// The server bundle first (a no-op when dist/server was built from these sources): the short load
// test and the journeys run it, and the tests that start the whole server as a process run it
// instead of compiling the source through tsx at every start (TEST_SERVER_BUILT, decision 0481).
console.log('\n=== server build ===');
const serverBuilt = buildServerOnce();
if (!serverBuilt) finish(false, 'server build');

// CI's short load test (TEST_WITH_SHORT_LOAD=1, set by .ci/run) starts first and runs beside
// typecheck, lint and the unit tests: it waits on its servers more than it computes, and it fails
// on a failed request or socket, not on latency, so sharing the cores does not change its verdict.
// Run alone first, it added 90-105 s to CI (decision 0403); beside typecheck and lint only, the
// checks waited about 50 s more for it (decision 0408).
const shortLoad =
  process.env.TEST_WITH_SHORT_LOAD === '1'
    ? startCheck({ name: 'load test (short)', args: ['--import', 'tsx', 'scripts/load/index.ts'], env: { LOAD_SHORT: '1' } })
    : null;
/** Ends the run, stopping the load test if it is still going. */
const stop = (ok, what) => {
  shortLoad?.child.kill('SIGTERM');
  finish(ok, what);
};
const checks = await Promise.all(
  [
    { name: 'typecheck', args: ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'] },
    { name: 'lint', args: ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0'] },
    // The import rules (.dependency-cruiser.cjs): module order, no cycles, infrastructure below modules.
    { name: 'import rules', args: ['node_modules/dependency-cruiser/bin/dependency-cruise.mjs', 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'] },
  ].map((check) => startCheck(check).done),
);
checks.forEach(printCheck);
const failedCheck = checks.find((check) => !check.ok);
if (failedCheck) stop(false, failedCheck.name);

const unitOk = await runAttached('unit, component and API tests', [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
], { TEST_SERVER_BUILT: '1' });
const vitest = readJson(vitestReport);
totals.passed += vitest?.numPassedTests ?? 0;
totals.failed += vitest?.numFailedTests ?? (unitOk ? 0 : 1);
if (!unitOk) stop(false, 'unit, component and API tests');

if (shortLoad) {
  const load = await shortLoad.done;
  printCheck(load);
  if (!load.ok) finish(false, load.name);
}

if (existsSync(chromium)) {
  console.log('\n=== build ===');
  if (!buildWebOnce()) finish(false, 'build');
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
