import type { ChangeBus, ChangeBusListener, ChangeEvent } from './change-bus';

/**
 * A change bus the test (or the hub benchmark) drives by hand: what the database or Redis would
 * deliver, raised directly on the hub's listeners.
 */
export function fakeBus() {
  const listeners = new Set<ChangeBusListener>();
  const bus: ChangeBus = {
    kind: 'pglite',
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    start: async () => undefined,
    close: async () => undefined,
  };
  return {
    bus,
    resync: () => listeners.forEach((l) => l.onResync?.()),
    notify: (table: string | null) => listeners.forEach((l) => l.onNotify?.(table)),
    emit: (event: ChangeEvent) => listeners.forEach((l) => l.onChange(event)),
    /** A per-topic bus's delivery: the event for the named buckets only. */
    emitKeyed: (event: ChangeEvent, keys: string[]) => listeners.forEach((l) => l.onChange(event, keys)),
    /** The hub's own listener (the benchmark calls it in a loop). */
    listener: () => [...listeners][0],
  };
}
