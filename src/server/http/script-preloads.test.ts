import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type Plugin } from 'vite';
import { scriptPreloads, withScriptPreloads } from '../../../scripts/build/script-preloads';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Builds a two-page app (the page's code shares a module with the other page) and returns its scripts' code. */
async function buildApp(plugins: Plugin[]): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'script-preloads-'));
  dirs.push(root);
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>');
  writeFileSync(join(root, 'main.js'), "import('./page-a.js').then((m) => m.run()); import('./page-b.js').then((m) => m.run());");
  writeFileSync(join(root, 'shared.js'), 'export const shared = () => "x".repeat(9000);');
  writeFileSync(join(root, 'page-a.js'), "import { shared } from './shared.js'; export const run = () => shared() + 'a';");
  writeFileSync(join(root, 'page-b.js'), "import { shared } from './shared.js'; export const run = () => shared() + 'b';");
  await build({ root, configFile: false, logLevel: 'silent', plugins, build: { outDir: join(root, 'dist') } });
  const assets = join(root, 'dist', 'assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(join(assets, name), 'utf8'))
    .join('\n');
}

describe("the build's script preloads (decision 0406)", () => {
  it("makes Vite's helper preload a dynamic import's scripts with rel=preload as=script, not modulepreload", async () => {
    const plain = await buildApp([]);
    expect(plain).toContain('vite:preloadError');
    expect(plain).toContain('`modulepreload`');

    const swapped = await buildApp([scriptPreloads()]);
    expect(swapped).toContain('vite:preloadError');
    expect(swapped).not.toMatch(/[\w$]=`modulepreload`,/);
    expect(swapped).toMatch(/[\w$]=`preload`,/);
    // Vite's modulepreload polyfill (in the same chunk here) still asks for what it polyfills.
    expect(swapped).toContain('supports(`modulepreload`)');
    // The helper still marks the link as a script fetched in CORS mode, so the module import takes it.
    expect(swapped).toMatch(/\.as=`script`/);
    expect(swapped).toMatch(/\.crossOrigin=``/);
  }, 60_000);

  it('fails the build when no helper carries the string it swaps (a changed helper is seen, not skipped)', async () => {
    const noHelper: Plugin = {
      name: 'helper-changed',
      generateBundle(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk') output.code = output.code.replaceAll('=`modulepreload`,', '="module"+"preload",');
        }
      },
    };
    await expect(buildApp([noHelper, scriptPreloads()])).rejects.toThrow(/expected Vite's preload helper once, found 0/);
  }, 60_000);

  it('leaves code that is not the helper alone, even when it names modulepreload', () => {
    const code = 'const rel = `modulepreload`;';
    expect(withScriptPreloads(code)).toEqual({ code, helpers: 0 });
    const polyfill = 'e.rel===`modulepreload`&&n(e),s.supports(`modulepreload`)';
    expect(withScriptPreloads(`${polyfill};var t=\`modulepreload\`,n=1; dispatch(\`vite:preloadError\`)`)).toEqual({
      code: `${polyfill};var t=\`preload\`,n=1; dispatch(\`vite:preloadError\`)`,
      helpers: 1,
    });
  });
});
