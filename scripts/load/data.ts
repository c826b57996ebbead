/**
 * The load test's data (scripts/load/index.ts): a seeded PGlite data directory or PostgreSQL template
 * per scale, made once and copied for each run, and the small PostgreSQL reads the runs print.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import type { BenchPostgres } from '../bench/postgres';
import type { LoadScale } from './scale';
import { seedLoad, type LoadCast } from './seed';

const log = (line: string) => console.log(line);
/** Bumped when seed.ts seeds differently, so that a kept template or data directory is seeded again (2: tasks' time zones). */
const SEED_VERSION = 2;

/** A seeded PGlite data directory for the scale (made once), copied afresh for this run. */
export async function pgliteData(scale: LoadScale): Promise<{ dataDir: string; cast: LoadCast }> {
  // Named by the cast's size too, as the PostgreSQL template is: LOAD_STEPS past the scale's users
  // seeds more sessions, and a cast of fewer users would answer their requests 401.
  const root = resolve(`.tmp/load/pglite-v${SEED_VERSION}-${scale.name}-${scale.users}-${scale.pool}`);
  const castFile = join(root, 'cast.json');
  if (!existsSync(castFile)) {
    rmSync(root, { recursive: true, force: true });
    log(`seeding PGlite (${scale.name}; once, kept in ${root}/seed)`);
    const database = await openDatabase({ dataDir: join(root, 'seed', 'db') });
    const cast = await seedLoad(database.db, scale, log);
    await database.close();
    writeFileSync(castFile, JSON.stringify(cast));
  }
  const run = join(root, 'run');
  rmSync(run, { recursive: true, force: true });
  cpSync(join(root, 'seed'), run, { recursive: true });
  return { dataDir: run, cast: JSON.parse(readFileSync(castFile, 'utf8')) as LoadCast };
}

/** The seeded template database on the server (made once per server), and a fresh copy for this run. */
export async function postgresData(serverUrl: string, scale: LoadScale) {
  const pg = (await import('pg')).default;
  const template = `load_seed_v${SEED_VERSION}_${scale.name}_${scale.users}_${scale.pool}`;
  const admin = async <T>(run: (client: InstanceType<typeof pg.Client>) => Promise<T>) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  // The cast (seeded ids) is kept in a file named by the template's own seed id, written into the
  // database's comment: a template seeded by another run or on another server never meets a cast
  // that is not its own (it did: every hire answered "Application not found").
  const seedId = await admin((c) =>
    c.query<{ seed: string | null }>(`select shobj_description(oid, 'pg_database') as seed from pg_database where datname = $1`, [template]),
  ).then((r) => r.rows[0]?.seed ?? null);
  const castFileOf = (id: string) => resolve(`.tmp/load/postgres-${scale.name}-${id}-cast.json`);
  let castFile = seedId && /^[a-z0-9]+$/.test(seedId) ? castFileOf(seedId) : null;
  if (!castFile || !existsSync(castFile)) {
    log(`seeding PostgreSQL (${scale.name}; once per server, database ${template})`);
    await admin((c) => c.query(`drop database if exists ${template}`));
    await admin((c) => c.query(`create database ${template}`));
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    const cast = await seedLoad(database.db, scale, log);
    await database.close();
    const newSeedId = randomBytes(6).toString('hex');
    await admin((c) => c.query(`comment on database ${template} is '${newSeedId}'`));
    mkdirSync(resolve('.tmp/load'), { recursive: true });
    castFile = castFileOf(newSeedId);
    writeFileSync(castFile, JSON.stringify(cast));
  }
  const name = `load_run_${Date.now().toString(36)}`;
  // FILE_COPY, then a checkpoint: the default strategy (WAL_LOG) writes the whole multi-GB copy into
  // the WAL, and the checkpoints that flush it then stall every commit of the ramp's first steps on
  // the disk (730 ms COMMITs in the PostgreSQL log). The copy is flushed before the ramp starts.
  await admin(async (c) => {
    await c.query(`create database ${name} template ${template} strategy file_copy`);
    await c.query('checkpoint');
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    cast: JSON.parse(readFileSync(castFile, 'utf8')) as LoadCast,
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)),
  };
}

export async function restoreOldMapTrigger(url: string) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP TRIGGER IF EXISTS "expert_profiles_map_version" ON "expert_profiles";
    CREATE TRIGGER "expert_profiles_map_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "expert_profiles"
      FOR EACH STATEMENT EXECUTE FUNCTION bump_expert_map_version()`);
  await client.end();
}

export async function mapVersion(url: string): Promise<number> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ v: string }>('select last_value::text as v from expert_map_version_seq');
    return Number(result.rows[0].v);
  } finally {
    await client.end();
  }
}

/** The throwaway server's admin URL: BenchPostgres hides it, so ask it for a database and take its host. */
export async function serverUrlOf(server: BenchPostgres): Promise<string> {
  const probe = await server.createDatabase();
  await probe.drop();
  const url = new URL(probe.url);
  url.pathname = '/postgres';
  return url.toString();
}
