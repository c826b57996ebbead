import type { Plugin } from 'vite';

/**
 * Vite's preload helper (the virtual module below) runs before each dynamic import and appends one
 * `<link>` per script and stylesheet the imported chunk needs, so that they load side by side with
 * it. Two changes to its source, neither of which Vite has an option for:
 *
 * - **rel=preload, not modulepreload (decision 0406).** Under Chromium's 4x CPU slowdown
 *   (Lighthouse's mobile profile) inserting a modulepreload link cost about 14 ms of main thread
 *   each (30 links: 436 ms), against about 4 ms for `<link rel="preload" as="script" crossorigin>`
 *   (114 ms), which the helper already writes except for the `rel`. A module import of the same
 *   URL takes the preloaded response (same destination, CORS mode and credentials), so the bytes
 *   are fetched once.
 * - **No script links while the document is still loading (decision 0408).** The first load's
 *   route warm-up imports the page's code as the entry starts; its 14-17 links still cost 120-180 ms
 *   of that busiest stretch under 4x, and the browser fetches a chunk's imports as soon as it reads
 *   the chunk anyway. Once the document has loaded (in-app navigation), scripts are preloaded as
 *   before, except those an import already fetched. Stylesheets are always loaded: the helper is
 *   how a lazy chunk's CSS arrives at all.
 *
 * The build fails if the helper's source no longer has what is changed, so that an upgrade of Vite
 * that changes the helper is seen rather than silently undone.
 */
export const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';
const REL = "const scriptRel = 'modulepreload';";
const CSS_CHECK = 'const isCss = isCssPreloadUrl(dep);';
// A script skipped while loading counts as preloaded: the import that asked for it fetches it.
const LOADING_GUARD =
  " if (!isCss && document.readyState !== 'complete') { seen[dep.href] = void 0; return; }";

/** The helper's source with both changes, or the first anchor it lacks. */
export function withScriptPreloads(code: string): { code: string } | { missing: string } {
  for (const anchor of [REL, CSS_CHECK]) if (!code.includes(anchor)) return { missing: anchor };
  return {
    code: code.replace(REL, "const scriptRel = 'preload';").replace(CSS_CHECK, CSS_CHECK + LOADING_GUARD),
  };
}

export function scriptPreloads(): Plugin {
  let changed = 0;
  return {
    name: 'script-preloads',
    apply: 'build',
    buildStart() {
      changed = 0;
    },
    transform(code, id) {
      if (id !== PRELOAD_HELPER_ID) return null;
      const result = withScriptPreloads(code);
      if ('missing' in result)
        return this.error(`script-preloads: Vite's preload helper has no \`${result.missing}\``);
      changed++;
      return { code: result.code, map: null };
    },
    generateBundle(_options, bundle) {
      const dynamicImports = Object.values(bundle).some(
        (output) => output.type === 'chunk' && output.dynamicImports.length > 0,
      );
      if (dynamicImports && changed !== 1)
        this.error(`script-preloads: expected Vite's preload helper once, found ${changed}`);
    },
  };
}
