import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@shared': fromRoot('./src/shared'),
      '@server': fromRoot('./src/server'),
      '@web': fromRoot('./src/web'),
    },
  },
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default (one fewer than the cores) leaves a 2-core machine with one worker, while a server
    // test spends much of its time waiting on the database or on a child process: one worker more than
    // the cores keeps them busy. On 2 cores, the whole suite on PostgreSQL took 515 s on two workers and
    // 471 s on three, with the cores 2-15 % idle through the tests (decision 0481).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          // The migrated database templates; only the server's tests open a database.
          globalSetup: ['src/server/test/global-setup.ts'],
          // clients/: the typed API client's checks (its types are current, the webhook signature check).
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'clients/**/*.test.ts'],
          environment: 'node',
          // Every server test file builds its own app, database and clock (createTestApp), so the files
          // of one worker can share one module graph: loading the server's modules once per worker rather
          // than once per file is most of the suite's time saved (decision 0280). Stubbed env and globals
          // are undone after each test so that nothing leaks into the next file.
          isolate: false,
          unstubEnvs: true,
          unstubGlobals: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          // Component tests opt into jsdom with a file comment; each file keeps its own module graph.
          environment: 'node',
          // Each file runs in a VM context of a long-lived worker, so jsdom and the packages load once
          // per worker rather than once per file: the web files took 168 s on 2 workers with a fresh
          // process per file (120 s of it setting up jsdom) and 52 s this way (decision 0410).
          pool: 'vmForks',
          // In a VM context, recharts' CommonJS build requires Redux Toolkit's ESM file and fails;
          // its ES module build, transformed by Vite, imports it as ESM instead.
          server: { deps: { inline: ['recharts'] } },
          alias: { recharts: fromRoot('./node_modules/recharts/es6/index.js') },
        },
      },
    ],
  },
});
