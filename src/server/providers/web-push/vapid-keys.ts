import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID keys from the environment, or (development) a pair generated once and kept under
 * DATA_DIR: browsers subscribe with the public key, so a new pair on every restart would silently
 * break every subscription made before it.
 */
export function loadVapidKeys(options: { publicKey?: string; privateKey?: string; dataDir: string }): VapidKeys {
  if (options.publicKey && options.privateKey) return { publicKey: options.publicKey, privateKey: options.privateKey };
  const file = join(options.dataDir, 'vapid-keys.json');
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (stored.publicKey && stored.privateKey) return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  } catch {
    // No file yet (or a broken one): make a new pair below.
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
