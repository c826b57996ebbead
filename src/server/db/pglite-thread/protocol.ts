/**
 * The messages between the main thread's PGlite proxy (client.ts) and the worker that owns the
 * PGlite instance (worker.ts). Everything here crosses the thread boundary by structured clone, so
 * it holds data only: no functions (parsers travel as type OIDs) and no Error subclasses (their
 * extra fields are copied explicitly, since structured clone keeps only message and name).
 */

/** What the worker needs to create PGlite; the extensions are fixed (pg_trgm, cube, earthdistance). */
export interface WorkerOptions {
  dataDir: string;
  /** A data-dir dump to start from (dumpDataDir's bytes and its MIME type). */
  loadDataDir?: { bytes: ArrayBuffer; type: string };
}

export interface WireQueryOptions {
  rowMode?: 'array' | 'object';
  /** Type OIDs whose values stay the text PostgreSQL sent (the identity parsers drizzle passes). */
  rawOids?: number[];
  paramTypes?: number[];
}

export type Request =
  | { op: 'query'; id: number; tx?: number; text: string; params?: unknown[]; options?: WireQueryOptions }
  | { op: 'exec'; id: number; tx?: number; text: string }
  /** Opens a transaction; the reply comes once BEGIN ran, and its id names the transaction. */
  | { op: 'begin'; id: number }
  /** tx.rollback() inside the callback: ROLLBACK now, the transaction counts as closed. */
  | { op: 'rollback'; id: number; tx: number }
  /** The callback settled: COMMIT (or ROLLBACK when it threw), then the reply. */
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; subscription: number }
  | { op: 'dump'; id: number; compression: 'auto' | 'gzip' | 'none' }
  | { op: 'close'; id: number };

export type Reply =
  | { kind: 'ready' }
  | { kind: 'init-failed'; error: SerializedError }
  /** `waitedMs`: how long a statement outside a transaction (or a BEGIN) waited for the connection. */
  | { kind: 'result'; id: number; value: unknown; waitedMs?: number }
  | { kind: 'error'; id: number; error: SerializedError; waitedMs?: number }
  /** A NOTIFY for a subscription: posted before the reply of the statement that delivered it. */
  | { kind: 'notify'; subscription: number; payload: string };

/**
 * The diagnostics channel on which the main thread publishes each `waitedMs` (a number), while
 * someone subscribes: PGlite's counterpart of a pool's connection wait (the load test's probe).
 */
export const CONNECTION_WAIT_CHANNEL = 'pglite.connection-wait';

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  /** The error's own data fields (code, detail, constraint, table, column, schema, severity, position, ...). */
  fields: Record<string, unknown>;
  /** PostgreSQL's error (PGlite's DatabaseError): rebuilt as that class on the main thread. */
  databaseError: boolean;
}

/** The fields of PGlite's DatabaseError (and of any error) that are data and survive the copy. */
export function serializeError(error: unknown, databaseError = false): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {}, databaseError: false };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // queryOptions holds the worker's parser functions; the proxy puts the caller's options back.
    if (key === 'queryOptions' || key === 'message' || key === 'stack') continue;
    if (value === null || ['string', 'number', 'boolean', 'bigint', 'undefined'].includes(typeof value)) fields[key] = value;
    else if (key === 'params' && Array.isArray(value)) fields[key] = value;
  }
  return {
    name: error.name,
    message: error.message,
    stack: error.stack,
    fields,
    databaseError,
  };
}
