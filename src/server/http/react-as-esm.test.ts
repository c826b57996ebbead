import { afterAll, describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { reactAsEsm } from '../../../scripts/build/react-as-esm';
import { buildSmallApp, removeSmallApps } from '../test/small-build';

afterAll(removeSmallApps);

/**
 * Builds an app whose modules import React the ways the product and its libraries do (default,
 * namespace, named, the JSX runtime, react-dom/client), unminified so that Node can run it, and
 * returns the built entry's path and all its code.
 */
async function buildApp(plugins: Plugin[]): Promise<{ entry: string; pages: string[] }> {
  const app = await buildSmallApp(
    {
      'a.js': "import React from 'react'; export const a = () => React.createElement('p', null, 'a');",
      'b.js': "import * as React from 'react'; export const b = () => React.createElement('p', null, 'b');",
      'c.js': "import { useState, version } from 'react'; export const c = () => [typeof useState, version];",
      'd.js': "import { jsx } from 'react/jsx-runtime'; export const d = () => jsx('p', { children: 'd' });",
      'e.js':
        "import { createRoot } from 'react-dom/client'; import { flushSync } from 'react-dom'; export const e = () => [typeof createRoot, typeof flushSync];",
      // Each module is a page of its own (a chunk), as the product's pages and the shared modules
      // copied into them are; React itself is in the entry. The entry hands the pages to the test.
      'main.js':
        "import { createElement } from 'react'; import 'react/jsx-runtime'; import 'react-dom'; import 'react-dom/client'; globalThis.reactAsEsmCreate = createElement; globalThis.reactAsEsmPages = () => Promise.all(['a', 'b', 'c', 'd', 'e'].map((name) => import(`./${name}.js`)));",
    },
    {
      plugins,
      packages: true,
      build: { minify: false, modulePreload: false, rolldownOptions: { preserveEntrySignatures: false } },
    },
  );
  const pages = app.scripts().filter(({ name }) => /^[a-e]-/.test(name));
  return { entry: app.script('main-'), pages: pages.map(({ code }) => code) };
}

const namespaceCopies = (code: string) => (code.match(/__toESM\(/g) ?? []).length;

describe("the build's React as ES modules (decision 0408)", () => {
  it("copies React's exports into a namespace object in the entry, not again in each page that imports it", async () => {
    const plain = await buildApp([]);
    const wrapped = await buildApp([reactAsEsm()]);
    expect(plain.pages).toHaveLength(5);
    // Without the plugin, the pages that import React as a default or a namespace each make their copy.
    expect(plain.pages.filter((code) => namespaceCopies(code) > 0).length).toBeGreaterThanOrEqual(3);
    // With it, every page reads the entry's ES bindings.
    expect(wrapped.pages).toHaveLength(5);
    expect(wrapped.pages.map(namespaceCopies)).toEqual([0, 0, 0, 0, 0]);
  }, 60_000);

  it('gives every import the same React: default, namespace, named, the JSX runtime and react-dom', async () => {
    const { entry } = await buildApp([reactAsEsm()]);
    await import(entry);
    const pages = (
      globalThis as unknown as { reactAsEsmPages: () => Promise<Array<Record<string, () => unknown>>> }
    ).reactAsEsmPages;
    const app = Object.assign({}, ...(await pages())) as Record<string, () => unknown>;
    const react = await import('react');
    const element = (value: unknown) =>
      value as { type: string; props: { children: string }; $$typeof: symbol };
    for (const [name, text] of [
      ['a', 'a'],
      ['b', 'b'],
      ['d', 'd'],
    ] as const) {
      const made = element(app[name]!());
      expect(made.type, name).toBe('p');
      expect(made.props.children, name).toBe(text);
      expect(made.$$typeof, name).toBe(element(react.createElement('p')).$$typeof);
    }
    expect(app.c!()).toEqual(['function', react.version]);
    expect(app.e!()).toEqual(['function', 'function']);
  }, 60_000);
});
