import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/** React's packages are CommonJS: these are the ones the web app and its libraries import as modules. */
const COMMONJS_PACKAGES = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'] as const;
const PREFIX = '\0react-as-esm:';
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Gives each React package one ES module of its own, with its exports as named exports.
 *
 * Why: the bundler turns every `import … from 'react'` of a CommonJS package into its own namespace
 * object, copying each of React's ~40 exports into it as a getter (rolldown's `__toESM`). Hundreds
 * of modules import React, so a signed-in page ran that copy hundreds of times as its code started:
 * 80 ms of the task page's main thread under Lighthouse's 4x slowdown (decision 0408). Imports of
 * this module read plain ES bindings instead; the copy happens once per package.
 *
 * Only ES imports are redirected: a CommonJS `require('react')` inside a library keeps the package
 * itself. The export names are read from the installed package, so a React upgrade needs nothing
 * here.
 */
export function reactAsEsm(): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: 'react-as-esm',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (!(COMMONJS_PACKAGES as readonly string[]).includes(source)) return null;
      if (importer?.startsWith(PREFIX)) return null;
      if ((options as { kind?: string }).kind === 'require-call') return null;
      return PREFIX + source;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const source = id.slice(PREFIX.length);
      const names = Object.keys(require(source) as object).filter(
        (name) => IDENTIFIER.test(name) && name !== 'default',
      );
      return [
        `import * as commonjs from ${JSON.stringify(source)};`,
        `export const { ${names.join(', ')} } = commonjs;`,
        `export default commonjs.default ?? commonjs;`,
      ].join('\n');
    },
  };
}
