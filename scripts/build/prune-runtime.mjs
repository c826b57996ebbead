// The image's runtime node_modules (Dockerfile, after `npm prune --omit=dev`): also removes what npm
// keeps as "devOptional", the dev packages (vitest, vite, drizzle-kit, tsx, jsdom...) that satisfy an
// optional peer of a runtime package (better-auth names vitest and drizzle-kit). Nothing at run time
// requires an optional peer, so the runtime holds only what dist/server imports (decision 0435).
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The node_modules paths that `npm prune --omit=dev` keeps but the server never needs. */
export function devOptionalPaths(lock) {
  return Object.entries(lock.packages ?? {})
    .filter(([path, entry]) => path.startsWith('node_modules/') && entry.devOptional)
    .map(([path]) => path);
}

/** What runs in the image: every locked package that is neither dev nor devOptional. */
export function runtimePackagePaths(lock) {
  return Object.entries(lock.packages ?? {})
    .filter(([path, entry]) => path.startsWith('node_modules/') && !entry.dev && !entry.devOptional)
    .map(([path]) => path);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
  let removed = 0;
  for (const path of devOptionalPaths(lock)) {
    if (!existsSync(path)) continue;
    rmSync(path, { recursive: true, force: true });
    removed += 1;
    // A scope folder (node_modules/@vitest) left empty goes too.
    const scope = dirname(path);
    if (/node_modules\/@[^/]+$/.test(scope) && existsSync(scope) && readdirSync(scope).length === 0) rmdirSync(scope);
  }
  console.log(`prune-runtime: removed ${removed} dev packages kept as optional peers`);
}
