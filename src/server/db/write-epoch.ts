import { HEARD_IMPLIES, mayWrite, TRANSACTION_END, writtenTables } from './written-tables';
import { countStatement } from './statement-count';

export { mayWrite, writtenTables } from './written-tables';

/**
 * The write epoch of one database handle: a counter that moves after every statement that may have
 * changed data, whether it came from a route, a job, Better Auth or a test. Cached reads
 * (read-cache.ts) remember the epoch they started at and are trusted only while it has not moved, so
 * a write made through this process is never followed by a stale read here (docs/decisions/0107).
 *
 * The epoch also records when each table, and each row key another instance announced, last moved
 * (on the same counter): a read that says what it depends on (`isCurrentFor`) survives writes to
 * anything else (decision 0107's addendum).
 *
 * Writes made by other processes sharing the database reach this process as NOTIFYs (the change
 * bus, wired in server-context.ts) and move the epoch too; while that listener is down, no cached
 * read is trusted at all.
 */
export interface WriteEpoch {
  /** The current epoch, to remember when a read starts. */
  current(): number;
  /** Whether a read that started at `epoch` may still be served: nothing was written since. */
  isCurrent(epoch: number): boolean;
  /** Something may have changed: every cached read made before now is stale (global epoch only). */
  bump(): void;
  /**
   * A statement that may have written completed (its SQL text, or null when unknown): bump(), and
   * move the tables the text names (written-tables.ts; every table when it does not say).
   */
  wrote(text: string | null): void;
  /** bump(), and move these tables (null: every table). */
  wroteTables(tables: readonly string[] | null): void;
  /**
   * Another process changed `table` (its NOTIFY; null: some table): bump(), and move that table, or
   * only the row `key` of it when the change names one (a task's id: change-bus.ts' readCacheUnitOf).
   */
  heard(table: string | null, key?: string): void;
  /**
   * The version of one table: it moves only when that table may have changed, so a value read from
   * it stays usable while the rest of the database is busy being written.
   */
  tableVersion(table: string): number;
  /** Whether a read of `table` that started at `version` may still be served (and the remote listener is up). */
  isTableCurrent(table: string, version: number): boolean;
  /**
   * Whether a read of `reads` that started at `started` (current()) may still be served: none of
   * its tables, nor its keys, moved since, and the remote listener is up.
   */
  isCurrentFor(started: number, reads: ReadSet): boolean;
  /**
   * Whether writes by other processes are being heard (the change bus is listening). While they
   * are not, nothing is current.
   */
  setRemoteLive(live: boolean): void;
}

/** What a cached read depends on: tables, and row keys (`<table>:<key>`, e.g. `tasks:<id>`) other instances announce. */
export interface ReadSet {
  tables: readonly string[];
  keys?: readonly string[];
}

/**
 * Tables read on nearly every request and written rarely, whose reads keep their own version: the
 * maintenance flag and the price limits (system_settings) are read before writes (table-memo.ts).
 */
export const WATCHED_TABLES = ['system_settings'] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

/**
 * Row keys remembered at most. Past it, the oldest is forgotten and the floor rises to its move:
 * a key not remembered counts as moved at the floor, so forgetting only costs misses.
 */
export const MAX_REMEMBERED_KEYS = 50_000;

export function createWriteEpoch(options: { remoteLive: boolean }): WriteEpoch {
  let value = 0;
  let remoteLive = options.remoteLive;
  // When (on the epoch's counter) everything, each table and each announced row key last moved.
  let everythingMovedAt = 0;
  const tableMovedAt = new Map<string, number>();
  const keyMovedAt = new Map<string, number>();
  let forgottenKeysMovedAt = 0;
  const moveTables = (tables: readonly string[] | null) => {
    value += 1;
    if (tables === null) everythingMovedAt = value;
    else for (const table of tables) tableMovedAt.set(table, value);
  };
  const moveKey = (key: string) => {
    value += 1;
    // Re-inserted, so that the Map's order is the order of last moves.
    keyMovedAt.delete(key);
    keyMovedAt.set(key, value);
    if (keyMovedAt.size > MAX_REMEMBERED_KEYS) {
      const [oldest, movedAt] = keyMovedAt.entries().next().value as [string, number];
      keyMovedAt.delete(oldest);
      forgottenKeysMovedAt = Math.max(forgottenKeysMovedAt, movedAt);
    }
  };
  const tableVersion = (table: string) => Math.max(everythingMovedAt, tableMovedAt.get(table) ?? 0);
  const keyVersion = (key: string) => Math.max(everythingMovedAt, keyMovedAt.get(key) ?? forgottenKeysMovedAt);
  return {
    current: () => value,
    isCurrent: (epoch) => remoteLive && epoch === value,
    bump() {
      value += 1;
    },
    wrote: (text) => moveTables(writtenTables(text)),
    wroteTables: moveTables,
    heard(table, key) {
      if (table === null) moveTables(null);
      else if (key !== undefined) moveKey(`${table}:${key}`);
      else moveTables([table, ...(HEARD_IMPLIES[table] ?? [])]);
    },
    tableVersion,
    isTableCurrent: (table, version) => remoteLive && tableVersion(table) === version,
    isCurrentFor: (started, reads) =>
      remoteLive &&
      everythingMovedAt <= started &&
      reads.tables.every((table) => tableVersion(table) <= started) &&
      (reads.keys ?? []).every((key) => keyVersion(key) <= started),
    setRemoteLive(live) {
      remoteLive = live;
      moveTables(null);
    },
  };
}

