/**
 * The worker thread that owns the PGlite instance (decision 0102): every statement runs here, so
 * PostgreSQL's work never blocks the web server's event loop. The main thread talks to it through
 * the proxy in client.ts; the messages are in protocol.ts.
 *
 * Requests are handled as they arrive, not one after another: everything outside a transaction
 * takes the connection in arrival order (takeConnection, as PGlite's own lock does), so a query
 * outside a transaction waits while one is open, and the open transaction's statements (sent with its
 * id) run meanwhile.
 */
import { parentPort } from 'node:worker_threads';
import { PGlite, messages, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { serializeError, type Reply, type Request, type WireQueryOptions, type WorkerOptions } from './protocol';

const port = parentPort!;
const post = (reply: Reply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);

const transactions = new Map<number, { tx: Transaction; end: (signal: { commit: boolean; id: number }) => void }>();
const subscriptions = new Map<number, () => Promise<void>>();
/** Thrown inside PGlite's transaction callback to make it roll back when the main thread's callback threw. */
const ROLLBACK = Symbol('rollback');

const identity = (value: string) => value;
const parserSets = new Map<string, Record<number, (value: string) => string>>();
function parsersFor(oids: number[]) {
  const key = oids.join(',');
  let parsers = parserSets.get(key);
  if (!parsers) parserSets.set(key, (parsers = Object.fromEntries(oids.map((oid) => [oid, identity]))));
  return parsers;
}

function queryOptions(wire: WireQueryOptions | undefined) {
  if (!wire) return undefined;
  return {
    rowMode: wire.rowMode,
    paramTypes: wire.paramTypes,
    parsers: wire.rawOids?.length ? parsersFor(wire.rawOids) : undefined,
  };
}

function transactionOf(id: number): Transaction {
  const open = transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

/**
 * PGlite's one connection, taken in arrival order by each statement outside a transaction and by
 * each transaction for its whole life (as PGlite's own lock is), so that the time a request waited
 * for it can be told apart from the time it ran: the `waitedMs` of its reply.
 */
let connectionFree: Promise<void> = Promise.resolve();
async function takeConnection(): Promise<{ release: () => void; waitedMs: number }> {
  const asked = performance.now();
  const previous = connectionFree;
  let release!: () => void;
  connectionFree = new Promise<void>((resolve) => (release = resolve));
  await previous;
  return { release, waitedMs: performance.now() - asked };
}

async function begin(pg: PGlite, id: number) {
  let opened = false;
  let endId = id;
  const connection = await takeConnection();
  try {
    await pg.transaction(async (tx) => {
      const ended = new Promise<{ commit: boolean; id: number }>((resolve) => transactions.set(id, { tx, end: resolve }));
      opened = true;
      post({ kind: 'result', id, value: null, waitedMs: connection.waitedMs });
      const signal = await ended;
      endId = signal.id;
      // PGlite commits when this callback returns, and rolls back when it throws.
      if (!signal.commit) throw ROLLBACK;
    });
    post({ kind: 'result', id: endId, value: null });
  } catch (error) {
    if (error === ROLLBACK) post({ kind: 'result', id: endId, value: null });
    else post({ kind: 'error', id: opened ? endId : id, error: serializeError(error, error instanceof messages.DatabaseError) });
  } finally {
    transactions.delete(id);
    connection.release();
  }
}

/** A statement outside a transaction holds the connection while it runs; one inside runs on its transaction's. */
async function onConnection<T>(timing: { waitedMs?: number }, run: () => Promise<T>): Promise<T> {
  const connection = await takeConnection();
  timing.waitedMs = connection.waitedMs;
  try {
    return await run();
  } finally {
    connection.release();
  }
}

async function handle(pg: PGlite, request: Request, timing: { waitedMs?: number }): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const options = queryOptions(request.options);
      if (request.tx !== undefined) return transactionOf(request.tx).query(request.text, request.params, options);
      return onConnection(timing, () => pg.query(request.text, request.params, options));
    }
    case 'exec':
      if (request.tx !== undefined) return transactionOf(request.tx).exec(request.text);
      return onConnection(timing, () => pg.exec(request.text));
    case 'rollback':
      return transactionOf(request.tx).rollback();
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('Transaction is closed');
      open.end({ commit: request.commit, id: request.id });
      return undefined;
    }
    // The rest keep their place in the queue too (a close waits for the statements sent before it);
    // their waits are not statements', so they are not reported.
    case 'listen':
      return onConnection({}, async () => {
        const subscription = request.id;
        const unsubscribe = await pg.listen(request.channel, (payload) => post({ kind: 'notify', subscription, payload }));
        subscriptions.set(subscription, unsubscribe);
        return subscription;
      });
    case 'unlisten':
      return onConnection({}, async () => {
        const unsubscribe = subscriptions.get(request.subscription);
        subscriptions.delete(request.subscription);
        await unsubscribe?.();
        return null;
      });
    case 'dump':
      return onConnection({}, async () => {
        const dump = await pg.dumpDataDir(request.compression);
        return { bytes: await dump.arrayBuffer(), type: dump.type };
      });
    case 'close':
      return onConnection({}, async () => {
        await pg.close();
        return null;
      });
    case 'begin':
      throw new Error('begin is handled apart');
  }
}

function answer(request: Request, timing: { waitedMs?: number }, work: Promise<unknown>) {
  work.then(
    (value) => {
      // 'end' is answered when the transaction settles (in begin), not when the signal is handed over.
      if (request.op === 'end') return;
      const transfer = request.op === 'dump' ? [(value as { bytes: ArrayBuffer }).bytes] : [];
      post({ kind: 'result', id: request.id, value, waitedMs: timing.waitedMs }, transfer);
    },
    (error: unknown) =>
      post({ kind: 'error', id: request.id, error: serializeError(error, error instanceof messages.DatabaseError), waitedMs: timing.waitedMs }),
  );
}

async function open(options: WorkerOptions): Promise<PGlite> {
  const pg = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir ? new Blob([options.loadDataDir.bytes], { type: options.loadDataDir.type }) : undefined,
    extensions: { pg_trgm, cube, earthdistance },
  });
  post({ kind: 'ready' });
  return pg;
}

// The first message holds the options, so that the worker loads PGlite's code while the main thread
// reads them; requests that come before PGlite is open wait for it, in order.
let opening: Promise<PGlite> | undefined;
port.on('message', (message: WorkerOptions | Request) => {
  if (!opening) {
    opening = open(message as WorkerOptions);
    opening.catch((error: unknown) => post({ kind: 'init-failed', error: serializeError(error) }));
    return;
  }
  const request = message as Request;
  if (request.op === 'begin') void opening.then((pg) => begin(pg, request.id), () => undefined);
  else {
    const timing: { waitedMs?: number } = {};
    answer(request, timing, opening.then((pg) => handle(pg, request, timing)));
  }
});
