import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { createTestApp, type TestApp } from './test-app';

/**
 * A handle on the same PostgreSQL database as `db` through one connection of its own, so that a
 * test can see what that connection prepared (pg_prepared_statements lists only its own session's).
 */
export function oneConnectionTo(db: Db) {
  const url = (db as unknown as { $client: pg.Pool }).$client.options.connectionString;
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const handle = drizzle(pool, { schema }) as unknown as Db;
  return {
    db: handle,
    /** The statements prepared on the connection whose name starts with `prefix`, with how often each ran. */
    async prepared(prefix: string): Promise<Array<{ name: string; runs: number }>> {
      const result = await handle.execute(
        sql`select name, generic_plans + custom_plans as runs from pg_prepared_statements where starts_with(name, ${prefix}) order by name`,
      );
      return (result as unknown as { rows: Array<{ name: string; runs: string | number }> }).rows.map((row) => ({ name: row.name, runs: Number(row.runs) }));
    },
    close: () => pool.end(),
  };
}

export type OneConnection = ReturnType<typeof oneConnectionTo>;

/** A suite that runs only on PostgreSQL (TEST_DATABASE_URL): PGlite has no pooled connections. */
export const describeOnPostgres = describe.skipIf(!process.env.TEST_DATABASE_URL);

/**
 * For a suite of describeOnPostgres: a test app, what `seed` makes in it, and one connection of its
 * own to its database; made before the suite's tests and closed after them. Read the fields inside
 * the tests (they are set by then).
 */
export function useOneConnection<Seeded>(seed: (t: TestApp) => Promise<Seeded>) {
  const suite = {} as { t: TestApp; seeded: Seeded; connection: OneConnection };
  beforeAll(async () => {
    suite.t = await createTestApp();
    suite.seeded = await seed(suite.t);
    suite.connection = oneConnectionTo(suite.t.db);
  });
  afterAll(async () => {
    await suite.connection?.close();
    await suite.t?.close();
  });
  return suite;
}
