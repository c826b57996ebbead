import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { TEMPLATE_DUMP_PATH, postgresTemplateName } from './paths';

/**
 * A fresh, migrated database for one test file: a copy of the template made by global-setup.
 * PGlite unless TEST_DATABASE_URL/DATABASE_URL points at a PostgreSQL server; PGlite runs on the
 * test's thread unless PGLITE_THREAD=worker (decision 0102: the server runs it in a worker thread).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (databaseUrl) {
    const pg = await import('pg');
    const name = `app_test_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.default.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplateName()}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), migrate: false });
    return {
      ...handle,
      async close() {
        await handle.close();
        const cleanup = new pg.default.Client({ connectionString: databaseUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const dump = new Blob([readFileSync(TEMPLATE_DUMP_PATH)]);
  return openDatabase({ dataDir: 'memory://', loadDataDir: dump, migrate: false, pgliteThread: pgliteThreadForTests() });
}

export function pgliteThreadForTests(): 'worker' | 'main' {
  return process.env.PGLITE_THREAD === 'worker' ? 'worker' : 'main';
}

/**
 * The migrated PGlite template as a data-dir dump: global-setup's file (written on every run), or,
 * when a file runs without the global setup, one built here.
 */
export async function pgliteTemplateDump(): Promise<Blob> {
  if (existsSync(TEMPLATE_DUMP_PATH)) return new Blob([readFileSync(TEMPLATE_DUMP_PATH)]);
  const handle = await openDatabase({ dataDir: 'memory://' });
  try {
    return await handle.dumpDataDir!();
  } finally {
    await handle.close();
  }
}

/**
 * Fills `dataDir` with the migrated, empty template, as a first start of the product would leave it,
 * so that a server started as a process on it opens the database without initdb and migrations.
 */
export async function prefillPgliteDataDir(dataDir: string): Promise<void> {
  const handle = await openDatabase({ dataDir, loadDataDir: await pgliteTemplateDump(), migrate: false });
  await handle.close();
}
