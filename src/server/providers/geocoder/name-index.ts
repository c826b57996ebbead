/**
 * Normalised place names sorted by code unit, so that every name starting with a prefix is one
 * contiguous range found by two binary searches.
 */
export class NameIndex {
  private constructor(
    /** Sorted normalised names. */
    readonly keys: string[],
    /** The place of each key (same order as `keys`). */
    readonly places: Int32Array,
  ) {}

  /** Builds the index from (key, place) pairs; a place may appear under several keys. */
  static build(entries: readonly { key: string; place: number }[]): NameIndex {
    const order = entries.map((_, i) => i);
    order.sort((a, b) => compare(entries[a].key, entries[b].key));
    const keys = order.map((i) => entries[i].key);
    const places = Int32Array.from(order, (i) => entries[i].place);
    return new NameIndex(keys, places);
  }

  get size(): number {
    return this.keys.length;
  }

  /** The half-open range [start, end) of keys that start with `prefix`. */
  prefixRange(prefix: string): { start: number; end: number } {
    const start = this.lowerBound(prefix);
    // Every key with the prefix sorts below prefix + the highest code unit.
    const end = this.lowerBound(`${prefix}\uffff`);
    return { start, end };
  }

  private lowerBound(target: string): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.keys[mid] < target) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
