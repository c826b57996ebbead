import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openDatabase } from '../db/client';
import { TEMPLATE_DUMP_PATH, postgresTemplateName } from './paths';

/**
 * Runs once before the whole Vitest run. Builds a migrated database template so that each test
 * file starts from a fresh copy in well under a second:
 * - PGlite (always): a data-dir dump written to disk, loaded by every test file on PGlite.
 * - PostgreSQL (DATABASE_URL set, as in CI): also a template database copied by CREATE DATABASE ... TEMPLATE.
 */
export default async function setup() {
  const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  // The PGlite dump is written on PostgreSQL runs too: the tests of the embedded database itself
  // (backup, the database thread, the server started as a process) load it instead of each running
  // initdb and every migration again.
  await Promise.all([writePgliteTemplate(), databaseUrl ? createPostgresTemplate(databaseUrl) : null]);
}

/** The migrated template database that createTestDatabase copies (also used by `npm run chaos`). */
export async function createPostgresTemplate(databaseUrl: string) {
  const pg = await import('pg');
  const admin = new pg.default.Client({ connectionString: databaseUrl });
  await admin.connect();
  const template = postgresTemplateName();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${template}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await handle.close();
}

async function writePgliteTemplate() {
  const handle = await openDatabase({ dataDir: 'memory://' });
  const dump = await dumpPglite(handle);
  mkdirSync(dirname(TEMPLATE_DUMP_PATH), { recursive: true });
  writeFileSync(TEMPLATE_DUMP_PATH, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
}

async function dumpPglite(handle: Awaited<ReturnType<typeof openDatabase>>): Promise<Blob> {
  if (!handle.dumpDataDir) throw new Error('PGlite handle cannot dump its data dir');
  return handle.dumpDataDir();
}
