/**
 * Cold start and the landing page in a browser, on the compiled server (`npm run build` first):
 * - cold start: `node dist/server/main.js` on an empty data folder to its first 200, against a bare
 *   Hono server process started the same way (the reference);
 * - the landing page in Debian's Chromium with 4x CPU throttling (CDP Emulation.setCPUThrottlingRate),
 *   no interaction: bytes on the wire (encodedDataLength of every response, brotli and gzip-only) against the 150 KB
 *   budget, whether the map's data was fetched, and LCP against a static reference page.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchServer } from './http-load';
import { kb, ms, percent, ratioRow, repeat, REPEATS, seconds, type BenchRow } from './stats';

const BUDGET_BYTES = 150 * 1024;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function firstOk(url: string, startedAt: number, timeoutMs = 120_000): Promise<number> {
  while (performance.now() - startedAt < timeoutMs) {
    try {
      if ((await fetch(url)).status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts the compiled server on an empty data folder; resolves with the time to its first 200. */
async function startProduct(port: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-cold-'));
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: `http://localhost:${port}`, NODE_ENV: 'development' },
    stdio: 'ignore',
  });
  const elapsed = await firstOk(`http://localhost:${port}/api/config`, startedAt);
  return {
    elapsed,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function coldStart(): Promise<BenchRow[]> {
  const pairs = await repeat(REPEATS, async (index) => {
    const started = performance.now();
    const bare = await startBenchServer('bare');
    const reference = performance.now() - started;
    await bare.stop();
    const product = await startProduct(3290 + index);
    await product.stop();
    return { value: product.elapsed, reference };
  });
  return [ratioRow('cold start to first 200 (empty data folder) vs a bare Hono process', pairs, { format: seconds, goal: '<= 5 s' })];
}

interface PageLoad {
  bytes: number;
  lcp: number;
  mapRequested: boolean;
}

/** `gzipOnly`: the request headers of a browser without brotli, so the server answers with its .gz files. */
async function loadPage(url: string, { gzipOnly = false } = {}): Promise<PageLoad> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (gzipOnly) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } });
    let bytes = 0;
    const urls: string[] = [];
    cdp.on('Network.responseReceived', (event) => urls.push(event.response.url));
    cdp.on('Network.loadingFinished', (event) => {
      bytes += event.encodedDataLength;
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_000);
    const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
    return { bytes, lcp, mapRequested: urls.some((u) => u.includes('/api/map-locations') || u.includes('availability-map')) };
  } finally {
    await browser.close();
  }
}

async function landing(): Promise<BenchRow[]> {
  if (!existsSync(CHROMIUM)) return [{ name: 'landing page in Chromium', value: `skipped: no browser at ${CHROMIUM}` }];
  const product = await startProduct(3295);
  const bare = await startBenchServer('bare');
  try {
    await loadPage(`http://localhost:3295/`);
    const runs = await repeat(REPEATS, async () => ({
      landing: await loadPage(`http://localhost:3295/`),
      gzipOnly: await loadPage(`http://localhost:3295/`, { gzipOnly: true }),
      reference: await loadPage(`http://127.0.0.1:${bare.port}/page`),
    }));
    return [
      ratioRow(
        'landing page, everything on the wire without interaction, vs the 150 KB budget',
        runs.map((run) => ({ value: run.landing.bytes, reference: BUDGET_BYTES })),
        { format: kb, ratio: percent, goal: '<= 100%' },
      ),
      ratioRow(
        'same, from a browser that accepts gzip but not brotli',
        runs.map((run) => ({ value: run.gzipOnly.bytes, reference: BUDGET_BYTES })),
        { format: kb, ratio: percent, goal: '<= 100%' },
      ),
      {
        name: 'landing page: map chunk or /api/map-locations loaded without interaction',
        value: `${runs.filter((run) => run.landing.mapRequested).length} of ${runs.length} loads`,
      },
      ratioRow('landing LCP (4x CPU throttling) vs a static reference page', runs.map((run) => ({ value: run.landing.lcp, reference: run.reference.lcp })), {
        format: ms,
        goal: 'LCP <= 1000 ms',
      }),
    ];
  } finally {
    await bare.stop();
    await product.stop();
  }
}

export async function benchBrowser(): Promise<BenchRow[]> {
  if (!existsSync('dist/server/main.js')) throw new Error('dist/server/main.js is missing: run `npm run build` first');
  return [...(await coldStart()), ...(await landing())];
}
