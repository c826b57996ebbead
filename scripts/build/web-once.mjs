// Builds the web app (vite build into dist/web) unless dist/web was already built from exactly the
// same sources (with NODE_ENV=production, as `npm run build` does). CI builds it for `native:sync` and then `npm test` needs it for the journeys: the
// second build took a minute of CI's time for nothing (decision 0290).
// The fingerprint covers every file git sees (tracked or new, not ignored) under the build's inputs,
// and BRAND_NAME, which the build bakes in. Without git it always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { buildWeb } from './web.mjs';

const inputs = ['src/web', 'src/shared', 'scripts/build', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
// Beside dist/web, not in it: the server serves everything in dist/web.
const stampFile = 'dist/.web-source-fingerprint';

function sourceFingerprint() {
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '--', ...inputs], { encoding: 'utf8' });
  if (listed.status !== 0) return null;
  const hash = createHash('sha256').update(`BRAND_NAME=${process.env.BRAND_NAME ?? ''}\n`);
  for (const file of listed.stdout.split('\n').filter(Boolean).sort()) {
    if (!existsSync(file)) continue; // deleted but not yet staged
    hash.update(`${file}\n`).update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** Returns true when the build ran and passed, or was already current. */
export function buildWebOnce({ force = false } = {}) {
  const fingerprint = sourceFingerprint();
  if (!force && fingerprint && existsSync('dist/web/index.html') && existsSync(stampFile)) {
    if (readFileSync(stampFile, 'utf8') === fingerprint) {
      console.log('dist/web is already built from these sources; not building it again.');
      return true;
    }
  }
  if (buildWeb(['--logLevel', 'warn']) !== 0) return false;
  if (fingerprint) writeFileSync(stampFile, fingerprint);
  return true;
}
