import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;

/** End-to-end journeys in Debian's Chromium against the real server on a fresh embedded database. */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The server as `npm start` runs it: compiled (a bundle picks up every module), plain node.
    command: 'node scripts/build/server.mjs && rm -rf .tmp/e2e-data && node dist/server/main.js',
    url: `${baseURL}/api/config`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: '.tmp/e2e-data',
      DATABASE_URL: '',
      NODE_ENV: 'development',
      // Request lines would bury the journeys' own output; warnings and errors still show.
      LOG_LEVEL: 'warn',
    },
  },
});
