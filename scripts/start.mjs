// `npm start`: build the web app and the server when missing or older than their sources, then run
// the compiled server with plain node (it applies migrations and seeds demo data into an empty
// database; a first start restores the prebuilt data directory instead of running initdb).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildWeb } from './build/web.mjs';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const olderThan = (file, sources) => Math.max(...sources.map(newestMtime)) > builtAt(file);

function run(args) {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (olderThan('dist/web/index.html', ['src/web', 'src/shared', 'vite.config.ts', 'scripts/build', 'package-lock.json'])) {
  console.log('Building the web app...');
  // Always a production build, even when the shell has NODE_ENV=development (scripts/build/web.mjs).
  const status = buildWeb(['--logLevel', 'warn']);
  if (status !== 0) process.exit(status);
}
if (olderThan('dist/server/main.js', ['src/server', 'src/shared', 'scripts/build', 'tsconfig.json', 'package-lock.json'])) {
  console.log('Compiling the server...');
  run(['scripts/build/server.mjs']);
}

const server = spawn(process.execPath, ['dist/server/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
