// `npm run native:sync`: builds the web app, then copies it and the plugin list into the Android
// and iOS projects (`cap sync`). Needs neither the Android SDK nor Xcode, so CI runs it to keep the
// committed native projects in step with package.json and capacitor.config.ts.
// PUBLIC_URL, when set, is the site the app's web view loads (see docs/native.md).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { buildWebOnce } from './build/web-once.mjs';

function run(what, args) {
  console.log(`\n=== ${what} ===`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`${what} failed`);
    process.exit(result.status ?? 1);
  }
}

console.log('\n=== web build ===');
if (!buildWebOnce()) {
  console.error('web build failed');
  process.exit(1);
}

// The native error page retries the site's address; it is only known at sync time.
const offlinePage = 'dist/web/offline.html';
const appUrl = (process.env.PUBLIC_URL ?? '').trim().replace(/\/$/, '');
const escaped = appUrl.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
writeFileSync(offlinePage, readFileSync(offlinePage, 'utf8').replaceAll('%APP_URL%', escaped));

run('cap sync', ['node_modules/@capacitor/cli/bin/capacitor', 'sync']);
