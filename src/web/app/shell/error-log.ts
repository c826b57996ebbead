/**
 * A developer aid: captures console errors so the dev-mode monitor can show them. Keeps the last
 * 50 entries; the monitor shows 20 and flags subscription errors of the last 60 seconds.
 */
export interface CapturedError {
  at: number;
  text: string;
}

export const ERROR_LOG_LIMIT = 50;
export const ERROR_LOG_SHOWN = 20;
const SUBSCRIPTION_WINDOW_MS = 60_000;

export function createErrorLog() {
  let entries: CapturedError[] = [];
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    add(text: string, at = Date.now()) {
      entries = [...entries, { at, text }].slice(-ERROR_LOG_LIMIT);
      emit();
    },
    clear() {
      entries = [];
      emit();
    },
    entries: () => entries,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function recentSubscriptionErrors(entries: CapturedError[], now = Date.now()): number {
  return entries.filter((entry) => now - entry.at <= SUBSCRIPTION_WINDOW_MS && /subscri|channel|realtime|websocket/i.test(entry.text))
    .length;
}

export const errorLog = createErrorLog();
