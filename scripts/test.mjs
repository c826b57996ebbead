// `npm test`: typecheck, lint, unit + API tests, then the Playwright journeys when Chromium is
// present, with the component tests (and CI's side runs) beside them. With CI=true a missing
// Chromium is a failure, not a skip. Ends with one plain "N passed, N failed" line over both test
// runners.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { buildServerOnce } from './build/server-once.mjs';
import { buildWebOnce } from './build/web-once.mjs';

// The same browser as playwright.config.ts: Debian's headless shell when installed, else Chromium.
const chromium =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
const vitestReport = '.tmp/vitest-report.json';
const componentReport = '.tmp/vitest-components-report.json';
const playwrightReport = '.tmp/playwright-report.json';
mkdirSync('.tmp', { recursive: true });
// A report left by an earlier run must not be counted as this run's.
for (const report of [vitestReport, componentReport, playwrightReport]) rmSync(report, { force: true });
const totals = { passed: 0, failed: 0 };

/** Starts a check in the background, keeping its output together; `done` settles when it ends. */
function startCheck({ name, args, env = {}, nice = 0 }) {
  // `nice` (coreutils) gives the check and every process it starts the lower priority.
  const [command, commandArgs] =
    nice > 0 ? ['nice', ['-n', String(nice), process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(command, commandArgs, { env: { ...process.env, ...env } });
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

// The side runs: they start with the journeys, at the lowest priority (nice 19), and take the CPU
// the journeys leave idle (a fifth to a quarter of two cores: the browser, the server and the test
// runner wait on each other; decisions 0483 and 0484, earlier placements: 0403 and 0408). Each
// judges failures, not latency, so the lower priority cannot change a verdict, only its time.
// - The component tests (Vitest's web project): about 115 CPU-seconds that the API suite's run no
//   longer spends on its two cores (decision 0484). Their report is counted like the API suite's.
// - CI's short load test (TEST_WITH_SHORT_LOAD=1) and the money path under random kills
//   (TEST_WITH_CHAOS=1), both set by .ci/run: a failed request or socket; money left drifting.
const sideRuns = [
  {
    name: 'component tests',
    // Two workers: each sets up jsdom once, and the side run only has the journeys' idle CPU to use.
    args: [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'web',
      '--maxWorkers=2',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${componentReport}`,
    ],
    report: componentReport,
  },
  process.env.TEST_WITH_SHORT_LOAD === '1' && {
    name: 'load test (short)',
    args: ['--import', 'tsx', 'scripts/load/index.ts'],
    env: { LOAD_SHORT: '1' },
  },
  process.env.TEST_WITH_CHAOS === '1' && {
    name: 'chaos (short)',
    args: ['--import', 'tsx', 'scripts/chaos/index.ts'],
    env: { CHAOS_SHORT: '1' },
  },
].filter(Boolean);
/** The side runs once started (startSideRuns), so that a failed step can stop them. */
let startedSideRuns = [];
const startSideRuns = () => {
  startedSideRuns = sideRuns.map((sideRun) => ({
    ...startCheck({ ...sideRun, nice: 19 }),
    report: sideRun.report,
  }));
};
/** Waits for the side runs, prints each and adds its tests (or one failure) to the totals; true when all passed. */
async function finishSideRuns() {
  let ok = true;
  for (const { done, report } of startedSideRuns) {
    const result = await done;
    printCheck(result);
    // A side run with a test report counts its tests; one without counts as one failure when it fails.
    const counts = report ? readJson(report) : null;
    totals.passed += counts?.numPassedTests ?? 0;
    totals.failed += counts?.numFailedTests ?? 0;
    if (!result.ok) {
      console.error(`${result.name} failed`);
      if (!counts?.numFailedTests) totals.failed += 1;
      ok = false;
    }
  }
  return ok;
}
/** Ends the run, stopping the side runs if they are still going. */
const stop = (ok, what) => {
  for (const { child } of startedSideRuns) child.kill('SIGTERM');
  finish(ok, what);
};

const checks = await Promise.all(
  [
    // TypeScript 7, the native compiler, on one thread: the same verdicts as TypeScript 6's tsc (which
    // stays for typescript-eslint and the editors) in 17 CPU-seconds instead of 59 (decision 0483).
    {
      name: 'typecheck',
      args: ['node_modules/typescript-native/bin/tsc', '-p', 'tsconfig.json', '--noEmit', '--singleThreaded'],
    },
    { name: 'lint', args: ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0'] },
    // The import rules (.dependency-cruiser.cjs): module order, no cycles, infrastructure below modules.
    {
      name: 'import rules',
      args: [
        'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
        'src',
        '--config',
        '.dependency-cruiser.cjs',
        '--output-type',
        'err',
      ],
    },
  ].map((check) => startCheck(check).done),
);
checks.forEach(printCheck);
const failedCheck = checks.find((check) => !check.ok);
if (failedCheck) stop(false, failedCheck.name);

// The component tests run later, beside the journeys (see sideRuns).
const unitOk = await runAttached(
  'unit and API tests',
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    'server',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ],
  { TEST_SERVER_BUILT: '1' },
);
const vitest = readJson(vitestReport);
totals.passed += vitest?.numPassedTests ?? 0;
totals.failed += vitest?.numFailedTests ?? (unitOk ? 0 : 1);
if (!unitOk) stop(false, 'unit and API tests');

if (existsSync(chromium)) {
  console.log('\n=== build ===');
  if (!buildWebOnce()) stop(false, 'build');
  startSideRuns();
  // Attached without blocking this process: the side runs' output is read while the journeys run.
  const e2eOk = await runAttached(
    'end-to-end journeys',
    ['node_modules/@playwright/test/cli.js', 'test', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    },
  );
  const stats = readJson(playwrightReport)?.stats;
  totals.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  totals.failed += stats?.unexpected ?? (e2eOk ? 0 : 1);
  const sideOk = await finishSideRuns();
  finish(e2eOk && sideOk, e2eOk ? 'side runs' : 'end-to-end journeys');
} else if (process.env.CI === 'true') {
  console.error(`Chromium was not found at ${chromium}; CI requires the end-to-end journeys.`);
  stop(false, 'end-to-end journeys');
} else {
  console.log(`\nChromium not found at ${chromium}: skipping the end-to-end journeys.`);
  startSideRuns();
  const sideOk = await finishSideRuns();
  finish(sideOk, 'side runs');
}
