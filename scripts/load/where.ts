/**
 * Where a step's time went (issue 55): measured around each step's requests, from outside the
 * product.
 * - CPU, in % of one core over the step: each server process (its threads included: PGlite's worker),
 *   the PostgreSQL server (the postmaster, every child alive at either end, and the children that
 *   ended, which the postmaster's cutime/cstime collect), the Redis server, and this driver
 *   (autocannon and the sockets share the machine's cores with them). From /proc/<pid>/stat, so only
 *   for processes on this machine.
 * - The run's database (pg_stat_database): transactions (commits and rollbacks: one per statement
 *   outside a transaction), the time its backends spent executing statements (active_time), tuples
 *   read and written, and blocks read from outside shared buffers.
 * - The NOTIFYs on the product's change channel (app_changes), heard by a LISTEN of this driver, and
 *   the three tables and operations most of them came from.
 * - Redis: PUBLISH commands and all commands processed (INFO commandstats/stats deltas); what the
 *   instances received comes from the servers' probe (probe.mjs, `busReceived`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { CHANGE_CHANNEL, tableOfPayload } from '../../src/server/realtime/change-bus';

export interface WhereFigures {
  seconds: number;
  /** % of one core, per server instance. */
  serverCpu: (number | null)[];
  postgresCpu: number | null;
  redisCpu: number | null;
  driverCpu: number;
  /** Deltas over the step, for the run's database; null without PostgreSQL. */
  db: { xacts: number; activeMs: number; tuplesRead: number; tuplesWritten: number; blocksRead: number } | null;
  notifies: number | null;
  /** The tables and operations ("tasks update") the step's NOTIFYs came from, most first. */
  notifyTables: [string, number][];
  publishes: number | null;
  redisCommands: number | null;
  /** Seconds this driver was stopped or kept off the cores during the step (see pauseWatch). */
  driverPaused: number;
}

export interface StepProbe {
  begin(): Promise<void>;
  end(): Promise<WhereFigures>;
}

const TICKS_PER_SECOND = 100;

/**
 * On a shared machine, processes can be stopped or kept off the cores for seconds (seen: the driver
 * and the server stopped together for about 15 s at a time, SIGSTOP-like, state T). A 100 ms timer
 * late by more than a second while the process used almost no CPU counts as paused: the step's
 * latencies then include the pause, and its figures are not the product's.
 */
function pauseWatch() {
  let paused = 0;
  let at = performance.now();
  let cpu = process.cpuUsage();
  const timer = setInterval(() => {
    const now = performance.now();
    const used = process.cpuUsage(cpu);
    const gap = now - at;
    if (gap > 1_000 && (used.user + used.system) / 1000 < gap * 0.2) paused += gap;
    at = now;
    cpu = process.cpuUsage();
  }, 100);
  timer.unref();
  return { seconds: () => paused / 1000, stop: () => clearInterval(timer) };
}

/** utime, stime, cutime, cstime (clock ticks) and the parent's pid of a process, or null when gone. */
function stat(pid: number): { ticks: number; childTicks: number; ppid: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // fields[0] is the state (field 3 of proc(5)): ppid is field 4, utime..cstime fields 14-17.
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), childTicks: Number(fields[13]) + Number(fields[14]) };
  } catch {
    return null;
  }
}

/** A process tree's CPU ticks: the root, its living children, and the ended children it waited for. */
function treeTicks(root: number): number | null {
  const top = stat(root);
  if (!top) return null;
  let ticks = top.ticks + top.childTicks;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(Number(entry));
    if (child && child.ppid === root) ticks += child.ticks;
  }
  return ticks;
}

const opOf = (payload: string | undefined) => /"op": ?"(\w+)"/.exec(payload ?? '')?.[1] ?? '?';

type PgClient = InstanceType<(typeof import('pg'))['default']['Client']>;

async function redisOf(redisUrl: string | undefined) {
  if (!redisUrl) return null;
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const info = async () => {
    const text = await redis.info('all');
    const number = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? NaN);
    return {
      publishes: number(/^cmdstat_publish:calls=(\d+)/m),
      commands: number(/^total_commands_processed:(\d+)/m),
      pid: number(/^process_id:(\d+)/m),
    };
  };
  return { info, close: () => redis.quit().then(() => undefined, () => undefined) };
}

