/**
 * Lighthouse (mobile emulation, the package's default: Moto G Power, slow 4G, 4x CPU) on the compiled
 * server with its demo data, in Debian's Chromium: performance, accessibility, best practices and SEO
 * of `/`, `/auth`, `/task/{id}`, `/expert/{id}`, `/dashboard` and `/admin`, median of BENCH_REPEATS runs,
 * printed beside a static page's scores measured in the same run (issue 25; goal: performance >= 90,
 * the others >= 95). Signed-in pages send the session cookie of a demo account signed in over the API.
 */
import { createServer } from 'node:http';
import { createHmac } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, REPEATS, type BenchRow } from './stats';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3295);
const STATIC_PORT = PORT + 1;
/** LIGHTHOUSE_ORIGIN: measure a server that is already running (with the demo data) instead of starting one. */
const EXTERNAL = process.env.LIGHTHOUSE_ORIGIN;
const ORIGIN = EXTERNAL ?? `http://localhost:${PORT}`;
/** LIGHTHOUSE_PAGES: measure only the pages whose name contains one of these comma-separated words (the static reference always runs). */
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
/**
 * LIGHTHOUSE_DETAILS=1: also print each run's metrics (FCP, LCP, TBT, CLS, Speed Index), the LCP element
 * and the failing audits, and keep each run's whole report in .tmp/lighthouse/ for a closer look.
 */
const DETAILS = process.env.LIGHTHOUSE_DETAILS === '1';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Scores = Record<(typeof CATEGORIES)[number], number>;

/** The static reference: one small, well-formed page with no script. */
const STATIC_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="A static reference page."><title>Static reference</title></head><body><main><h1>Static reference</h1><p>A plain page with no script, measured beside the product's pages.</p></main></body></html>`;

const DEMO_TOTP_SECRET = 'demo-admin-totp-secret-000000000';
function totpCode(): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac('sha1', Buffer.from(DEMO_TOTP_SECRET, 'utf8')).update(counter).digest();
  const offset = mac[mac.length - 1]! & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The cookies of the responses, by name (a later one replaces an earlier one of the same name). */
function cookiesOf(...responses: Response[]): string {
  const jar = new Map<string, string>();
  for (const response of responses) {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const name = pair.slice(0, pair.indexOf('='));
      if (/max-age=0/i.test(line) || pair.endsWith('=')) jar.delete(name);
      else jar.set(name, pair);
    }
  }
  return [...jar.values()].join('; ');
}

