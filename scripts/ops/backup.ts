/**
 * `npm run backup [-- <folder>]`: a backup of DATA_DIR's database and uploaded files (or of
 * DATABASE_URL with pg_dump). Stop the server first when it uses the embedded database.
 */
import { backup } from '../../src/server/tools/backup';

const to = process.argv[2] ?? `backups/backup-${new Date().toISOString().replace(/[:.]/g, '-')}`;
const manifest = await backup(
  { dataDir: process.env.DATA_DIR ?? './data', databaseUrl: process.env.DATABASE_URL || undefined },
  to,
);
console.log(`Backup of the ${manifest.database} database and ${manifest.files} files written to ${to}`);
