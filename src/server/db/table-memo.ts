import { writeEpochOf, type WatchedTable, type WriteEpoch } from './write-epoch';

/** Bounds how long a change that escaped the table's version could go unseen; not what keeps reads fresh. */
const MEMO_TTL_MS = 5_000;

interface Memo {
  value: unknown;
  version: number;
  storedAt: number;
}

const stores = new WeakMap<WriteEpoch, Map<string, Memo>>();

/**
 * `load()`'s answer, remembered per database handle while `table` has not been written: by this
 * process (a statement naming it, and the end of its transaction) or by another instance (its
 * NOTIFY), and never while the listener for other instances is down (write-epoch.ts; decision 0405).
 * For small, hot reads of rarely written tables (the settings row read before every write). A Db
 * without an epoch (a transaction) always loads. Values are frozen: a caller that mutated one would
 * change every later answer.
 */
export async function rememberedRead<T>(
  db: object,
  table: WatchedTable,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const epoch = writeEpochOf(db);
  if (!epoch) return load();
  let store = stores.get(epoch);
  if (!store) stores.set(epoch, (store = new Map()));
  const kept = store.get(key);
  if (kept && epoch.isTableCurrent(table, kept.version) && performance.now() - kept.storedAt <= MEMO_TTL_MS)
    return kept.value as T;
  const version = epoch.tableVersion(table);
  const value = await load();
  if (value && typeof value === 'object') Object.freeze(value);
  // Kept only if nothing wrote the table while it was read: the answer may predate that write.
  if (epoch.isTableCurrent(table, version)) store.set(key, { value, version, storedAt: performance.now() });
  return value;
}
