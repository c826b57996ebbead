import { channel } from 'node:diagnostics_channel';
import { Worker } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { messages, QueryOptions, Results } from '@electric-sql/pglite';
import { CONNECTION_WAIT_CHANNEL, type Reply, type Request, type SerializedError, type WireQueryOptions, type WorkerOptions } from './protocol';
import { log } from '../../ops/logger';

/**
 * The main thread's stand-in for PGlite when PGlite runs in a worker thread (decision 0102): the
 * subset of PGlite's interface that drizzle-orm/pglite and the product use, with PGlite's method
 * names, so `drizzle(client, { schema })` and `db.$client` work unchanged.
 *
 * Limits: query options cross the thread as data, so the only parsers supported are identity
 * parsers (a type OID whose value stays PostgreSQL's text, which is all drizzle passes); serializers,
 * blobs and notice callbacks are refused.
 */
export interface PgliteThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Array<Results>>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PgliteThreadOptions {
  dataDir: string;
  /** A data-dir dump to start from (copied into the worker; the Blob stays usable). */
  loadDataDir?: Blob;
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; options?: QueryOptions };
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Send = WithoutId<Request>;

const PROBE = '\u0000identity-probe';
const connectionWait = channel(CONNECTION_WAIT_CHANNEL);
const identityChecked = new WeakSet<(value: string, typeId: number) => unknown>();

/** The OIDs of identity parsers; throws for any other parser (it could not run in the worker). */
function rawOidsOf(parsers: QueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  return Object.entries(parsers).map(([oid, parser]) => {
    if (!identityChecked.has(parser)) {
      if (parser(PROBE, Number(oid)) !== PROBE) throw new Error('PGlite in a worker thread supports identity parsers only');
      identityChecked.add(parser);
    }
    return Number(oid);
  });
}

function wireOptions(options: QueryOptions | undefined): WireQueryOptions | undefined {
  if (!options) return undefined;
  if (options.serializers || options.blob || options.onNotice) {
    throw new Error('PGlite in a worker thread supports the query options rowMode, parsers and paramTypes only');
  }
  return { rowMode: options.rowMode, rawOids: rawOidsOf(options.parsers), paramTypes: options.paramTypes };
}

// PGlite's error class, loaded after the worker is spawned, so that PGlite's main-thread module
// loads while the worker opens the database; `ready` waits for it.
let DatabaseError: typeof messages.DatabaseError | undefined;
let errorClassLoaded: Promise<void> | undefined;
const loadErrorClass = () =>
  (errorClassLoaded ??= import('@electric-sql/pglite').then((pglite) => void (DatabaseError = pglite.messages.DatabaseError)));

/** PostgreSQL's errors come back as PGlite's DatabaseError with every field; others as Error. */
function reviveError(serialized: SerializedError, options?: QueryOptions): Error {
  const { fields } = serialized;
  const error =
    serialized.databaseError && DatabaseError
      ? new DatabaseError(serialized.message, Number(fields.length ?? 0), 'error')
      : new Error(serialized.message);
  Object.assign(error, fields);
  if (!serialized.databaseError) Object.assign(error, { name: serialized.name });
  if (serialized.databaseError && options) Object.assign(error, { queryOptions: options });
  error.stack = `${serialized.stack ?? `${serialized.name}: ${serialized.message}`}\n    at (PGlite worker thread)`;
  return error;
}

/** The worker's source next to this file: worker.ts under tsx and vitest, pglite-worker.js in dist/server. */
export function workerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('./worker.ts', here) : new URL('./pglite-worker.js', here);
}

/** tsx's ESM API (its CommonJS build resolves the loader hooks wrongly when imported from a worker). */
function tsxEsmApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(join(dirname(manifest), exports['./esm/api']!.import.default)).href;
}

function spawn(url: URL): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url);
  // Node 20 ignores `--import tsx` in a worker's execArgv, so a bootstrap registers tsx first.
  const tsx = tsxEsmApi();
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(bootstrap, { eval: true });
}

