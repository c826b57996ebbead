// `npm run build` (second half): the server compiled ahead of time into dist/server, so that
// `npm start` runs plain node. Packages stay external (resolved from node_modules at run time);
// the @shared/@server aliases come from tsconfig.json. Then the prebuilt PGlite data directory.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = 'dist/server';
// Whatever this build makes, the fingerprint of an earlier one (server-once.mjs) no longer describes it.
rmSync('dist/.server-source-fingerprint', { force: true });
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
// Self-contained bundles (no shared chunks), so that every module sits in dist/server and
// import.meta.url-relative paths (migrations, the template) resolve next to it.
const options = {
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  sourcemap: true,
  logLevel: 'warning',
};
await build({ ...options, entryPoints: { main: 'src/server/main.ts' } });
// PGlite's worker thread (decision 0102): started from ./pglite-worker.js next to main.js.
await build({ ...options, entryPoints: { 'pglite-worker': 'src/server/db/pglite-thread/worker.ts' } });
await build({ ...options, entryPoints: { 'build-template': 'src/server/db/build-template.ts' } });
// Operator tools that run in the image too (scripts/ops/server-tool.mjs): the first admin (decision 0431).
await build({ ...options, entryPoints: { 'admin-create': 'src/server/tools/admin-create.ts', migrate: 'src/server/tools/migrate.ts' } });
// Read at run time next to the bundle: the SQL migrations (db/client.ts resolves them from its own folder).
cpSync('src/server/db/migrations', `${outdir}/migrations`, { recursive: true });

if (process.env.SKIP_DB_TEMPLATE !== '1') {
  const result = spawnSync(process.execPath, [`${outdir}/build-template.js`], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
