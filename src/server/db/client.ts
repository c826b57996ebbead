import { AsyncResource } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import * as schema from './schema';
import { createWriteEpoch, registerWriteEpoch, trackPgClientWrites, trackPgliteWrites, type WriteEpoch } from './write-epoch';
import { errorField, log } from '../ops/logger';

export type Schema = typeof schema;
/** Either the PGlite or the node-postgres database, or a transaction on one: repositories accept all three. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Moves after every write through this handle (write-epoch.ts); cached reads check it. */
  writes: WriteEpoch;
  /** PostgreSQL only: the connection string, for connections outside the pool (the realtime LISTEN). */
  connectionString?: string;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, used to build the test template. */
  dumpDataDir?: () => Promise<Blob>;
  /** PostgreSQL: the pool's connections (metrics); PGlite has a single connection. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Subscribes to a NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  /** node-postgres connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` keeps it in memory. */
  dataDir?: string;
  /** A PGlite data dir dump (from dumpDataDir) to start from: tests use a migrated template. */
  loadDataDir?: Blob;
  migrate?: boolean;
  /**
   * PGlite only: `worker` runs it in a worker thread so that queries never block the event loop
   * (the server); `main` (the default) keeps it on this thread (decision 0102).
   */
  pgliteThread?: 'worker' | 'main';
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options);
  if (options.migrate !== false) await migrateDatabase(handle);
  return handle;
}

async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const dataDir = options.dataDir ?? 'memory://';
  // PGlite does not create parent folders of its data directory.
  if (!dataDir.startsWith('memory://')) mkdirSync(dirname(resolve(dataDir)), { recursive: true });
  const client =
    options.pgliteThread === 'worker'
      ? await (await import('./pglite-thread/client')).PgliteThreadClient.create({ dataDir, loadDataDir: options.loadDataDir })
      : await createPgliteOnThisThread(dataDir, options.loadDataDir);
  // One process owns a PGlite database: every write passes through this client (or the worker's proxy).
  const writes = createWriteEpoch({ remoteLive: true });
  trackPgliteWrites(client, writes);
  // The worker's proxy has the part of PGlite's interface that drizzle and the repositories use.
  const db = drizzle(client as PGlite, { schema }) as unknown as Db;
  registerWriteEpoch(db, writes);
  return {
    db,
    kind: 'pglite',
    writes,
    close: () => client.close(),
    dumpDataDir: async () => (await client.dumpDataDir('gzip')) as Blob,
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return unsubscribe;
    },
  };
}

async function createPgliteOnThisThread(dataDir: string, loadDataDir: Blob | undefined) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { cube } = await import('@electric-sql/pglite/contrib/cube');
  const { earthdistance } = await import('@electric-sql/pglite/contrib/earthdistance');
  return PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm, cube, earthdistance } });
}

type ConnectCallback = (...args: unknown[]) => void;

/**
 * pg-pool queues a connect() that finds every client busy and later calls it from the code that
 * released a client: pool.query()'s statement then ran in that other request's AsyncLocalStorage
 * context, so under pool waits the request lines' `queries` went to the wrong request (or to none)
 * and log lines carried the wrong request id. Each queued callback is bound to its caller's context,
 * as Node asks of libraries that queue callbacks. Not with `AsyncResource.bind`: on Node 20 it also
 * wraps two deprecated accessors per call, and with one call per statement that was about 1% of the
 * server's CPU under the load test (docs/performance.md).
 */
function keepCallersContext(pool: { connect: (callback?: ConnectCallback) => unknown }) {
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => unknown;
  pool.connect = (callback) => {
    if (typeof callback !== 'function') return connect();
    const callersContext = new AsyncResource('pg-pool-connect');
    return connect((...args) => callersContext.runInAsyncScope(callback, undefined, ...args));
  };
}

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // JIT compilation costs tens of milliseconds per query and pays off only for long analytic runs;
  // the admin aggregates (and every short query) are faster without it.
  const pool = new pg.default.Pool({ connectionString: databaseUrl, max: 10, options: '-c jit=off' });
  // An idle client can lose its connection (server restart, failover); the pool replaces it.
  // Without a listener that error would crash the process.
  pool.on('error', (error) => log.error({ err: errorField(error) }, 'PostgreSQL idle client error'));
  // Other instances may write too: cached reads wait until the change bus hears them (server-context.ts).
  const writes = createWriteEpoch({ remoteLive: false });
  pool.on('connect', (client) => trackPgClientWrites(client as never, writes));
  keepCallersContext(pool as never);
  const db = drizzle(pool, { schema }) as unknown as Db;
  registerWriteEpoch(db, writes);
  return {
    db,
    kind: 'postgres',
    writes,
    connectionString: databaseUrl,
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async listen(channel, onPayload) {
      const client = await pool.connect();
      const handler = (message: { channel: string; payload?: string }) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      };
      client.on('notification', handler);
      await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      return async () => {
        client.off('notification', handler);
        await client.query(`UNLISTEN "${channel.replace(/"/g, '')}"`).catch(() => undefined);
        client.release();
      };
    },
  };
}

/** The key of the advisory lock every instance takes around its migrations (decision 0432). */
export const MIGRATION_LOCK_KEY = 5_300_530_053;

/**
 * Applies the pending migrations. On PostgreSQL they run on one connection holding a session
 * advisory lock: instances booting at once wait for each other, and the later ones find every
 * migration applied (drizzle reads its table after the lock is taken). PGlite has one process.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder });
    return;
  }
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = new pg.default.Client({ connectionString: handle.connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
