// Builds the server (scripts/build/server.mjs into dist/server) unless dist/server was already built
// from exactly the same sources. In CI the short load test builds it and the journeys' web server
// needed it again: the second build (with its prebuilt database template) took 14 s for nothing
// (decision 0403). Run as a script, it exits non-zero when the build fails.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { builtFrom, sourceFingerprint } from './source-fingerprint.mjs';

const inputs = ['src/server', 'src/shared', 'scripts/build', 'tsconfig.json', 'package-lock.json'];
// Beside dist/server, not in it: server.mjs empties dist/server first.
const stampFile = 'dist/.server-source-fingerprint';

/** Returns true when the build ran and passed, or was already current. */
export function buildServerOnce() {
  const fingerprint = sourceFingerprint(inputs, ['SKIP_DB_TEMPLATE']);
  if (builtFrom(fingerprint, stampFile, ['dist/server/main.js', 'dist/server/pglite-worker.js'])) {
    console.log('dist/server is already built from these sources; not building it again.');
    return true;
  }
  rmSync(stampFile, { force: true });
  const result = spawnSync(process.execPath, ['scripts/build/server.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) return false;
  if (fingerprint) writeFileSync(stampFile, fingerprint);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exit(buildServerOnce() ? 0 : 1);
