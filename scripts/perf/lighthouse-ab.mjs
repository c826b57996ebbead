// Lighthouse A/B: two running servers (two builds of the product) measured in turns, ROUNDS rounds,
// alternating which goes first, so that the shared machine's drift falls on both alike. Prints each
// run (score, total blocking time, largest paint) and each side's median and range.
//
//   A=http://localhost:3295 B=http://localhost:3297 node scripts/perf/lighthouse-ab.mjs TASK 8
//   A=... B=... node scripts/perf/lighthouse-ab.mjs /auth 8 -        (signed out)
//
// Serve both builds precompressed, as `npm start` does: build the second one with
// `NODE_ENV=production npx vite build --outDir /tmp/b/dist/web` (decision 0412). One run of each
// proves nothing: the score moves by 5-10 points between identical runs here.
import lighthouse from 'lighthouse';
import { launchChrome, openPage } from './page-session.mjs';

const [path = 'TASK', rounds = '8', email = 'client@example.com'] = process.argv.slice(2);
const origins = { A: process.env.A, B: process.env.B };
if (!origins.A || !origins.B) throw new Error('Set A and B to the two servers, e.g. A=http://localhost:3295');

async function measure(origin) {
  const { cookie, url } = await openPage(origin, path, email);
  const chrome = await launchChrome();
  try {
    const { lhr } = await lighthouse(origin + url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    });
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      tbt: Math.round(lhr.audits['total-blocking-time'].numericValue),
      lcp: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      // The main thread's whole load, as Lighthouse reports it (observed, times its 4x slowdown):
      // less noisy than the blocking time, which also moves with where the simulation puts each task.
      work: Math.round(lhr.audits['mainthread-work-breakdown'].numericValue),
      script: Math.round(
        lhr.audits['mainthread-work-breakdown'].details.items.find((item) => item.group === 'scriptEvaluation')
          ?.duration ?? 0,
      ),
    };
  } finally {
    chrome.kill();
  }
}

const runs = { A: [], B: [] };
for (let round = 0; round < Number(rounds); round++) {
  for (const side of round % 2 ? ['B', 'A'] : ['A', 'B']) {
    const run = await measure(origins[side]);
    runs[side].push(run);
    console.log(
      `${side} score ${run.score}, TBT ${run.tbt} ms, LCP ${run.lcp} ms, main thread ${run.work} ms (script ${run.script} ms)`,
    );
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const side of ['A', 'B']) {
  const scores = runs[side].map((run) => run.score);
  console.log(
    `${side} (${origins[side]}): median score ${median(scores)} (${Math.min(...scores)}-${Math.max(...scores)}),` +
      ` TBT ${median(runs[side].map((run) => run.tbt))} ms, LCP ${median(runs[side].map((run) => run.lcp))} ms,` +
      ` main thread ${median(runs[side].map((run) => run.work))} ms (script ${median(runs[side].map((run) => run.script))} ms)`,
  );
}