export class PgliteThreadClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  #starting = true;
  #closing = false;
  /** Set until the options message is posted. */
  #initPosted: Promise<void> | undefined;
  #exitError: Error | undefined;
  #rejectStart: (error: Error) => void = () => undefined;
  readonly ready: Promise<void>;

  private constructor(worker: Worker) {
    this.#worker = worker;
    let started: { resolve: () => void; reject: (error: Error) => void };
    const opened = new Promise<void>((resolve, reject) => (started = { resolve, reject }));
    this.ready = Promise.all([opened, loadErrorClass()]).then(() => undefined);
    worker.on('message', (reply: Reply) => {
      switch (reply.kind) {
        case 'ready':
          this.#starting = false;
          // Idle, the worker does not keep the process alive (in-process PGlite does not either).
          if (this.#pending.size === 0) worker.unref();
          return started.resolve();
        case 'init-failed':
          this.#fail(reviveError(reply.error));
          this.#closing = true;
          return void worker.terminate();
        case 'notify':
          return this.#listeners.get(reply.subscription)?.(reply.payload);
        case 'result':
        case 'error': {
          const pending = this.#pending.get(reply.id);
          if (!pending) return;
          this.#pending.delete(reply.id);
          if (this.#pending.size === 0 && !this.#starting) worker.unref();
          if (reply.waitedMs !== undefined && connectionWait.hasSubscribers) connectionWait.publish(reply.waitedMs);
          if (reply.kind === 'result') pending.resolve(reply.value);
          else pending.reject(reviveError(reply.error, pending.options));
        }
      }
    });
    this.#rejectStart = (error) => started.reject(error);
    // Marked handled: a caller that never awaits `ready` still sees the failure on its first query.
    this.ready.catch(() => undefined);
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => {
      if (!this.#closing) log.error({ code }, 'the PGlite worker thread exited unexpectedly');
      this.#fail(new Error(`The PGlite worker thread exited (code ${code})`));
    });
  }

  #fail(error: Error) {
    this.#exitError ??= error;
    this.#rejectStart(error);
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  /** Starts the worker and resolves once PGlite is open in it. */
  static async create(options: PgliteThreadOptions): Promise<PgliteThreadClient> {
    const client = PgliteThreadClient.start(options);
    await client.ready;
    return client;
  }

  /**
   * Starts the worker at once and resolves `ready` once PGlite is open in it: the caller can import
   * and set up other things meanwhile (the worker loads PGlite on its own thread).
   */
  static start(options: PgliteThreadOptions): PgliteThreadClient {
    const client = new PgliteThreadClient(spawn(workerUrl()));
    const posting = (async () => {
      const dump = options.loadDataDir;
      const bytes = dump ? await dump.arrayBuffer() : undefined;
      const init: WorkerOptions = { dataDir: options.dataDir, loadDataDir: bytes ? { bytes, type: dump!.type } : undefined };
      client.#worker.postMessage(init, bytes ? [bytes] : []);
    })();
    // Cleared once posted. Set first: without a dump the function above posts before it returns, and
    // clearing it there left every later statement waiting a turn behind the settled promise.
    client.#initPosted = posting;
    posting.then(
      () => void (client.#initPosted = undefined),
      (error: Error) => client.#fail(error),
    );
    return client;
  }

  #send<T>(request: Send, options?: QueryOptions, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.#exitError) return Promise.reject(this.#exitError);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject, options });
      if (this.#pending.size === 1) this.#worker.ref();
      const post = () => this.#worker.postMessage({ ...request, id }, transfer);
      // The options message goes first (the worker takes its first message for them).
      if (this.#initPosted) this.#initPosted.then(post, () => undefined);
      else post();
    });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, text, params, options);
  }

  #query<T>(tx: number | undefined, text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    let wire: WireQueryOptions | undefined;
    try {
      wire = wireOptions(options);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return this.#send<Results<T>>({ op: 'query', tx, text, params, options: wire }, options);
  }

  exec(text: string): Promise<Array<Results>> {
    return this.#send({ op: 'exec', text });
  }

  /**
   * Runs `callback` on this thread inside a transaction the worker holds open: COMMIT when it
   * resolves, ROLLBACK when it throws (its error is rethrown). Savepoints are plain statements.
   */
  async transaction<T>(callback: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
    const txId = this.#nextId;
    await this.#send({ op: 'begin' });
    let closed = false;
    const guard = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: PgliteThreadTransaction = {
      query: async (text, params, options) => (guard(), this.#query(txId, text, params, options)),
      exec: async (text) => (guard(), this.#send({ op: 'exec', tx: txId, text })),
      rollback: async () => {
        guard();
        await this.#send({ op: 'rollback', tx: txId });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await this.#send({ op: 'end', tx: txId, commit: false });
      throw error;
    }
    closed = true;
    await this.#send({ op: 'end', tx: txId, commit: true });
    return result;
  }

  /** Subscribes to a NOTIFY channel; the callback runs before the notifying statement's result resolves. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const subscription = this.#nextId;
    this.#listeners.set(subscription, callback);
    try {
      await this.#send({ op: 'listen', channel });
    } catch (error) {
      this.#listeners.delete(subscription);
      throw error;
    }
    return async () => {
      if (!this.#listeners.delete(subscription)) return;
      await this.#send({ op: 'unlisten', subscription });
    };
  }

  /** The data directory as a tarball (PGlite's dumpDataDir), copied out of the worker. */
  async dumpDataDir(compression: 'auto' | 'gzip' | 'none' = 'auto'): Promise<Blob> {
    const dump = await this.#send<{ bytes: ArrayBuffer; type: string }>({ op: 'dump', compression });
    return new Blob([dump.bytes], { type: dump.type });
  }

  /** Closes PGlite (flushing its data directory) and ends the worker. */
  async close(): Promise<void> {
    if (this.#exitError) return;
    this.#closing = true;
    try {
      await this.#send({ op: 'close' });
    } finally {
      await this.#worker.terminate();
    }
  }
}