function textOf(query: unknown): string | null {
  if (typeof query === 'string') return query;
  if (query && typeof query === 'object' && typeof (query as { text?: unknown }).text === 'string') {
    return (query as { text: string }).text;
  }
  return null;
}

const afterSettled = <T>(promise: Promise<T>, then: () => void): Promise<T> =>
  promise.then(
    (result) => {
      then();
      return result;
    },
    (error: unknown) => {
      then();
      throw error;
    },
  );

/**
 * The writes of one connection (or one PGlite transaction). A table written inside a transaction
 * moves again when the transaction ends: a read made between the statement and the COMMIT still
 * saw the old row, and must not be kept past the COMMIT.
 */
function connectionWrites(epoch: WriteEpoch) {
  const touched = new Set<string>();
  let touchedEverything = false;
  const ended = () => {
    if (touchedEverything) epoch.wroteTables(null);
    else if (touched.size > 0) epoch.wroteTables([...touched]);
    touched.clear();
    touchedEverything = false;
  };
  return {
    wrote(text: string | null) {
      const tables = writtenTables(text);
      epoch.wroteTables(tables);
      if (text !== null && TRANSACTION_END.test(text)) ended();
      else if (tables === null) touchedEverything = true;
      else for (const table of tables) touched.add(table);
    },
    ended,
  };
}

interface PgliteLike {
  query: (...args: never[]) => Promise<unknown>;
  exec: (...args: never[]) => Promise<unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- PGlite's own signature is generic
  transaction: (callback: (tx: any) => Promise<any>) => Promise<any>;
}

function wrapPgliteQueries(
  target: { query: PgliteLike['query']; exec?: PgliteLike['exec'] },
  writes: ReturnType<typeof connectionWrites>,
) {
  const query = target.query.bind(target) as (...args: unknown[]) => Promise<unknown>;
  target.query = ((...args: unknown[]) => {
    countStatement();
    const text = textOf(args[0]);
    const result = query(...args);
    return text !== null && !mayWrite(text) ? result : afterSettled(result, () => writes.wrote(text));
  }) as PgliteLike['query'];
  if (target.exec) {
    const exec = target.exec.bind(target) as (...args: unknown[]) => Promise<unknown>;
    target.exec = ((...args: unknown[]) => {
      countStatement();
      return afterSettled(exec(...args), () => writes.wrote(textOf(args[0])));
    }) as PgliteLike['exec'];
  }
}

/**
 * PGlite (or anything with its query/exec/transaction interface): the epoch moves after each write
 * statement completes and after each transaction ends, so its COMMIT is counted as well.
 */
export function trackPgliteWrites<T extends PgliteLike>(client: T, epoch: WriteEpoch): T {
  wrapPgliteQueries(client, connectionWrites(epoch));
  const transaction = client.transaction.bind(client) as (callback: (tx: unknown) => Promise<unknown>) => Promise<unknown>;
  client.transaction = ((callback: (tx: unknown) => Promise<unknown>) => {
    const writes = connectionWrites(epoch);
    return afterSettled(
      transaction((tx) => {
        wrapPgliteQueries(tx as { query: PgliteLike['query']; exec?: PgliteLike['exec'] }, writes);
        return callback(tx);
      }),
      () => {
        epoch.bump();
        writes.ended();
      },
    );
  }) as T['transaction'];
  return client;
}

interface PgClientLike {
  query: (...args: unknown[]) => unknown;
}

/**
 * A node-postgres client: its query takes a callback (how the pool calls it) or returns a promise;
 * the epoch moves once the write's answer arrives, before the caller sees it. A COMMIT is a write.
 */
export function trackPgClientWrites(client: PgClientLike, epoch: WriteEpoch): void {
  const query = client.query.bind(client);
  const writes = connectionWrites(epoch);
  client.query = (...args: unknown[]) => {
    countStatement();
    const text = textOf(args[0]);
    if (text !== null && !mayWrite(text)) return query(...args);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...results: unknown[]) => void;
      args[last] = (...results: unknown[]) => {
        writes.wrote(text);
        callback(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      return afterSettled(result as Promise<unknown>, () => writes.wrote(text));
    }
    // A submittable (cursor, stream): it may write at any time until it ends.
    writes.wrote(text);
    (result as { once?: (event: string, listener: () => void) => void } | undefined)?.once?.('end', () => writes.wrote(text));
    return result;
  };
}

const epochs = new WeakMap<object, WriteEpoch>();

/** Registers the epoch of a handle's Db (client.ts does this when it opens one). */
export function registerWriteEpoch(db: object, epoch: WriteEpoch): void {
  epochs.set(db, epoch);
}

/** The epoch of a handle's Db; undefined for a transaction or a Db opened some other way (no caching). */
export function writeEpochOf(db: object): WriteEpoch | undefined {
  return epochs.get(db);
}
