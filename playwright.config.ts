import { existsSync } from 'node:fs';
import { defineConfig, type TraceMode } from '@playwright/test';

const firstPort = Number(process.env.E2E_PORT ?? 3100);
/**
 * With E2E_WORKERS > 1, journeys run in parallel workers, each against a server of its own (own port,
 * own fresh embedded database), so that one worker's admin settings or user counts never reach
 * another's. Playwright sets TEST_PARALLEL_INDEX in each worker before it loads this file there.
 * One worker is the default: on 2 cores, two workers were slower than one (decision 0290).
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
/**
 * Debian's old headless shell (package chromium-headless-shell) when it is there: the journeys are bound
 * by the browser's CPU on these 2-core machines, and the shell, without the full browser's UI processes,
 * ran them about a quarter faster (decision 0290). CHROMIUM_PATH overrides it.
 */
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
const urlOf = (index: number) => `http://localhost:${firstPort + index}`;
export const baseURL = urlOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/** End-to-end journeys in Debian's Chromium against the real server on a fresh embedded database. */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    /**
     * The browser asks for reduced motion, so the product's stylesheet cuts its animations and
     * transitions to nothing (src/web/styles/index.css) and the toasts stop sliding. Every frame of a
     * fade or a slide is composited in software on these machines: with motion, the task journeys
     * used 15% more CPU and ran 12% longer (decision 0410). No journey checks an animation.
     */
    reducedMotion: 'reduce',
    /**
     * A trace costs what the journey itself costs: recording one (a DOM snapshot and a screencast frame
     * for every action) took a third of the journeys' time and more CPU than the page itself (decision
     * 0481). In CI a journey that fails is retried once with its trace on, so a failure still leaves a
     * trace to read; a developer's run keeps the trace of a failure. E2E_TRACE overrides both.
     */
    trace: (process.env.E2E_TRACE as TraceMode | undefined) ?? (process.env.CI ? 'on-first-retry' : 'retain-on-failure'),
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
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
  // Playwright starts these one after another, so only the first builds the server bundle.
  webServer: Array.from({ length: workers }, (_, index) => ({
    // The server as `npm start` runs it: compiled (a bundle picks up every module), plain node.
    command: `${index === 0 ? 'node scripts/build/server-once.mjs && ' : ''}rm -rf .tmp/e2e-data-${index} && node dist/server/main.js`,
    url: `${urlOf(index)}/api/config`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    env: {
      PORT: String(firstPort + index),
      PUBLIC_URL: urlOf(index),
      DATA_DIR: `.tmp/e2e-data-${index}`,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      // Request lines would bury the journeys' own output; warnings and errors still show.
      LOG_LEVEL: 'warn',
    },
  })),
});
