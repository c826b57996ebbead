/**
 * The write epoch of one database handle: a counter that moves after every statement that may have
 * changed data, whether it came from a route, a job, Better Auth or a test. Cached reads
 * (read-cache.ts) remember the epoch they started at and are trusted only while it has not moved, so
 * a write made through this process is never followed by a stale read here (docs/decisions/0107).
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
  /** Something may have changed: every cached read made before now is stale. */
  bump(): void;
  /**
   * A statement that may have written completed (its SQL text, or null when unknown): bump(), and
   * move the version of each watched table the text names (every one when the text is unknown).
   */
  wrote(text: string | null): void;
  /**
   * Another process changed `table` (its NOTIFY; null: some table): bump(), and move that table's
   * version when it is watched (every one for null).
   */
  heard(table: string | null): void;
  /**
   * The version of one watched table: it moves only when that table may have changed, so a value
   * read from it stays usable while the rest of the database is busy being written.
   */
  tableVersion(table: WatchedTable): number;
  /** Whether a read of `table` that started at `version` may still be served (and the remote listener is up). */
  isTableCurrent(table: WatchedTable, version: number): boolean;
  /**
   * Whether writes by other processes are being heard (the change bus is listening). While they
   * are not, nothing is current.
   */
  setRemoteLive(live: boolean): void;
}

/**
 * Tables read on nearly every request and written rarely, whose reads keep their own version: the
 * maintenance flag and the price limits (system_settings) are read before writes (table-memo.ts).
 */
export const WATCHED_TABLES = ['system_settings'] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];
// Word boundaries on both sides; a quoted identifier ("system_settings") matches too.
const WATCHED_NAMES = WATCHED_TABLES.map((table) => ({ table, pattern: new RegExp(`\\b${table}\\b`, 'i') }));

export function createWriteEpoch(options: { remoteLive: boolean }): WriteEpoch {
  let value = 0;
  let remoteLive = options.remoteLive;
  const tables = new Map<WatchedTable, number>(WATCHED_TABLES.map((table) => [table, 0]));
  const moveTable = (table: WatchedTable) => tables.set(table, tables.get(table)! + 1);
  const moveEveryTable = () => WATCHED_TABLES.forEach(moveTable);
  return {
    current: () => value,
    isCurrent: (epoch) => remoteLive && epoch === value,
    bump() {
      value += 1;
    },
    wrote(text) {
      value += 1;
      if (text === null) moveEveryTable();
      else for (const { table, pattern } of WATCHED_NAMES) if (pattern.test(text)) moveTable(table);
    },
    heard(table) {
      value += 1;
      if (table === null) moveEveryTable();
      else if ((WATCHED_TABLES as readonly string[]).includes(table)) moveTable(table as WatchedTable);
    },
    tableVersion: (table) => tables.get(table)!,
    isTableCurrent: (table, version) => remoteLive && tables.get(table) === version,
    setRemoteLive(live) {
      remoteLive = live;
      value += 1;
      moveEveryTable();
    },
  };
}

// Statements that never change data. Anything else (INSERT, UPDATE, DELETE, COMMIT, DDL, a CALL,
// an unknown statement) counts as a write: a false alarm only costs a cache miss.
const READ_ONLY = /^\s*(?:select|with|show|explain|begin|start\s+transaction|savepoint|release|set\s|listen|unlisten|deallocate|prepare\s+\w+_read\b|execute\s+\w+_read\b)/i;
// A SELECT or WITH that writes: a data-modifying CTE, a row lock taken to write, a sequence moved.
const WRITES_INSIDE = /\b(?:insert|update|delete|merge|truncate|nextval|setval)\b/i;
const SELECT_OR_WITH = /^\s*(?:select|with)\b/i;

/** Whether running this SQL text may change data (named prepared statements ending in `_read` are reads). */
export function mayWrite(text: string): boolean {
  if (!READ_ONLY.test(text)) return true;
  return SELECT_OR_WITH.test(text) && WRITES_INSIDE.test(text);
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

const TRANSACTION_END = /^\s*(?:commit|rollback|end|abort)\b/i;
const namesWatchedTable = (text: string | null) => text === null || WATCHED_NAMES.some(({ pattern }) => pattern.test(text));

/**
 * The writes of one connection (or one PGlite transaction). A watched table written inside a
 * transaction moves again when the transaction ends: a read made between the statement and the
 * COMMIT still saw the old row, and must not be kept past the COMMIT.
 */
function connectionWrites(epoch: WriteEpoch) {
  const touched = new Set<string | null>();
  const ended = () => {
    for (const text of touched) epoch.wrote(text);
    touched.clear();
  };
  return {
    wrote(text: string | null) {
      epoch.wrote(text);
      if (text !== null && TRANSACTION_END.test(text)) ended();
      else if (namesWatchedTable(text)) touched.add(text);
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
    const text = textOf(args[0]);
    const result = query(...args);
    return text !== null && !mayWrite(text) ? result : afterSettled(result, () => writes.wrote(text));
  }) as PgliteLike['query'];
  if (target.exec) {
    const exec = target.exec.bind(target) as (...args: unknown[]) => Promise<unknown>;
    target.exec = ((...args: unknown[]) => afterSettled(exec(...args), () => writes.wrote(textOf(args[0])))) as PgliteLike['exec'];
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
