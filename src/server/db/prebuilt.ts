import { cpSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoAccount } from './seed/seed';

/**
 * The PGlite data directories made by `npm run build` (build-template.ts), next to the compiled
 * server (docs/decisions/0106): one migrated and empty (production), one migrated and seeded with
 * the demo data (every other start). A first start copies one into place with the file system,
 * which takes a fraction of initdb's time and of seeding's.
 */
export const PREBUILT_EMPTY_DIR = 'pglite-template';
export const PREBUILT_DEMO_DIR = 'pglite-demo-template';
/** { seededAt, accounts } of the demo directory: the first start moves its dates by now - seededAt. */
export const PREBUILT_DEMO_INFO = 'pglite-demo-template.json';

/** The PGlite data directory inside the DATA_DIR setting. */
export function pgliteDataDirOf(env: { DATA_DIR: string }): string {
  return resolve(env.DATA_DIR, 'db');
}

export interface PrebuiltDemoInfo {
  seededAt: string;
  accounts: DemoAccount[];
}

export function prebuiltFolder(): string {
  return dirname(fileURLToPath(import.meta.url));
}

export type RestoredDataDir = { demo: PrebuiltDemoInfo | null } | null;

/**
 * Copies the prebuilt data directory into `dataDir` when it holds no database yet and a build made
 * one; the demo one unless `demo` is false. Null when nothing was restored (then PGlite runs initdb,
 * as in `npm run dev` and the tests).
 */
export function restorePrebuiltDataDir(dataDir: string, options: { demo: boolean; folder?: string }): RestoredDataDir {
  const folder = options.folder ?? prebuiltFolder();
  if (dataDir.startsWith('memory://') || existsSync(join(dataDir, 'PG_VERSION'))) return null;
  const demoDir = join(folder, PREBUILT_DEMO_DIR);
  const demoInfo = join(folder, PREBUILT_DEMO_INFO);
  if (options.demo && existsSync(join(demoDir, 'PG_VERSION')) && existsSync(demoInfo)) {
    cpSync(demoDir, resolve(dataDir), { recursive: true });
    return { demo: JSON.parse(readFileSync(demoInfo, 'utf8')) as PrebuiltDemoInfo };
  }
  const emptyDir = join(folder, PREBUILT_EMPTY_DIR);
  if (!existsSync(join(emptyDir, 'PG_VERSION'))) return null;
  cpSync(emptyDir, resolve(dataDir), { recursive: true });
  return { demo: null };
}
