// Builds the web app (vite build into dist/web) unless dist/web was already built from exactly the
// same sources (with NODE_ENV=production, as `npm run build` does). CI builds it for `native:sync` and then `npm test` needs it for the journeys: the
// second build took a minute of CI's time for nothing (decision 0290).
// The fingerprint covers every file git sees (tracked or new, not ignored) under the build's inputs,
// and BRAND_NAME, which the build bakes in. Without git it always builds.
import { writeFileSync } from 'node:fs';
import { builtFrom, sourceFingerprint } from './source-fingerprint.mjs';
import { buildWeb } from './web.mjs';

const inputs = ['src/web', 'src/shared', 'scripts/build', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
// Beside dist/web, not in it: the server serves everything in dist/web.
const stampFile = 'dist/.web-source-fingerprint';

/** Returns true when the build ran and passed, or was already current. */
export function buildWebOnce({ force = false } = {}) {
  const fingerprint = sourceFingerprint(inputs, ['BRAND_NAME']);
  if (!force && builtFrom(fingerprint, stampFile, ['dist/web/index.html'])) {
    console.log('dist/web is already built from these sources; not building it again.');
    return true;
  }
  if (buildWeb(['--logLevel', 'warn']) !== 0) return false;
  if (fingerprint) writeFileSync(stampFile, fingerprint);
  return true;
}
