import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { migrationsFolder } from '../../db/client';
import { rowsOf } from '../../db/sql-rows';
import type { CheckResult, Readiness } from '../../ops/health';

export interface ReadinessSources {
  db: Db;
  /** Whether the change bus's LISTEN connection is up (realtime and cross-instance cache invalidation). */
  listenerLive(): boolean;
  /** The job runner's heartbeat; absent when this process runs no jobs. */
  jobs?: () => { running: boolean; lastTickAt: number | null };
  /** True once SIGTERM arrived: the load balancer should stop sending work here. */
  draining(): boolean;
  /** A pass (poll plus work) may take this long before the runner counts as stalled. */
  runnerStallMs: number;
  /** How long the database may take to answer `select 1`. */
  dbTimeoutMs?: number;
  nowMs?: () => number;
}

/** The newest migration this build ships (drizzle records each applied one by its journal `when`). */
export function latestMigrationMillis(folder = migrationsFolder): number {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * GET /readyz: may this instance take traffic? The database answers and has every migration of
 * this build, the LISTEN connection is up, the job runner ticked recently, and no shutdown is under
 * way (docs/decisions/0160).
 */
export function createReadiness(sources: ReadinessSources): Readiness {
  const expectedMigration = latestMigrationMillis();
  const nowMs = sources.nowMs ?? (() => Date.now());
  let migrationsSeen = false;

  async function checkDatabase(): Promise<{ database: CheckResult; migrations: CheckResult }> {
    try {
      await withTimeout(rowsOf(sources.db, sql`select 1 as one`), sources.dbTimeoutMs ?? 2_000);
    } catch (error) {
      const detail = error instanceof Error ? error.message : 'unreachable';
      return { database: { ok: false, detail }, migrations: { ok: false, detail: 'database unreachable' } };
    }
    // Once this build's newest migration is there it stays there: ask the database only until then.
    if (!migrationsSeen) {
      try {
        const [row] = await rowsOf<{ latest: string | number | null }>(
          sources.db,
          sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
        );
        migrationsSeen = Number(row?.latest ?? 0) >= expectedMigration;
      } catch {
        migrationsSeen = false;
      }
    }
    return {
      database: { ok: true },
      migrations: migrationsSeen ? { ok: true } : { ok: false, detail: 'migrations of this build are not applied' },
    };
  }

  function checkRunner(): CheckResult {
    if (!sources.jobs) return { ok: true, detail: 'no job runner in this process' };
    const state = sources.jobs();
    if (!state.running) return { ok: false, detail: 'job runner stopped' };
    const age = state.lastTickAt === null ? Infinity : nowMs() - state.lastTickAt;
    return age <= sources.runnerStallMs ? { ok: true } : { ok: false, detail: `no job runner pass for ${Math.round(age / 1000)} s` };
  }

  return async function readiness() {
    const { database, migrations } = await checkDatabase();
    const listener: CheckResult = sources.listenerLive() ? { ok: true } : { ok: false, detail: 'LISTEN connection down' };
    const jobs = checkRunner();
    const draining = sources.draining();
    const checks = { database, migrations, listener, jobs };
    const ok = !draining && Object.values(checks).every((check) => check.ok);
    return { status: ok ? ('ready' as const) : draining ? ('draining' as const) : ('not_ready' as const), checks };
  };
}