export async function whereProbe(options: { serverPids: number[]; databaseUrl?: string; redisUrl?: string }): Promise<StepProbe & { close(): Promise<void> }> {
  let client: PgClient | null = null;
  let postmaster: number | null = null;
  let notifies = 0;
  const byTable = new Map<string, number>();
  if (options.databaseUrl) {
    const pg = (await import('pg')).default;
    client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    postmaster = stat(backend)?.ppid ?? null;
    client.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL) return;
      notifies++;
      const table = `${(message.payload && tableOfPayload(message.payload)) ?? '?'} ${opOf(message.payload)}`;
      byTable.set(table, (byTable.get(table) ?? 0) + 1);
    });
    await client.query(`LISTEN ${CHANGE_CHANNEL}`);
  }
  const redis = await redisOf(options.redisUrl);
  const pauses = pauseWatch();
  const dbStats = async () => {
    if (!client) return null;
    const row = (
      await client.query<Record<string, string>>(
        `select xact_commit + xact_rollback as xacts, active_time as active, tup_returned + tup_fetched as read,
           tup_inserted + tup_updated + tup_deleted as written, blks_read as blocks
         from pg_stat_database where datname = current_database()`,
      )
    ).rows[0];
    return { xacts: Number(row.xacts), activeMs: Number(row.active), tuplesRead: Number(row.read), tuplesWritten: Number(row.written), blocksRead: Number(row.blocks) };
  };
  const sample = async () => {
    const info = redis ? await redis.info() : null;
    return {
      at: performance.now(),
      servers: options.serverPids.map((pid) => stat(pid)?.ticks ?? null),
      postgres: postmaster ? treeTicks(postmaster) : null,
      redis: info && Number.isFinite(info.pid) ? (stat(info.pid)?.ticks ?? null) : null,
      driver: process.cpuUsage(),
      paused: pauses.seconds(),
      db: await dbStats(),
      notifies,
      publishes: info?.publishes ?? null,
      redisCommands: info?.commands ?? null,
    };
  };
  let start: Awaited<ReturnType<typeof sample>> | null = null;
  return {
    async begin() {
      byTable.clear();
      start = await sample();
    },
    async end() {
      const end = await sample();
      const from = start!;
      const seconds = (end.at - from.at) / 1000;
      const cpu = (a: number | null, b: number | null) => (a === null || b === null ? null : ((b - a) / TICKS_PER_SECOND / seconds) * 100);
      const driver = process.cpuUsage(from.driver);
      const delta = (a: number | null, b: number | null) => (a === null || b === null || !Number.isFinite(a) || !Number.isFinite(b) ? null : b - a);
      return {
        seconds,
        serverCpu: end.servers.map((ticks, index) => cpu(from.servers[index], ticks)),
        postgresCpu: cpu(from.postgres, end.postgres),
        redisCpu: cpu(from.redis, end.redis),
        driverCpu: ((driver.user + driver.system) / 1e6 / seconds) * 100,
        db:
          from.db && end.db
            ? {
                xacts: end.db.xacts - from.db.xacts,
                activeMs: end.db.activeMs - from.db.activeMs,
                tuplesRead: end.db.tuplesRead - from.db.tuplesRead,
                tuplesWritten: end.db.tuplesWritten - from.db.tuplesWritten,
                blocksRead: end.db.blocksRead - from.db.blocksRead,
              }
            : null,
        notifies: client ? end.notifies - from.notifies : null,
        notifyTables: [...byTable].sort((a, b) => b[1] - a[1]),
        publishes: delta(from.publishes, end.publishes),
        redisCommands: delta(from.redisCommands, end.redisCommands),
        driverPaused: end.paused - from.paused,
      };
    },
    async close() {
      pauses.stop();
      await client?.end().catch(() => undefined);
      await redis?.close();
    },
  };
}

/** The step's "where" line: one compact line, rates per second of the step. */
export function formatWhere(where: WhereFigures, loopBusy: number[], busReceived: number[], serverPausedMs: number[]): string {
  const pct = (v: number | null) => (v === null ? 'n/a' : `${Math.round(v)}%`);
  const rate = (v: number | null) => (v === null ? 'n/a' : (v / where.seconds).toFixed(v / where.seconds < 10 ? 1 : 0));
  const parts = [
    `cpu server ${where.serverCpu.map(pct).join(' ')} (loop busy ${loopBusy.map((b) => `${Math.round(b * 100)}%`).join(' ')})`,
    `postgres ${pct(where.postgresCpu)}`,
    ...(where.redisCpu !== null ? [`redis ${pct(where.redisCpu)}`] : []),
    `driver ${pct(where.driverCpu)}`,
  ];
  const db = where.db
    ? `db ${rate(where.db.xacts)} xact/s, active ${(where.db.activeMs / 1000 / where.seconds).toFixed(2)} s/s, ` +
      `${rate(where.db.tuplesRead)} tup read/s, ${rate(where.db.tuplesWritten)} written/s, ${rate(where.db.blocksRead)} blk read/s, ` +
      `${rate(where.notifies)} NOTIFY/s${where.notifyTables.length ? ` (${where.notifyTables.slice(0, 5).map(([table, count]) => `${table} ${rate(count)}`).join(', ')})` : ''}`
    : 'db n/a (PGlite: inside the server process)';
  const bus =
    where.publishes !== null
      ? `bus ${rate(where.publishes)} publish/s, ${rate(where.redisCommands)} cmd/s, received ${busReceived.map((r) => rate(r)).join(' ')} msg/s`
      : null;
  const paused = [where.driverPaused, ...serverPausedMs.map((ms) => ms / 1000)];
  const pauses = paused.some((seconds) => seconds > 0)
    ? ` | PAUSED (stopped, off the cores or blocked without CPU; s of ${where.seconds.toFixed(0)}): driver ${paused[0].toFixed(1)}, server ${paused.slice(1).map((s) => s.toFixed(1)).join(' ')}`
    : '';
  return `      where: ${parts.join(', ')} | ${db}${bus ? ` | ${bus}` : ''}${pauses}`;
}
