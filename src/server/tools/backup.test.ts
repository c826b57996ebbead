import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { pgliteDataDirOf } from '../db/prebuilt';
import { findJob } from '../jobs/jobs.repository';
import { createLocalDiskFileStorage } from '../providers/storage/local-disk-adapter';
import { createJob } from '../test/builders';
import { postgresTemplateName } from '../test/paths';
import { pgliteTemplateDump } from '../test/test-db';
import { backup, restore } from './backup';

const root = mkdtempSync(join(tmpdir(), 'backup-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const PHOTO = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

describe('npm run backup / restore with the embedded database', () => {
  it('restores every row and uploaded file into a fresh data folder, and the product opens it', async () => {
    const live = join(root, 'live');
    const database = await openDatabase({
      dataDir: pgliteDataDirOf({ DATA_DIR: live }),
      loadDataDir: await pgliteTemplateDump(),
      migrate: false,
    });
    await createJob(database.db, { key: 'backup-test:row', kind: 'reminder' });
    await createLocalDiskFileStorage({ dataDir: live }).put('evidence/photo.png', PHOTO, {
      contentType: 'image/png',
    });
    await database.close();

    const folder = join(root, 'backups', 'first');
    const manifest = await backup({ dataDir: live }, folder);
    expect(manifest).toMatchObject({ database: 'pglite', files: 2 });
    expect(existsSync(`${folder}.partial`)).toBe(false);
    await expect(backup({ dataDir: live }, folder)).rejects.toThrow(/exists already/);

    const fresh = join(root, 'fresh');
    await restore(folder, { dataDir: fresh });
    // The product's own start: open the folder and apply migrations (none are missing).
    const restored = await openDatabase({ dataDir: pgliteDataDirOf({ DATA_DIR: fresh }) });
    try {
      expect(await findJob(restored.db, 'backup-test:row')).toMatchObject({ kind: 'reminder' });
    } finally {
      await restored.close();
    }
    expect(await createLocalDiskFileStorage({ dataDir: fresh }).get('evidence/photo.png')).toEqual({
      bytes: PHOTO,
      contentType: 'image/png',
    });
    // Never over a database that exists.
    await expect(restore(folder, { dataDir: fresh })).rejects.toThrow(/holds a database already/);
  }, 180_000);
});

const postgresUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!postgresUrl)('npm run backup / restore with PostgreSQL (pg_dump / pg_restore)', () => {
  it('restores every row and uploaded file into an empty database', async () => {
    const names = [
      `app_backup_${randomUUID().replace(/-/g, '')}`,
      `app_restore_${randomUUID().replace(/-/g, '')}`,
    ];
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    const urlOf = (name: string) => Object.assign(new URL(postgresUrl!), { pathname: `/${name}` }).toString();
    try {
      await admin.query(`CREATE DATABASE ${names[0]} TEMPLATE ${postgresTemplateName()}`);
      await admin.query(`CREATE DATABASE ${names[1]}`);
      const live = join(root, 'pg-live');
      const database = await openDatabase({ databaseUrl: urlOf(names[0]!), migrate: false });
      await createJob(database.db, { key: 'backup-test:pg-row', kind: 'reminder' });
      await database.close();
      await createLocalDiskFileStorage({ dataDir: live }).put('avatars/me.png', PHOTO, {
        contentType: 'image/png',
      });

      const folder = join(root, 'backups', 'pg');
      expect(await backup({ dataDir: live, databaseUrl: urlOf(names[0]!) }, folder)).toMatchObject({
        database: 'postgresql',
        files: 2,
      });
      const fresh = join(root, 'pg-fresh');
      await restore(folder, { dataDir: fresh, databaseUrl: urlOf(names[1]!) });
      const restored = await openDatabase({ databaseUrl: urlOf(names[1]!) });
      try {
        expect(await findJob(restored.db, 'backup-test:pg-row')).toMatchObject({ kind: 'reminder' });
      } finally {
        await restored.close();
      }
      expect((await createLocalDiskFileStorage({ dataDir: fresh }).get('avatars/me.png'))?.bytes).toEqual(
        PHOTO,
      );
    } finally {
      for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 180_000);
});
