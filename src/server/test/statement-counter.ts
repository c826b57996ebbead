import type { Db } from '../db/client';

/** The methods through which drizzle (and a repository using `$client`) reaches the database. */
const ROUND_TRIP_METHODS = ['query', 'exec', 'transaction', 'connect'] as const;

type ClientMethod = (...args: unknown[]) => unknown;

export interface StatementCounter {
  /** The statements (SQL text) sent since the counter started or was last reset. */
  readonly statements: readonly string[];
  /** Forgets the statements seen so far (e.g. those of a sign-in or of a warm-up request). */
  reset(): void;
  /** Puts the client's own methods back. */
  restore(): void;
}

function textOf(method: string, args: unknown[]): string {
  const first = args[0];
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'text' in first) return String((first as { text: unknown }).text);
  return `<${method}>`;
}

/**
 * Counts the round trips a piece of code makes on a database handle, by wrapping the methods of its
 * driver client (`db.$client`: the PGlite instance, or the node-postgres pool) through which every
 * drizzle query passes. A `transaction` (PGlite) or `connect` (a pool client for a transaction)
 * counts as one entry: a read that needs one has already lost its single round trip.
 */
export function countStatements(db: Db): StatementCounter {
  const client = (db as unknown as { $client: Record<string, unknown> }).$client;
  const statements: string[] = [];
  const originals = new Map<string, ClientMethod>();
  // A pool's query() calls its own connect() synchronously: that is still one round trip.
  let inside = false;
  for (const method of ROUND_TRIP_METHODS) {
    const original = client[method];
    if (typeof original !== 'function') continue;
    originals.set(method, original as ClientMethod);
    client[method] = function counted(this: unknown, ...args: unknown[]) {
      if (inside) return (original as ClientMethod).apply(this, args);
      statements.push(textOf(method, args));
      inside = true;
      try {
        return (original as ClientMethod).apply(this, args);
      } finally {
        inside = false;
      }
    };
  }
  return {
    statements,
    reset() {
      statements.length = 0;
    },
    restore() {
      for (const [method, original] of originals) client[method] = original;
    },
  };
}
