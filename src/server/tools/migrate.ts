import { openDatabase } from '../db/client';
import { pgliteDataDirOf } from '../db/prebuilt';

/**
 * `npm run migrate` (and in the image): applies the pending migrations and exits, for a release step
 * before the new instances start (decision 0432). It reads DATABASE_URL (or DATA_DIR) only, not the
 * rest of the production settings. Instances starting meanwhile wait on the same advisory lock.
 */
async function main() {
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !URL.canParse(databaseUrl)) throw new Error('DATABASE_URL must be a full URL (postgres://user:pass@host:5432/db)');
  const started = Date.now();
  const database = await openDatabase({ databaseUrl, dataDir: pgliteDataDirOf({ DATA_DIR: process.env.DATA_DIR?.trim() || './data' }) });
  await database.close();
  process.stdout.write(`Migrations applied to ${databaseUrl ? 'PostgreSQL' : 'the embedded database'} in ${Date.now() - started} ms.\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`migrate failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
