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
   * Whether writes by other processes are being heard (the change bus is listening). While they
   * are not, nothing is current.
   */
  setRemoteLive(live: boolean): void;
}

export function createWriteEpoch(options: { remoteLive: boolean }): WriteEpoch {
  let value = 0;
  let remoteLive = options.remoteLive;
  return {
    current: () => value,
    isCurrent: (epoch) => remoteLive && epoch === value,
    bump() {
      value += 1;
    },
    setRemoteLive(live) {
      remoteLive = live;
      value += 1;
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

interface PgliteLike {
  query: (...args: never[]) => Promise<unknown>;
  exec: (...args: never[]) => Promise<unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- PGlite's own signature is generic
  transaction: (callback: (tx: any) => Promise<any>) => Promise<any>;
}

function wrapPgliteQueries(target: { query: PgliteLike['query']; exec?: PgliteLike['exec'] }, epoch: WriteEpoch) {
  const query = target.query.bind(target) as (...args: unknown[]) => Promise<unknown>;
  target.query = ((...args: unknown[]) => {
    const text = textOf(args[0]);
    const result = query(...args);
    return text !== null && !mayWrite(text) ? result : afterSettled(result, epoch.bump);
  }) as PgliteLike['query'];
  if (target.exec) {
    const exec = target.exec.bind(target) as (...args: unknown[]) => Promise<unknown>;
    target.exec = ((...args: unknown[]) => afterSettled(exec(...args), epoch.bump)) as PgliteLike['exec'];
  }
}

/**
 * PGlite (or anything with its query/exec/transaction interface): the epoch moves after each write
 * statement completes and after each transaction ends, so its COMMIT is counted as well.
 */
export function trackPgliteWrites<T extends PgliteLike>(client: T, epoch: WriteEpoch): T {
  wrapPgliteQueries(client, epoch);
  const transaction = client.transaction.bind(client) as (callback: (tx: unknown) => Promise<unknown>) => Promise<unknown>;
  client.transaction = ((callback: (tx: unknown) => Promise<unknown>) =>
    afterSettled(
      transaction((tx) => {
        wrapPgliteQueries(tx as { query: PgliteLike['query']; exec?: PgliteLike['exec'] }, epoch);
        return callback(tx);
      }),
      epoch.bump,
    )) as T['transaction'];
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
  client.query = (...args: unknown[]) => {
    const text = textOf(args[0]);
    if (text !== null && !mayWrite(text)) return query(...args);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...results: unknown[]) => void;
      args[last] = (...results: unknown[]) => {
        epoch.bump();
        callback(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') return afterSettled(result as Promise<unknown>, epoch.bump);
    // A submittable (cursor, stream): it may write at any time until it ends.
    epoch.bump();
    (result as { once?: (event: string, listener: () => void) => void } | undefined)?.once?.('end', epoch.bump);
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
