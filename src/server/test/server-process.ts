import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { CrashPointName } from '../ops/crash-points';

/** A free loopback port: the kernel's pick, released at once for the child to take. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * How a test starts the whole server as a process: the built bundle (dist/server/main.js) when the
 * test runner built it from these sources just before the tests (`npm test` sets TEST_SERVER_BUILT),
 * else the source through tsx. The bundle is what `npm start` and the image run; through tsx, every
 * start compiled the server again, about 3.5 CPU-seconds each (decision 0481).
 */
export function serverProcessArgs(): string[] {
  return process.env.TEST_SERVER_BUILT === '1' ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
}

/**
 * How a test runs a server tool (`admin-create`, `migrate`) as a command: as the image runs it, the
 * built file (dist/server/{name}.js), when the test runner built it from these sources; else as a
 * clone runs `npm run admin:create` and `npm run migrate`, scripts/ops/server-tool.mjs compiling the
 * source through tsx at every run (first-admin's two runs: 26 s through tsx, 8 s built; decision 0483).
 */
export function serverToolArgs(name: 'admin-create' | 'migrate', args: string[] = []): string[] {
  return process.env.TEST_SERVER_BUILT === '1' ? [`dist/server/${name}.js`, ...args] : ['scripts/ops/server-tool.mjs', name, ...args];
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Settles with the signal or code the process ended with. */
  exited: Promise<NodeJS.Signals | number | null>;
  stop(): Promise<void>;
}

/**
 * The real server (src/server/main.ts) as a child process on a PostgreSQL database, outside
 * production, with `crashPoints` armed (ops/crash-points.ts): it kills itself with SIGKILL there.
 * Resolves once /readyz answers 200.
 */
export async function startServerProcess(params: {
  databaseUrl: string;
  dataDir: string;
  crashPoints?: CrashPointName[];
  env?: Record<string, string>;
  /** The built server (dist/server/main.js); by default, as `serverProcessArgs()` says. */
  built?: boolean;
}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = params.built ? ['dist/server/main.js'] : serverProcessArgs();
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: params.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: params.dataDir,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      CRASH_POINTS: (params.crashPoints ?? []).join(','),
      ...params.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => output.push(String(chunk)));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${url}/readyz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) break;
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server process did not become ready:\n${output.join('').slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** A request as the browser on the server's origin sends it; a connection the kill cut answers null. */
export async function send(
  server: Pick<ServerProcess, 'url'>,
  method: string,
  path: string,
  init: { cookie?: string; body?: unknown } = {},
): Promise<Response | null> {
  const headers: Record<string, string> = { origin: server.url };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${server.url}${path}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  }).catch(() => null);
}
