// The landing page's initial download, measured on the built app (`npm run build` first; this
// builds nothing). Run directly (`node --import tsx scripts/bench/landing.bench.ts [dir]`) it exits
// non-zero when the initial JS is over budget or Leaflet has leaked into it.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BenchRow } from './stats';

/** Issue 3: the landing page's initial JS stays under 150 KB gzip, with the map loaded lazily. */
export const LANDING_JS_BUDGET_BYTES = 150 * 1024;

/** Strings only Leaflet's code and stylesheet contain. */
const LEAFLET_JS_MARKER = 'leafletjs.com';
const LEAFLET_CSS_MARKER = '.leaflet-container';

const STATIC_IMPORT = /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;

interface Asset {
  /** Path below the web root, e.g. "assets/index-abc.js". */
  path: string;
  text: string;
  gzipBytes: number;
}

function readAsset(root: string, path: string): Asset {
  const text = readFileSync(join(root, path), 'utf8');
  return { path, text, gzipBytes: gzipSync(text, { level: 9 }).length };
}

const fromHtmlUrl = (url: string) => url.replace(/^\//, '');

/** Script and stylesheet URLs that index.html loads up front (modulepreloads included). */
export function htmlAssets(html: string): { scripts: string[]; styles: string[] } {
  const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    if (tag.startsWith('<script') && /type="module"/.test(tag)) {
      const src = attribute(tag, 'src');
      if (src) scripts.push(fromHtmlUrl(src));
    } else if (/rel="modulepreload"/.test(tag)) {
      const href = attribute(tag, 'href');
      if (href) scripts.push(fromHtmlUrl(href));
    } else if (/rel="stylesheet"/.test(tag)) {
      const href = attribute(tag, 'href');
      if (href) styles.push(fromHtmlUrl(href));
    }
  }
  return { scripts, styles };
}

/** The static `import ... from "./x.js"` targets of a chunk; `import("./x.js")` (lazy) is not one. */
export function staticImports(chunkPath: string, code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(STATIC_IMPORT)) {
    const target = match[1];
    if (!target.startsWith('.') && !target.startsWith('/')) continue;
    found.add(target.startsWith('/') ? fromHtmlUrl(target) : posix.join(posix.dirname(chunkPath), target));
  }
  return [...found];
}

/** Every chunk reached from `starts` through static imports. */
function staticClosure(root: string, starts: string[], cache: Map<string, Asset>): Asset[] {
  const seen = new Set<string>();
  const queue = [...starts];
  const assets: Asset[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    let asset = cache.get(path);
    if (!asset) {
      asset = readAsset(root, path);
      cache.set(path, asset);
    }
    assets.push(asset);
    queue.push(...staticImports(path, asset.text));
  }
  return assets;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (assets: Asset[]) => assets.reduce((total, asset) => total + asset.gzipBytes, 0);

function findChunk(root: string, prefix: string): string | null {
  const name = readdirSync(join(root, 'assets')).find(
    (file) => file.startsWith(`${prefix}-`) && file.endsWith('.js'),
  );
  return name ? `assets/${name}` : null;
}

/**
 * The landing page's initial JS: index.html's entry and modulepreloads, the landing page's own
 * chunk (the router loads it at once on "/"), and every chunk they import statically. Lazy
 * imports (the Leaflet map, other pages) are excluded. CSS: index.html's stylesheets.
 */
export async function benchLandingBundle(
  webRoot = process.env.BENCH_WEB_DIR ?? 'dist/web',
): Promise<BenchRow[]> {
  const root = resolve(webRoot);
  if (!existsSync(join(root, 'index.html')))
    throw new Error(`${root}/index.html is missing: run \`npm run build\` first`);
  const { scripts, styles } = htmlAssets(readFileSync(join(root, 'index.html'), 'utf8'));
  if (scripts.length === 0) throw new Error('index.html loads no module script');
  const landingChunk = findChunk(root, 'landing-page');
  if (!landingChunk) throw new Error('no landing-page chunk in the build');

  const cache = new Map<string, Asset>();
  const shell = staticClosure(root, scripts, cache);
  const initial = staticClosure(root, [...scripts, landingChunk], cache);
  const css = styles.map((path) => readAsset(root, path));
  const jsBytes = sum(initial);
  const leakedJs = initial
    .filter((asset) => asset.text.includes(LEAFLET_JS_MARKER))
    .map((asset) => asset.path);
  const leakedCss = css.filter((asset) => asset.text.includes(LEAFLET_CSS_MARKER)).map((asset) => asset.path);

  const mapChunk = findChunk(root, 'availability-map');
  const mapAssets = mapChunk
    ? staticClosure(root, [mapChunk], cache).filter((asset) => !initial.includes(asset))
    : [];

  const rows: BenchRow[] = [
    { name: 'landing initial JS (gzip, budget 150 KB)', value: kb(jsBytes) },
    { name: '  of which the app entry and its static imports', value: kb(sum(shell)) },
    { name: '  chunks in the initial JS', value: String(initial.length) },
    { name: 'landing initial CSS (gzip)', value: kb(sum(css)) },
    {
      name: 'lazy map chunk: Leaflet + map code (gzip, not initial)',
      value: mapChunk ? kb(sum(mapAssets)) : 'not found',
    },
    {
      name: 'Leaflet in the initial JS or CSS',
      value: leakedJs.length + leakedCss.length > 0 ? 'YES' : 'no',
    },
  ];
  const problems: string[] = [];
  if (jsBytes > LANDING_JS_BUDGET_BYTES)
    problems.push(`landing initial JS is ${kb(jsBytes)} gzip, over the 150 KB budget`);
  if (leakedJs.length + leakedCss.length > 0)
    problems.push(`Leaflet is in the initial download: ${[...leakedJs, ...leakedCss].join(', ')}`);
  if (problems.length > 0) {
    const error = new Error(problems.join('; ')) as Error & { rows?: BenchRow[] };
    error.rows = rows;
    throw error;
  }
  return rows;
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  benchLandingBundle(process.argv[2]).then(
    (rows) => {
      for (const row of rows) console.log(`${row.name.padEnd(60)} ${row.value}`);
    },
    (error: Error & { rows?: BenchRow[] }) => {
      for (const row of error.rows ?? []) console.log(`${row.name.padEnd(60)} ${row.value}`);
      console.error(`\nFAILED: ${error.message}`);
      process.exit(1);
    },
  );
}
