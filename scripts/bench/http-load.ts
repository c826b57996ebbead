/**
 * HTTP load for the benches: autocannon (the reference generator, issue 24), and the project's own
 * small generator (N keep-alive node:http connections, each sending requests back to back), kept
 * so that the API bench can print how much slower a generator makes the bare reference look.
 */
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { percentile } from './stats';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export async function load(options: {
  port: number;
  path: string;
  headers?: Record<string, string>;
  connections: number;
  durationMs: number;
}): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const deadline = performance.now() + options.durationMs;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = request(
        { host: '127.0.0.1', port: options.port, path: options.path, agent, headers: options.headers },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - started);
            if (!res.statusCode || res.statusCode < 200 || res.statusCode >= 300) non2xx++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    non2xx,
    errors,
  };
}

/** The same load with autocannon: N connections, requests back to back, no pipelining. */
export async function autocannonLoad(options: {
  port: number;
  path: string;
  headers?: Record<string, string>;
  connections: number;
  durationMs: number;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: `http://127.0.0.1:${options.port}${options.path}`,
    headers: options.headers,
    connections: options.connections,
    duration: options.durationMs / 1000,
  });
  return {
    rps: result.requests.total / (result.duration || options.durationMs / 1000),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export interface BenchServer {
  port: number;
  path: string;
  cookie: string;
  child: ChildProcess;
  loopDelay(): Promise<{ p99: number; max: number }>;
  stop(): Promise<void>;
}

/** Starts scripts/bench/api-server.ts in its own process and waits for its address. */
export function startBenchServer(
  kind: 'bare' | 'app',
  env: Record<string, string> = {},
  /** Another checkout's api-server.ts (the API bench's "before", api-before.ts). */
  script = new URL('./api-server.ts', import.meta.url).pathname,
): Promise<BenchServer> {
  const child = fork(script, [kind], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=.tmp/prof'] : [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.once('exit', (code) => reject(new Error(`bench server ${kind} exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.startsWith('{"port"'));
      if (!line) return;
      const info = JSON.parse(line) as { port: number; path: string; cookie: string };
      child.removeAllListeners('exit');
      // Keep draining the child's stdout (its log lines, when logging is on) without holding them.
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      resolve({
        ...info,
        child,
        loopDelay: () =>
          new Promise((done) => {
            child.once('message', (message) => done(message as { p99: number; max: number }));
            child.send('loop-delay');
          }),
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
