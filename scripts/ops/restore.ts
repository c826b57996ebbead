/**
 * `npm run restore -- <folder>`: restores a backup into DATA_DIR (which must hold no database yet)
 * or into the empty database at DATABASE_URL.
 */
import { restore } from '../../src/server/tools/backup';

const from = process.argv[2];
if (!from) {
  console.error('Usage: npm run restore -- <backup folder>');
  process.exit(2);
}
const manifest = await restore(from, {
  dataDir: process.env.DATA_DIR ?? './data',
  databaseUrl: process.env.DATABASE_URL || undefined,
});
console.log(`Restored the ${manifest.database} database and ${manifest.files} files from ${from}`);
