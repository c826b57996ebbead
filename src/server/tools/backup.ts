import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../db/client';
import { pgliteDataDirOf } from '../db/prebuilt';

const run = promisify(execFile);

/**
 * Backups and restore (issue 21, decision 0241). A backup is a folder: `manifest.json`, the database
 * (`database.tgz`, PGlite's own consistent data-dir dump, or `database.dump`, pg_dump's custom
 * format) and `files/` (the local uploads). It is written under `<name>.partial` and renamed when
 * complete, so a folder with the final name is always a whole backup.
 */
export interface BackupManifest {
  format: 1;
  database: 'pglite' | 'postgresql';
  created_at: string;
  files: number;
}

export interface BackupTarget {
  /** DATA_DIR: the PGlite database is `<dataDir>/db`, uploaded files `<dataDir>/uploads`. */
  dataDir: string;
  /** PostgreSQL instead of PGlite (pg_dump / pg_restore must be on the PATH). */
  databaseUrl?: string;
}

const uploadsOf = (dataDir: string) => resolve(dataDir, 'uploads');

function countFiles(folder: string): number {
  if (!existsSync(folder)) return 0;
  return readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
    .length;
}

/**
 * Writes a backup to `to`. For PGlite the server must be stopped: one process owns the data folder,
 * and opening it from a second one would corrupt it. PostgreSQL is dumped live (pg_dump reads one snapshot).
 */
export async function backup(target: BackupTarget, to: string, now = new Date()): Promise<BackupManifest> {
  const final = resolve(to);
  if (existsSync(final)) throw new Error(`${final} exists already: choose a new name.`);
  const partial = `${final}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  if (target.databaseUrl) {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${join(partial, 'database.dump')}`,
      target.databaseUrl,
    ]);
  } else {
    const dataDir = pgliteDataDirOf({ DATA_DIR: target.dataDir });
    if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`No embedded database in ${dataDir}.`);
    const database = await openDatabase({ dataDir, migrate: false });
    try {
      const dump = await database.dumpDataDir!();
      writeFileSync(join(partial, 'database.tgz'), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
  }
  const uploads = uploadsOf(target.dataDir);
  if (existsSync(uploads)) cpSync(uploads, join(partial, 'files'), { recursive: true });
  const manifest: BackupManifest = {
    format: 1,
    database: target.databaseUrl ? 'postgresql' : 'pglite',
    created_at: now.toISOString(),
    files: countFiles(join(partial, 'files')),
  };
  writeFileSync(join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(partial, final);
  return manifest;
}

/**
 * Restores a backup into an empty target: a DATA_DIR without a database, or (PostgreSQL) an empty
 * database. It never overwrites: restoring over live data is a choice made by removing it first.
 */
export async function restore(from: string, target: BackupTarget): Promise<BackupManifest> {
  const folder = resolve(from);
  const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`Unknown backup format ${String(manifest.format)}.`);
  if ((manifest.database === 'postgresql') !== Boolean(target.databaseUrl)) {
    throw new Error(`This is a ${manifest.database} backup: restore it into the same kind of database.`);
  }
  if (target.databaseUrl) {
    // pg_restore empties search_path, and earthdistance's ll_to_earth (used by an index) names `earth`
    // unqualified, so a direct restore fails at that index. The script form is run with `public` on the path.
    const script = join(folder, '.restore.sql');
    try {
      await run('pg_restore', ['--no-owner', `--file=${script}`, join(folder, 'database.dump')]);
      const text = readFileSync(script, 'utf8').replaceAll(
        "set_config('search_path', '', false)",
        "set_config('search_path', 'public', false)",
      );
      writeFileSync(script, text);
      await run(
        'psql',
        [
          '--quiet',
          '--no-psqlrc',
          '--set=ON_ERROR_STOP=1',
          `--dbname=${target.databaseUrl}`,
          `--file=${script}`,
        ],
        {
          maxBuffer: 64 * 1024 * 1024,
        },
      );
    } finally {
      rmSync(script, { force: true });
    }
  } else {
    const dataDir = pgliteDataDirOf({ DATA_DIR: target.dataDir });
    if (existsSync(join(dataDir, 'PG_VERSION')))
      throw new Error(`${dataDir} holds a database already: move it away first.`);
    const dump = new Blob([readFileSync(join(folder, 'database.tgz'))]);
    const database = await openDatabase({ dataDir, loadDataDir: dump, migrate: false });
    await database.close();
  }
  const files = join(folder, 'files');
  if (existsSync(files)) cpSync(files, uploadsOf(target.dataDir), { recursive: true });
  return manifest;
}
