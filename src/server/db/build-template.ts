import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { openDatabase } from './client';
import { PREBUILT_DEMO_DIR, PREBUILT_DEMO_INFO, PREBUILT_EMPTY_DIR, prebuiltFolder, type PrebuiltDemoInfo } from './prebuilt';
import { DEMO_PASSWORD, seedDemoData } from './seed/seed';

/**
 * Build step (docs/decisions/0106): next to the compiled server, a migrated and empty PGlite data
 * directory, and a copy of it seeded with the demo data. A first start copies one into place instead
 * of running initdb and the seed; migrations still run at start (a no-op when nothing changed), and
 * the demo dates are moved to the start's time.
 */
async function buildTemplates() {
  const folder = prebuiltFolder();
  const emptyDir = join(folder, PREBUILT_EMPTY_DIR);
  const demoDir = join(folder, PREBUILT_DEMO_DIR);
  rmSync(emptyDir, { recursive: true, force: true });
  rmSync(demoDir, { recursive: true, force: true });
  const empty = await openDatabase({ dataDir: emptyDir });
  await empty.close();
  cpSync(emptyDir, demoDir, { recursive: true });
  const demo = await openDatabase({ dataDir: demoDir, migrate: false });
  const seededAt = new Date();
  const accounts = await seedDemoData(demo.db, { passwordHash: await hashPassword(DEMO_PASSWORD), now: seededAt });
  await demo.close();
  const info: PrebuiltDemoInfo = { seededAt: seededAt.toISOString(), accounts };
  writeFileSync(join(folder, PREBUILT_DEMO_INFO), JSON.stringify(info));
}

await buildTemplates();
