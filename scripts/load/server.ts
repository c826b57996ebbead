/**
 * The built server (dist/server/main.js) as the load test runs it: production mode on 127.0.0.1,
 * the probe preloaded (scripts/load/probe.mjs), on a PGlite data directory or a PostgreSQL URL, with
 * the Redis bus when given one.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { EMBEDDED_PRODUCTION_ENV } from '../../src/server/test/production-env';

export const AUTH_SECRET = 'load-test-secret-load-test-secret-0123456789';

export interface ServerMetrics {
  loopP50: number;
  loopP99: number;
  loopMax: number;
  poolWaits: number;
  poolWaitP50: number;
  poolWaitP99: number;
  poolWaitMax: number;
  poolMaxWaiting: number;
  /** What the waits are for: a pooled connection (PostgreSQL) or PGlite's one connection; null before any. */
  waitKind: 'pool' | 'connection' | null;
  /** Share of the time the event loop was busy (eventLoopUtilization). */
  loopBusy: number;
  /** PostgreSQL queries answered, and their round trips as the server's code saw them. */
  queries: number;
  queryP50: number;
  queryP99: number;
  rssMb: number;
  /** Messages the Redis bus's subscriber received (REDIS_URL), 0 without it. */
  busReceived: number;
  /** Time the process was stopped or kept off the cores (probe.mjs), in ms. */
  pausedMs: number;
}

export interface LoadServer {
  port: number;
  origin: string;
  /** The server process's id, for its CPU time (where.ts). */
  pid: number;
  metrics(): Promise<ServerMetrics>;
  stop(): Promise<void>;
}

export interface ServerOptions {
  port: number;
  dataDir?: string;
  databaseUrl?: string;
  /** The Redis/Valkey change bus (decision 0476), for the bus target. */
  redisUrl?: string;
}

export async function startServer(options: ServerOptions): Promise<LoadServer> {
  const origin = `http://127.0.0.1:${options.port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    ...EMBEDDED_PRODUCTION_ENV,
    HOST: '127.0.0.1',
    PORT: String(options.port),
    PUBLIC_URL: origin,
    AUTH_SECRET,
    DATA_DIR: options.dataDir ?? resolve('.tmp/load/files'),
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.redisUrl) env.REDIS_URL = options.redisUrl;
  const child: ChildProcess = fork(resolve('dist/server/main.js'), [], {
    execArgv: ['--import', resolve('scripts/load/probe.mjs'), ...(process.env.LOAD_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=.tmp/load/prof'] : [])],
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // Every request's log line (route, status, server-side ms) is kept for reading after the run;
  // only the tail stays in memory, for the error messages below.
  mkdirSync(resolve('.tmp/load'), { recursive: true });
  const logFile = createWriteStream(resolve(`.tmp/load/server-${options.port}.log`));
  let output = '';
  const keep = (chunk: Buffer) => {
    logFile.write(chunk);
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${options.port} exited:\n${output.slice(-2000)}`);
    const ok = await fetch(`${origin}/api/config`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server on ${options.port} did not answer:\n${output.slice(-2000)}`);
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    port: options.port,
    origin,
    pid: child.pid!,
    metrics: () =>
      new Promise((done) => {
        const onMessage = (message: { type?: string } & ServerMetrics) => {
          if (message?.type !== 'metrics') return;
          child.off('message', onMessage);
          done(message);
        };
        child.on('message', onMessage);
        child.send('metrics');
      }),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      logFile.end();
      if (process.env.LOAD_SERVER_LOG) console.log(output.slice(-4000));
    },
  };
}
