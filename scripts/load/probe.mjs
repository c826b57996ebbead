// Preloaded into the server under load (`node --import ./scripts/load/probe.mjs dist/server/main.js`),
// so that the product's code carries no debug endpoint: the event loop's delay and utilization, and
// on PostgreSQL the time each query waits for a pooled connection (pg.Pool#connect) and each query's
// round trip (pg.Client#query to its answer, as the server's code sees it), and with REDIS_URL the
// messages its Redis subscriber received, are answered to the load
// driver over the fork's IPC channel ("metrics" -> figures since the last ask, then reset). On PGlite
// the wait is for its one connection, as its worker thread measures it (the diagnostics channel
// `pglite.connection-wait`, src/server/db/pglite-thread/protocol.ts).
import { createRequire } from 'node:module';
import { subscribe } from 'node:diagnostics_channel';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let waits = [];
let roundTrips = [];
let utilizationSince = performance.eventLoopUtilization();
let maxWaiting = 0;
/** 'pool' (node-postgres) or 'connection' (PGlite's one connection), once a wait was seen. */
let waitKind = null;

subscribe('pglite.connection-wait', (waitedMs) => {
  waitKind = 'connection';
  waits.push(waitedMs);
});

try {
  const pg = createRequire(`${process.cwd()}/`)('pg');
  const proto = pg.Pool.prototype;
  const connect = proto.connect;
  proto.connect = function (callback) {
    const started = performance.now();
    maxWaiting = Math.max(maxWaiting, this.waitingCount);
    const record = () => {
      waitKind = 'pool';
      waits.push(performance.now() - started);
    };
    if (typeof callback === 'function') {
      return connect.call(this, (error, client, release) => {
        record();
        callback(error, client, release);
      });
    }
    return connect.call(this).then((client) => {
      record();
      return client;
    });
  };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (...args) {
    const started = performance.now();
    // pg.Pool#query passes a callback; a checked-out client (a transaction) gets a promise.
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last];
      args[last] = (...answer) => {
        roundTrips.push(performance.now() - started);
        callback(...answer);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result && typeof result.then === 'function') result.then(() => roundTrips.push(performance.now() - started), () => undefined);
    return result;
  };
} catch {
  // No pg in this install: the PGlite figures only.
}

// With REDIS_URL, the messages the change bus's subscriber receives (ioredis emits each as 'message').
let busReceived = 0;
try {
  const { Redis } = createRequire(`${process.cwd()}/`)('ioredis');
  const emit = Redis.prototype.emit;
  Redis.prototype.emit = function (event, ...args) {
    if (event === 'message') busReceived++;
    return emit.call(this, event, ...args);
  };
} catch {
  // No ioredis in this install.
}

// Time the process was stopped or kept off the cores (a 100 ms timer late by more than a second
// while the process used almost no CPU): on a shared machine, a step's latencies then include it.
let pausedMs = 0;
let tickAt = performance.now();
let tickCpu = process.cpuUsage();
setInterval(() => {
  const now = performance.now();
  const cpu = process.cpuUsage(tickCpu);
  const gap = now - tickAt;
  if (gap > 1_000 && (cpu.user + cpu.system) / 1000 < gap * 0.2) pausedMs += gap;
  tickAt = now;
  tickCpu = process.cpuUsage();
}, 100).unref();

const at = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0);

process.on('message', (message) => {
  if (message !== 'metrics') return;
  const sorted = waits.sort((a, b) => a - b);
  const trips = roundTrips.sort((a, b) => a - b);
  process.send?.({
    type: 'metrics',
    loopP50: loop.percentile(50) / 1e6,
    loopP99: loop.percentile(99) / 1e6,
    loopMax: loop.max / 1e6,
    poolWaits: sorted.length,
    poolWaitP50: at(sorted, 0.5),
    poolWaitP99: at(sorted, 0.99),
    poolWaitMax: sorted.at(-1) ?? 0,
    poolMaxWaiting: maxWaiting,
    waitKind,
    rssMb: process.memoryUsage().rss / 1048576,
    loopBusy: performance.eventLoopUtilization(utilizationSince).utilization,
    queries: trips.length,
    queryP50: at(trips, 0.5),
    queryP99: at(trips, 0.99),
    busReceived,
    pausedMs,
  });
  busReceived = 0;
  pausedMs = 0;
  loop.reset();
  waits = [];
  roundTrips = [];
  utilizationSince = performance.eventLoopUtilization();
  maxWaiting = 0;
});
