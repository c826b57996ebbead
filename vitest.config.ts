import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
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
    include: ['src/**/*.test.{ts,tsx}'],
    globalSetup: ['src/server/test/global-setup.ts'],
    setupFiles: ['src/web/test/setup.ts'],
    // Server tests run in node; component tests opt into jsdom with a file comment.
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
