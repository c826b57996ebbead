/**
 * The last provider webhooks this instance answered with an error status, for the admin System tab.
 * Kept in memory on purpose: a refused webhook is retried by its provider, and the count over time
 * is the `webhooks_total` metric; this list only shows an operator what failed lately, and why.
 */
export interface WebhookFailureLog {
  record(entry: { route: string; status: number; at: Date }): void;
  recent(): { route: string; status: number; at: string }[];
}

export function createWebhookFailureLog(limit = 50): WebhookFailureLog {
  const entries: { route: string; status: number; at: string }[] = [];
  return {
    record({ route, status, at }) {
      entries.unshift({ route, status, at: at.toISOString() });
      entries.length = Math.min(entries.length, limit);
    },
    recent: () => [...entries],
  };
}