/** The session cookie of a demo account (the admin passes its two-factor step with the demo secret). */
async function signIn(email: string): Promise<string> {
  const headers = { origin: ORIGIN, 'content-type': 'application/json' };
  const first = await fetch(`${ORIGIN}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify({ email, password: 'demo-password' }) });
  const cookie = cookiesOf(first);
  const body = (await first.json()) as { twoFactorRedirect?: boolean };
  if (!body.twoFactorRedirect) return cookie;
  const second = await fetch(`${ORIGIN}/api/auth/two-factor/verify-totp`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ code: totpCode() }),
  });
  if (!second.ok) throw new Error(`admin two-factor sign-in failed: ${second.status}`);
  return cookiesOf(first, second);
}

async function startProduct() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: ORIGIN, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (let waited = 0; ; waited += 100) {
    try {
      if ((await fetch(`${ORIGIN}/api/config`)).ok) break;
    } catch {
      if (waited > 120_000) throw new Error('the server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

type Audit = { score: number | null; numericValue?: number; displayValue?: string; title: string; details?: { items?: unknown[] } };
/** One run's metrics and what costs the score: the LCP element, its phases, and every audit that did not pass. */
function printDetails(name: string, lhr: { audits: Record<string, Audit> }) {
  const audit = (id: string) => lhr.audits[id];
  const ms = (id: string) => Math.round(audit(id)?.numericValue ?? NaN);
  console.log(
    `  ${name}: FCP ${ms('first-contentful-paint')} ms, LCP ${ms('largest-contentful-paint')} ms, TBT ${ms('total-blocking-time')} ms, CLS ${audit('cumulative-layout-shift')?.numericValue?.toFixed(3)}, SI ${ms('speed-index')} ms`,
  );
  const lcp = audit('largest-contentful-paint-element')?.details?.items ?? [];
  console.log(`    LCP element/phases: ${JSON.stringify(lcp).slice(0, 600)}`);
  for (const [id, entry] of Object.entries(lhr.audits)) {
    if (entry.score === null || entry.score >= 0.9) continue;
    console.log(`    ${id}: ${entry.score} ${entry.displayValue ?? ''}`);
  }
  const longTasks = (audit('long-tasks')?.details?.items ?? []) as Array<{ url?: string; duration?: number; startTime?: number }>;
  const taskText = longTasks.map((task) => `${task.url?.replace(/.*\//, '')} @${Math.round(task.startTime ?? 0)} ${Math.round(task.duration ?? 0)} ms`);
  if (taskText.length > 0) console.log(`    long tasks: ${taskText.join(', ')}`);
  if (process.env.LIGHTHOUSE_BOOTUP) {
    const bootup = (audit('bootup-time')?.details?.items ?? []) as Array<{ url: string; total: number; scripting: number; scriptParseCompile: number }>;
    console.log(`    bootup: ${bootup.map((b) => `${b.url.replace(/.*\//, '')} ${Math.round(b.total)}/${Math.round(b.scripting)}/${Math.round(b.scriptParseCompile)}`).join(', ')}`);
    const work = (audit('mainthread-work-breakdown')?.details?.items ?? []) as Array<{ groupLabel: string; duration: number }>;
    console.log(`    main thread: ${work.map((w) => `${w.groupLabel} ${Math.round(w.duration)}`).join(', ')}`);
  }
  const chains = audit('network-dependency-tree-insight') ?? audit('critical-request-chains');
  if (chains?.details) console.log(`    chains: ${JSON.stringify(chains.details).slice(0, 1500)}`);
}

export async function benchLighthouse(): Promise<BenchRow[]> {
  if (!existsSync('dist/server/main.js')) throw new Error('dist/server/main.js is missing: run `npm run build` first');
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const stopProduct = EXTERNAL ? async () => undefined : await startProduct();
  const staticServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(STATIC_PAGE);
  }).listen(STATIC_PORT);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const [client, expert, admin] = [await signIn('client@example.com'), await signIn('expert1@example.com'), await signIn('admin@example.com')];
    const { tasks } = (await (await fetch(`${ORIGIN}/api/tasks`, { headers: { cookie: client } })).json()) as { tasks: { id: string }[] };
    const { user } = (await (await fetch(`${ORIGIN}/api/me`, { headers: { cookie: expert } })).json()) as { user: { id: string } };
    const pages: Array<{ name: string; url: string; cookie?: string }> = [
      { name: 'static reference page', url: `http://localhost:${STATIC_PORT}/` },
      { name: '/', url: `${ORIGIN}/` },
      { name: '/auth', url: `${ORIGIN}/auth` },
      { name: '/expert/{id}', url: `${ORIGIN}/expert/${user.id}` },
      { name: '/task/{id} (its client)', url: `${ORIGIN}/task/${tasks[0]!.id}`, cookie: client },
      { name: '/dashboard (client)', url: `${ORIGIN}/dashboard`, cookie: client },
      { name: '/admin', url: `${ORIGIN}/admin`, cookie: admin },
    ];
    const rows: BenchRow[] = [];
    const measured = pages.filter((page, index) => index === 0 || !ONLY_PAGES || ONLY_PAGES.some((word) => page.name.includes(word)));
    let reference: Scores | undefined;
    for (const page of measured) {
      const runs: Scores[] = [];
      for (let run = 0; run < REPEATS; run++) {
        const result = await lighthouse(page.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
        });
        const categories = result!.lhr.categories;
        if (DETAILS) {
          printDetails(page.name, result!.lhr as unknown as { audits: Record<string, Audit> });
          mkdirSync('.tmp/lighthouse', { recursive: true });
          writeFileSync(`.tmp/lighthouse/${page.name.replace(/[^a-z0-9]+/gi, '_')}-${run}.json`, JSON.stringify(result!.lhr));
        }
        runs.push(Object.fromEntries(CATEGORIES.map((key) => [key, Math.round((categories[key]?.score ?? 0) * 100)])) as Scores);
      }
      const scores = Object.fromEntries(CATEGORIES.map((key) => [key, median(runs.map((r) => r[key]))])) as Scores;
      reference ??= scores;
      const text = CATEGORIES.map((key) => `${key} ${scores[key]}${page === pages[0] ? '' : ` (static ${reference![key]})`}`).join(', ');
      rows.push({ name: `Lighthouse mobile, median of ${REPEATS}: ${page.name}`, value: text });
    }
    return rows;
  } finally {
    chrome.kill();
    staticServer.close();
    await stopProduct();
  }
}
