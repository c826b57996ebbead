import { afterAll, describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import {
  PRELOAD_HELPER_ID,
  scriptPreloads,
  withScriptPreloads,
} from '../../../scripts/build/script-preloads';
import { buildSmallApp, removeSmallApps } from '../test/small-build';

afterAll(removeSmallApps);

/** Builds a two-page app (the page's code shares a module with the other page) and returns its scripts' code. */
async function buildApp(plugins: Plugin[]): Promise<string> {
  const app = await buildSmallApp(
    {
      'index.html':
        '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>',
      'main.js': "import('./page-a.js').then((m) => m.run()); import('./page-b.js').then((m) => m.run());",
      'shared.js': 'export const shared = () => "x".repeat(9000);',
      'page-a.js': "import { shared } from './shared.js'; export const run = () => shared() + 'a';",
      'page-b.js': "import { shared } from './shared.js'; export const run = () => shared() + 'b';",
    },
    { plugins },
  );
  return app
    .scripts()
    .map(({ code }) => code)
    .join('\n');
}

/** The built helper module of an app built with the plugin, and the name of its preload export. */
async function builtHelper(): Promise<string> {
  const code = await buildApp([scriptPreloads()]);
  expect(code).toContain('vite:preloadError');
  return code;
}

/** A document as the helper sees it: links it appends are recorded, and a stylesheet "loads" at once. */
function fakeDocument(readyState: DocumentReadyState) {
  const appended: Array<{ rel: string; as?: string; href: string; crossOrigin?: string }> = [];
  const document = {
    readyState,
    querySelector: () => null,
    getElementsByTagName: () => [],
    createElement: () => {
      const listeners = new Map<string, (event: { type: string }) => void>();
      return {
        rel: '',
        href: '',
        setAttribute() {},
        addEventListener: (type: string, listener: (event: { type: string }) => void) =>
          listeners.set(type, listener),
        removeEventListener: (type: string) => listeners.delete(type),
        fire: (type: string) => listeners.get(type)?.({ type }),
      };
    },
    head: {
      appendChild(link: {
        rel: string;
        as?: string;
        href: string;
        crossOrigin?: string;
        fire: (type: string) => void;
      }) {
        appended.push({ rel: link.rel, as: link.as, href: link.href, crossOrigin: link.crossOrigin });
        if (link.rel === 'stylesheet') queueMicrotask(() => link.fire('load'));
      },
    },
  };
  return { document, appended };
}

describe("the build's script preloads (decisions 0406, 0408)", () => {
  it("makes Vite's helper preload scripts with rel=preload as=script, not modulepreload, and only once the document has loaded", async () => {
    const plain = await buildApp([]);
    expect(plain).toContain('vite:preloadError');
    expect(plain).toContain('`modulepreload`');
    expect(plain).not.toContain('readyState');

    const changed = await builtHelper();
    expect(changed).not.toMatch(/[\w$]=`modulepreload`,/);
    expect(changed).toMatch(/[\w$]=`preload`,/);
    expect(changed).toContain('readyState');
    // Vite's modulepreload polyfill (in the same chunk here) still asks for what it polyfills.
    expect(changed).toContain('supports(`modulepreload`)');
  }, 60_000);

  it('appends no script link while the document loads, a stylesheet always, and both once it has loaded', async () => {
    /** A library-like build (no HTML, entry exports kept, not minified) that Node can import and run. */
    const buildRunnable = async () => {
      const app = await buildSmallApp(
        {
          'main.js':
            "export const load = () => import('./page.js'); export const loadOther = () => import('./other.js');",
          'style.css': '.page { color: red }',
          'shared.js': 'export const shared = () => "x".repeat(9000);',
          'other.js': "import { shared } from './shared.js'; export const run = () => shared().length;",
          'page.js':
            "import './style.css'; import { shared } from './shared.js'; export const run = () => shared().length;",
        },
        {
          plugins: [scriptPreloads()],
          build: { minify: false, rolldownOptions: { preserveEntrySignatures: 'strict' } },
        },
      );
      return app.script('main-');
    };
    const linksOf = (appended: ReturnType<typeof fakeDocument>['appended']) =>
      appended.map(({ rel, as, href, crossOrigin }) => [
        rel,
        as,
        href.replace(/.*\//, '').replace(/-[\w-]{8}(?=\.\w+$)/, ''),
        crossOrigin,
      ]);
    /**
     * Opens the page's code in a document in this state, then (the document loaded) the other page,
     * which shares a module with it: the links the helper appended for each, by rel and file.
     */
    const linksWhenOpened = async (readyState: 'interactive' | 'complete') => {
      const entry = await buildRunnable();
      const fake = fakeDocument(readyState);
      Object.assign(globalThis, { document: fake.document, window: { dispatchEvent: () => true } });
      try {
        const { load, loadOther } = (await import(entry)) as Record<
          'load' | 'loadOther',
          () => Promise<{ run: () => number }>
        >;
        expect((await load()).run()).toBe(9000);
        const page = linksOf(fake.appended.splice(0));
        fake.document.readyState = 'complete';
        expect((await loadOther()).run()).toBe(9000);
        return { page, other: linksOf(fake.appended) };
      } finally {
        delete (globalThis as { document?: unknown }).document;
        delete (globalThis as { window?: unknown }).window;
      }
    };
    // While loading: the stylesheet only. After the load, the other page's own script, not the
    // shared one its import fetched already.
    expect(await linksWhenOpened('interactive')).toEqual({
      page: [['stylesheet', undefined, 'page.css', '']],
      other: [['preload', 'script', 'other.js', '']],
    });
    expect(await linksWhenOpened('complete')).toEqual({
      page: [
        ['preload', 'script', 'page.js', ''],
        ['preload', 'script', 'shared.js', ''],
        ['stylesheet', undefined, 'page.css', ''],
      ],
      other: [['preload', 'script', 'other.js', '']],
    });
  }, 60_000);

  it("fails the build when the helper's source changed (a changed helper is seen, not skipped)", async () => {
    const helperChanged: Plugin = {
      name: 'helper-changed',
      enforce: 'pre',
      transform(code, id) {
        return id === PRELOAD_HELPER_ID ? code.replace("'modulepreload'", '"module" + "preload"') : null;
      },
    };
    await expect(buildApp([helperChanged, scriptPreloads()])).rejects.toThrow(
      /preload helper has no `const scriptRel = 'modulepreload';`/,
    );
  }, 60_000);

  it('leaves source that is not the helper alone, and names the anchor a changed helper lacks', () => {
    expect(withScriptPreloads('const rel = `modulepreload`;')).toEqual({
      missing: "const scriptRel = 'modulepreload';",
    });
    const helper =
      "const scriptRel = 'modulepreload';const f = (dep) => { const isCss = isCssPreloadUrl(dep); return 1; };";
    expect(withScriptPreloads(helper)).toEqual({
      code: "const scriptRel = 'preload';const f = (dep) => { const isCss = isCssPreloadUrl(dep); if (!isCss && document.readyState !== 'complete') { seen[dep.href] = void 0; return; } return 1; };",
    });
  });
});
