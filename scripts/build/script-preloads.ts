import type { Plugin } from 'vite';

/**
 * Vite's preload helper appends one `<link rel="modulepreload">` per script a dynamic import needs.
 * Under Chromium's 4x CPU slowdown (Lighthouse's mobile profile), inserting a modulepreload link
 * cost about 14 ms of main thread each (30 links: 436 ms), against about 4 ms for
 * `<link rel="preload" as="script" crossorigin>` (114 ms), which the helper already writes except
 * for the `rel`. A module import of
 * the same URL takes the preloaded response (same destination, CORS mode and credentials), so the
 * bytes are fetched once. The helper has no option for its `rel`, so the build swaps the one string
 * (decision 0406). The build fails if the helper's code no longer has it, so that an upgrade of Vite
 * that changes the helper is seen rather than silently undone.
 *
 * The helper keeps its rel in a constant (`t=\`modulepreload\`,n=function…`). Vite's modulepreload
 * polyfill, which may sit in the same chunk, compares with the same string (`rel===`, `supports(`)
 * and is left alone: only an assignment to a name matches.
 */
const HELPER_REL = /(?<=[\w$])=`modulepreload`,/g;
/** Only a chunk with the helper carries this event name. */
const HELPER_MARK = 'vite:preloadError';

/** The code with the helper's link rel swapped, and how many helpers were found. */
export function withScriptPreloads(code: string): { code: string; helpers: number } {
  if (!code.includes(HELPER_MARK)) return { code, helpers: 0 };
  let helpers = 0;
  const swapped = code.replace(HELPER_REL, () => {
    helpers++;
    return '=`preload`,';
  });
  return { code: swapped, helpers };
}

export function scriptPreloads(): Plugin {
  return {
    name: 'script-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      let helpers = 0;
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const swapped = withScriptPreloads(output.code);
        output.code = swapped.code;
        helpers += swapped.helpers;
      }
      if (helpers !== 1) this.error(`script-preloads: expected Vite's preload helper once, found ${helpers}`);
    },
  };
}
