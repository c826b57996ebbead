/**
 * LOAD_TARGETS=pgbench (issue 55): what the PostgreSQL server of the load test can do on this machine,
 * to set beside the product's transactions per 100 users (bus.ts). pgbench (from the PostgreSQL
 * install's bin directory) initializes a throwaway database on the same server at scale
 * LOAD_PGBENCH_SCALE (default 10: 1,000,000 accounts, about 150 MB, in shared buffers), then runs
 * the select-only script (-S: one indexed SELECT per transaction) and the default TPC-B-like one
 * (BEGIN, three UPDATEs, a SELECT, an INSERT, END) for LOAD_PGBENCH_SECONDS each (default 12),
 * with LOAD_PGBENCH_CLIENTS clients (default 8) on 2 threads, and prints their TPS.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pgBin } from '../bench/postgres';
import { load, log } from './run';

export interface PgbenchResult {
  script: string;
  tps: number;
  latencyMs: number;
  statementsPerTransaction: number;
}

export async function pgbenchTarget(serverUrl: string): Promise<PgbenchResult[]> {
  const bin = pgBin();
  if (!bin) {
    log('\n## pgbench: skipped: no PostgreSQL install with pgbench (/usr/lib/postgresql/<version>/bin)');
    return [];
  }
  const pg = (await import('pg')).default;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const scale = Number(process.env.LOAD_PGBENCH_SCALE ?? 10);
  const seconds = Number(process.env.LOAD_PGBENCH_SECONDS ?? 12);
  const clients = Number(process.env.LOAD_PGBENCH_CLIENTS ?? 8);
  const url = new URL(serverUrl);
  const name = `load_pgbench_${Date.now().toString(36)}`;
  const connection = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  const env = { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) };
  const pgbench = (args: string[]) => spawnSync(join(bin, 'pgbench'), [...connection, ...args, name], { env, encoding: 'utf8' });
  log(`\n## pgbench on the same PostgreSQL server (scale ${scale}, ${clients} clients, 2 threads, ${seconds} s per script; load ${load()})`);
  await admin(`create database ${name}`);
  const results: PgbenchResult[] = [];
  try {
    const started = performance.now();
    const init = pgbench(['-i', '-q', '-s', String(scale)]);
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr.slice(-500)}`);
    log(`  initialized in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const [script, args, statements] of [
      ['select-only (-S)', ['-S'], 1],
      ['TPC-B-like (default)', [], 7],
    ] as const) {
      const run = pgbench([...args, '-c', String(clients), '-j', '2', '-T', String(seconds)]);
      if (run.status !== 0) throw new Error(`pgbench ${args.join(' ')} failed: ${run.stderr.slice(-500)}`);
      const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1] ?? NaN);
      const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(run.stdout)?.[1] ?? NaN);
      results.push({ script, tps, latencyMs, statementsPerTransaction: statements });
      log(`  ${script.padEnd(22)} ${tps.toFixed(0)} TPS (${(tps * statements).toFixed(0)} statements/s), latency average ${latencyMs.toFixed(2)} ms; load ${load()}`);
    }
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
  return results;
}
