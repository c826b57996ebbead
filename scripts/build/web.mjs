// Builds the web app for production, whatever NODE_ENV the shell has: with NODE_ENV=development,
// `vite build` would bundle React's development build (about five times the bytes of the
// production one), and `npm start` would serve it to every visitor.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The environment of the web build: the caller's, with NODE_ENV forced to production. */
export function webBuildEnv(env) {
  return { ...env, NODE_ENV: 'production' };
}

export function buildWeb(extraArgs = []) {
  // Whatever this build makes, the fingerprint of an earlier one (web-once.mjs) no longer describes it.
  rmSync('dist/.web-source-fingerprint', { force: true });
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', ...extraArgs], {
    stdio: 'inherit',
    env: webBuildEnv(process.env),
  });
  return result.status ?? 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exit(buildWeb(process.argv.slice(2)));
