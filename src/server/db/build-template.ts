import { writeFileSync } from 'node:fs';
import { openDatabase } from './client';
import { prebuiltTemplatePath } from './prebuilt';

/**
 * Build step: a migrated, empty PGlite database dumped to a tarball next to the compiled server.
 * The first `npm start` restores it instead of running initdb; migrations still run at start (a
 * no-op when nothing changed) and the demo data is seeded then, with fresh dates.
 */
async function buildTemplate() {
  const handle = await openDatabase({ dataDir: 'memory://' });
  const dump = await handle.dumpDataDir!();
  writeFileSync(prebuiltTemplatePath(), Buffer.from(await dump.arrayBuffer()));
  await handle.close();
}

await buildTemplate();
