/**
 * A throwaway PostgreSQL server for the bench, started the way .ci/run starts one (initdb as the
 * postgres user, a loopback port, stopped by pid at the end). BENCH_DATABASE_URL uses an existing
 * server instead. Returns null when neither is possible: the PostgreSQL rows are then skipped.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

export interface BenchPostgres {
  /** A fresh, empty database on the server. */
  createDatabase(): Promise<{ url: string; drop(): Promise<void> }>;
  stop(): void;
}

export function pgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(a) - Number(b));
  const bin = versions.length > 0 ? join(root, versions[versions.length - 1], 'bin') : null;
  return bin && existsSync(join(bin, 'initdb')) ? bin : null;
}

async function onServer(serverUrl: string, stop: () => void): Promise<BenchPostgres> {
  const pg = await import('pg');
  const admin = async (statement: string) => {
    const client = new pg.default.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  return {
    async createDatabase() {
      const name = `bench_${randomUUID().replace(/-/g, '')}`;
      await admin(`CREATE DATABASE ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
    },
    stop,
  };
}

/** `settings` are passed to the server as `-c name=value` (the load test sizes it for its data). */
export async function startBenchPostgres(settings: Record<string, string> = {}): Promise<BenchPostgres | { skipped: string }> {
  if (process.env.BENCH_DATABASE_URL) return onServer(process.env.BENCH_DATABASE_URL, () => undefined);
  const bin = pgBin();
  if (!bin) return { skipped: 'no PostgreSQL installed (apt-get install postgresql, or set BENCH_DATABASE_URL)' };
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  const port = 56000 + Math.floor(Math.random() * 2000);
  const asPostgres = (command: string) => {
    const asRoot = process.getuid?.() === 0;
    return asRoot ? spawnSync('su', ['postgres', '-c', command], { stdio: 'ignore' }) : spawnSync('sh', ['-c', command], { stdio: 'ignore' });
  };
  try {
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(dir, uid, gid);
    }
  } catch {
    return { skipped: 'no postgres user to run initdb as' };
  }
  if (asPostgres(`${bin}/initdb -D ${dir}/data -A trust -U postgres`).status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return { skipped: 'initdb failed' };
  }
  const started = asPostgres(
    `${bin}/pg_ctl -D ${dir}/data -o '-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`).join('')}' -l ${dir}/log -w start`,
  );
  if (started.status !== 0) {
    // The server's own words, for a failure that a rerun does not show again.
    const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8').trim().split('\n').slice(-3).join(' / ') : 'no log';
    rmSync(dir, { recursive: true, force: true });
    return { skipped: `pg_ctl start failed (exit ${started.status}; ${log})` };
  }
  return onServer(`postgres://postgres@127.0.0.1:${port}/postgres`, () => {
    asPostgres(`${bin}/pg_ctl -D ${dir}/data -m fast stop`);
    rmSync(dir, { recursive: true, force: true });
  });
}
