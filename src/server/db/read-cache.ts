import { writeEpochOf, type ReadSet, type WriteEpoch } from './write-epoch';

/**
 * A read remembered in this process while nothing has been written since it started (the handle's
 * write epoch, write-epoch.ts) and for at most `ttlMs`. The TTL only bounds how late a write that
 * escaped the epoch could show; it is not what keeps answers fresh. Values are frozen: a caller
 * that mutated one would change every later answer. See docs/decisions/0107.
 */
export interface ReadCacheOptions {
  /** Entries kept at most; the least recently used goes first. */
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}

interface Entry {
  value: unknown;
  epoch: number;
  storedAt: number;
}

interface Store {
  entries: Map<string, Entry>;
  /** Loads under way, so that concurrent misses for one key share one database read. */
  loading: Map<string, { epoch: number; promise: Promise<unknown> }>;
}

export interface ReadCache {
  /**
   * `load()`'s value for `key`, read once per epoch; a Db without an epoch (a transaction) always
   * loads. With `reads` (the tables and row keys the load depends on), only a move of one of them
   * ends the value, not every write (decision 0107's addendum).
   */
  read<T>(db: object, key: string, load: () => Promise<T>, reads?: ReadSet): Promise<T>;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export function createReadCache(options: ReadCacheOptions): ReadCache {
  const now = options.now ?? (() => performance.now());
  // One store per database handle: tests open many databases in one process.
  const stores = new WeakMap<WriteEpoch, Store>();
  const storeOf = (epoch: WriteEpoch) => {
    let store = stores.get(epoch);
    if (!store) stores.set(epoch, (store = { entries: new Map(), loading: new Map() }));
    return store;
  };

  return {
    async read<T>(db: object, key: string, load: () => Promise<T>, reads?: ReadSet): Promise<T> {
      const epoch = writeEpochOf(db);
      if (!epoch) return load();
      const isCurrent = (started: number) => (reads ? epoch.isCurrentFor(started, reads) : epoch.isCurrent(started));
      const store = storeOf(epoch);
      const entry = store.entries.get(key);
      if (entry) {
        if (isCurrent(entry.epoch) && now() - entry.storedAt <= options.ttlMs) {
          // Map keeps insertion order: re-inserting makes this the most recently used.
          store.entries.delete(key);
          store.entries.set(key, entry);
          return entry.value as T;
        }
        store.entries.delete(key);
      }
      const started = epoch.current();
      const pending = store.loading.get(key);
      // A load under way is as fresh as a new one while nothing it depends on has moved since it started.
      if (pending && isCurrent(pending.epoch)) return pending.promise as Promise<T>;
      const promise = load().then(deepFreeze);
      store.loading.set(key, { epoch: started, promise });
      try {
        const value = await promise;
        // Stored only if nothing was written while it was read: otherwise it may predate that write.
        if (isCurrent(started)) {
          store.entries.set(key, { value, epoch: started, storedAt: now() });
          if (store.entries.size > options.maxEntries) store.entries.delete(store.entries.keys().next().value as string);
        }
        return value;
      } finally {
        if (store.loading.get(key)?.promise === promise) store.loading.delete(key);
      }
    },
  };
}
