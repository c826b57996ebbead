import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type BuildEnvironmentOptions, type Plugin } from 'vite';

const roots: string[] = [];

export interface SmallApp {
  /** The folder of the built files (its `package.json` says ES modules, so Node can import them). */
  outDir: string;
  /** The path of the built script whose name starts with `prefix`. */
  script(prefix: string): string;
  /** The code of every built script, by file name. */
  scripts(): Array<{ name: string; code: string }>;
}

/**
 * Builds a throwaway app with Vite and only the given plugins: the tests of the build's own plugins
 * (scripts/build/) run a real build of a few files rather than trusting a string match. `files`
 * are written into a fresh folder (with the project's node_modules linked when a file imports a
 * package); `build` adds to the build options. `removeSmallApps` deletes every folder made.
 */
export async function buildSmallApp(
  files: Record<string, string>,
  {
    plugins = [],
    build: options = {},
    packages = false,
  }: { plugins?: Plugin[]; build?: BuildEnvironmentOptions; packages?: boolean } = {},
): Promise<SmallApp> {
  const root = mkdtempSync(join(tmpdir(), 'small-build-'));
  roots.push(root);
  if (packages) symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  const outDir = join(root, 'dist');
  const input = files['index.html'] === undefined ? join(root, 'main.js') : undefined;
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    plugins,
    build: {
      outDir,
      ...options,
      rolldownOptions: { ...(input ? { input } : {}), ...options.rolldownOptions },
    },
  });
  writeFileSync(join(outDir, 'package.json'), '{"type":"module"}');
  const assets = join(outDir, 'assets');
  const names = () => readdirSync(assets).filter((name) => name.endsWith('.js'));
  return {
    outDir,
    script: (prefix) =>
      join(
        assets,
        names().find((name) => name.startsWith(prefix))!,
      ),
    scripts: () => names().map((name) => ({ name, code: readFileSync(join(assets, name), 'utf8') })),
  };
}

export function removeSmallApps(): void {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
}
