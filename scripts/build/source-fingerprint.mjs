// A build's fingerprint: every file git sees (tracked or new, not ignored) under the build's
// inputs, and the environment variables the build bakes in. null without git: then callers build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

export function sourceFingerprint(inputs, envNames = []) {
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '--', ...inputs], { encoding: 'utf8' });
  if (listed.status !== 0) return null;
  const hash = createHash('sha256');
  for (const name of envNames) hash.update(`${name}=${process.env[name] ?? ''}\n`);
  for (const file of listed.stdout.split('\n').filter(Boolean).sort()) {
    if (!existsSync(file)) continue; // deleted but not yet staged
    hash.update(`${file}\n`).update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** True when `stampFile` holds `fingerprint` and every file in `outputs` exists. */
export function builtFrom(fingerprint, stampFile, outputs) {
  if (!fingerprint || !existsSync(stampFile) || !outputs.every((file) => existsSync(file))) return false;
  return readFileSync(stampFile, 'utf8') === fingerprint;
}
