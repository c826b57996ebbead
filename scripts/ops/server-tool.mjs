// `npm run admin:create` and `npm run migrate`: runs a server tool from its TypeScript source in a
// clone (through tsx), or from the compiled server in the image, where only dist/ ships.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const [name, ...args] = process.argv.slice(2);
const source = `src/server/tools/${name}.ts`;
const built = `dist/server/${name}.js`;
const command = existsSync(source) ? ['--import', 'tsx', source, ...args] : [built, ...args];
if (!existsSync(command[0] === '--import' ? source : built)) {
  console.error(`${name}: neither ${source} nor ${built} exists (run npm run build first)`);
  process.exit(1);
}
const result = spawnSync(process.execPath, command, { stdio: 'inherit' });
process.exit(result.status ?? 1);
