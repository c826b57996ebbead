import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, isNotNull, isNull } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { RECONNECT_ELSEWHERE_CLOSE_CODE } from '@shared/realtime';
import { openDatabase } from '../db/client';
import { authAccounts, authUsers, jobs, profiles } from '../db/schema';
import { pgliteTemplateDump } from '../test/test-db';
import { EMBEDDED_PRODUCTION_ENV } from '../test/production-env';
import { serverProcessArgs } from '../test/server-process';

const ORIGIN = 'http://localhost';
const PASSWORD = 'shutdown-test-password';
const EMAIL = 'shutdown@example.com';

/** The whole server as a process (tsx, production settings): SIGTERM with a request and a socket open. */
describe('graceful shutdown on SIGTERM', () => {
  let dataRoot: string;
  let dataDir: string;
  let child: ChildProcess;
  let port = 0;
  const output: string[] = [];

  beforeAll(async () => {
    dataRoot = mkdtempSync(join(tmpdir(), 'shutdown-'));
    dataDir = join(dataRoot, 'data', 'db');
    // A user to open the socket with (production seeds nothing).
    const database = await openDatabase({ dataDir, loadDataDir: await pgliteTemplateDump(), migrate: false });
    const id = randomUUID();
    await database.db.insert(authUsers).values({ id, email: EMAIL, name: 'Shut Down', emailVerified: true, firstName: 'Shut', lastName: 'Down' });
    await database.db.insert(authAccounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: await hashPassword(PASSWORD) });
    await database.db.insert(profiles).values({ id, email: EMAIL, first_name: 'Shut', last_name: 'Down', onboarding_completed: true, role_selected_at: new Date() });
    await database.close();

    child = spawn(process.execPath, serverProcessArgs(), {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        ...EMBEDDED_PRODUCTION_ENV,
        AUTH_SECRET: 'a-secret-for-the-shutdown-test-0123456789',
        PUBLIC_URL: ORIGIN,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: join(dataRoot, 'data'),
        SHUTDOWN_TIMEOUT_MS: '15000',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    port = await new Promise<number>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /"port":(\d+)[^\n]*"msg":"listening"/.exec(output.join(''));
        if (match) {
          clearInterval(timer);
          resolve(Number(match[1]));
        }
      }, 100);
      child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output.join('')}`)));
    });
  }, 120_000);

  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataRoot, { recursive: true, force: true });
  });

  it('finishes the request in flight, asks the socket to reconnect, leaves no job leased and exits in time', async () => {
    const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');

    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { cookie, origin: ORIGIN } });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    // A long request: its body arrives in two halves, SIGTERM between them. Its connection is kept
    // alive as a browser or a load balancer keeps it (no idle timeout of the client's own): the
    // server must close it once answered, not hold the shutdown for its 65 s keep-alive.
    const body = JSON.stringify({ email: EMAIL, password: PASSWORD });
    const keptAlive = new Agent({ keepAlive: true });
    const response = new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, agent: keptAlive, method: 'POST', path: '/api/auth/sign-in/email', headers: { origin: ORIGIN, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
        exitPromise = exited;
        sentAt = Date.now();
        child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 700);
      }, 300);
    });
    let exitPromise: Promise<number | null> | undefined;
    let sentAt = 0;

    expect(await response).toBe(200);
    expect(await closed).toBe(RECONNECT_ELSEWHERE_CLOSE_CODE);
    const code = await exitPromise!;
    expect(code).toBe(0);
    expect(Date.now() - sentAt).toBeLessThan(15_000);
    keptAlive.destroy();
    expect(output.join('')).toContain('"msg":"shut down"');

    const database = await openDatabase({ dataDir, migrate: false });
    try {
      const leased = await database.db.select().from(jobs).where(and(isNull(jobs.done_at), isNotNull(jobs.locked_until)));
      expect(leased).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);
});

