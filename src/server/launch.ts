/**
 * The compiled server's entry (dist/server/main.js): starts PGlite's worker thread first, then
 * loads the server (dist/server/server.js, built from main.ts), so that PGlite opens and restores
 * its data directory while the server's modules load (decision 0102). `npm run dev` runs main.ts.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadEnv } from './env';
import { pgliteDataDirOf, prebuiltDataDirFor } from './db/prebuilt';
import { startPgliteEarly } from './db/pglite-thread/early-start';

function startDatabaseEarly() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch {
    return; // main.ts reports a bad environment.
  }
  if (env.DATABASE_URL) return;
  const dataDir = pgliteDataDirOf(env);
  // PGlite does not create parent folders of its data directory.
  mkdirSync(dirname(dataDir), { recursive: true });
  startPgliteEarly({ dataDir, loadDataDir: prebuiltDataDirFor(dataDir) });
}

startDatabaseEarly();
// A computed specifier: the bundler leaves the server's own bundle to be loaded at run time.
const server = new URL('./server.js', import.meta.url).href;
await import(server);
