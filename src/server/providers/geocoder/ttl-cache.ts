export interface TtlCacheOptions {
  /** Entries beyond this evict the least recently used. */
  maxEntries: number;
  /** An entry older than this is treated as absent. */
  ttlMs: number;
  now?: () => number;
}

/** A bounded in-memory cache: least-recently-used eviction plus a time to live per entry. */
export class TtlCache<V> {
  // A Map iterates in insertion order; re-inserting on every hit keeps the oldest first.
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly now: () => number;

  constructor(private readonly options: TtlCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /** Removes the entry only if it still holds `value` (a newer entry for the key stays). */
  deleteIf(key: string, value: V): void {
    if (this.entries.get(key)?.value === value) this.entries.delete(key);
  }
}
