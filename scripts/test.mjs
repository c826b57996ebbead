// `npm test`: typecheck, lint, unit + component + API tests, then the Playwright journeys when
// Chromium is present. With CI=true a missing Chromium is a failure, not a skip.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const steps = [
  ['typecheck', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0']],
  ['unit, component and API tests', ['node_modules/vitest/vitest.mjs', 'run']],
];

function run(name, args) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${name} failed`);
    process.exit(result.status ?? 1);
  }
}

for (const [name, args] of steps) run(name, args);

if (existsSync(chromium)) {
  run('build', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
  run('end-to-end journeys', ['node_modules/@playwright/test/cli.js', 'test']);
} else if (process.env.CI === 'true') {
  console.error(`Chromium was not found at ${chromium}; CI requires the end-to-end journeys.`);
  process.exit(1);
} else {
  console.log(`\nChromium not found at ${chromium}: skipping the end-to-end journeys.`);
}
