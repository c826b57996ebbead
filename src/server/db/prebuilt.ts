import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The migrated, empty PGlite data directory made by `npm run build` (scripts/build/server.mjs), next
 * to the compiled server. Restoring it takes a fraction of initdb's time (docs/decisions/0106).
 */
export const PREBUILT_DATA_DIR_FILE = 'pglite-template.tar.gz';

/** The PGlite data directory inside the DATA_DIR setting. */
export function pgliteDataDirOf(env: { DATA_DIR: string }): string {
  return resolve(env.DATA_DIR, 'db');
}

export function prebuiltTemplatePath(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), PREBUILT_DATA_DIR_FILE);
}

/**
 * The prebuilt data directory to start from when `dataDir` has no database yet and a template was
 * built; undefined otherwise (then PGlite runs initdb, as in `npm run dev` and the tests).
 */
export function prebuiltDataDirFor(dataDir: string, templatePath = prebuiltTemplatePath()): Blob | undefined {
  if (dataDir.startsWith('memory://') || existsSync(join(dataDir, 'PG_VERSION'))) return undefined;
  if (!existsSync(templatePath)) return undefined;
  return new Blob([readFileSync(templatePath)]);
}
