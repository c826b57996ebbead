import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_PRODUCTION_ENV } from '../test/production-env';
import { serverProcessArgs, serverToolArgs } from '../test/server-process';

/**
 * Migrations under a PostgreSQL advisory lock (decision 0432): instances booting at once on an empty
 * database all start and apply each migration exactly once. Needs a real PostgreSQL server
 * (TEST_DATABASE_URL, as in CI); PGlite has one process by construction.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(readFileSync('src/server/db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] };

describe.skipIf(!databaseUrl)('migrations on PostgreSQL', () => {
  const names: string[] = [];
  const dataRoot = mkdtempSync(join(tmpdir(), 'migration-lock-'));
  const children: ChildProcess[] = [];

  async function admin<T>(work: (client: import('pg').Client) => Promise<T>): Promise<T> {
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  /** A new, empty database (no template: nothing migrated). */
  async function emptyDatabase(): Promise<string> {
    const name = `app_migrate_${randomUUID().replace(/-/g, '')}`;
    names.push(name);
    await admin((client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  }

  async function migrationRows(url: string) {
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ hash: string; copies: number }>(
        'SELECT hash, count(*)::int AS copies FROM drizzle.__drizzle_migrations GROUP BY hash',
      );
      return rows;
    } finally {
      await client.end();
    }
  }

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await admin(async (client) => {
      for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
    rmSync(dataRoot, { recursive: true, force: true });
  });

  function startServer(url: string, index: number): Promise<number> {
    const child = spawn(process.execPath, serverProcessArgs(), {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        ...EMBEDDED_PRODUCTION_ENV,
        AUTH_SECRET: 'a-secret-for-the-migration-lock-test-0123456789',
        PUBLIC_URL: 'http://localhost',
        DATABASE_URL: url,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: join(dataRoot, `instance-${index}`),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const output: string[] = [];
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    return new Promise<number>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /"port":(\d+)[^\n]*"msg":"listening"/.exec(output.join(''));
        if (match) {
          clearInterval(timer);
          resolve(Number(match[1]));
        }
      }, 100);
      child.once('exit', (code) => {
        clearInterval(timer);
        reject(new Error(`server ${index} exited (${code}): ${output.join('')}`));
      });
    });
  }

  it('two servers booting at once on an empty database both become ready, each migration applied once', async () => {
    const url = await emptyDatabase();
    const ports = await Promise.all([startServer(url, 1), startServer(url, 2)]);
    for (const port of ports) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status, await ready.clone().text()).toBe(200);
    }
    const rows = await migrationRows(url);
    expect(rows).toHaveLength(journal.entries.length);
    expect(rows.every((row) => row.copies === 1)).toBe(true);
  }, 120_000);

  it('npm run migrate applies them alone, and a second run changes nothing', async () => {
    const url = await emptyDatabase();
    const migrate = () =>
      spawnSync(process.execPath, serverToolArgs('migrate'), {
        env: { PATH: process.env.PATH, DATABASE_URL: url, NODE_ENV: 'production' },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const first = migrate();
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(/Migrations applied to PostgreSQL/);
    expect(first.status).toBe(0);
    expect(await migrationRows(url)).toHaveLength(journal.entries.length);
    expect(migrate().status).toBe(0);
    const rows = await migrationRows(url);
    expect(rows).toHaveLength(journal.entries.length);
    expect(rows.every((row) => row.copies === 1)).toBe(true);
  }, 120_000);
});
