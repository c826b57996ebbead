// Why Lighthouse scored a page as it did: one Lighthouse run (mobile, performance only) against a
// running server, then Lighthouse's own simulation (Lantern) recomputed from that run's artifacts:
//
// - the first contentful paint's two graphs (optimistic and pessimistic), each request and CPU task
//   in them with its simulated start and end: what the simulated first paint waited for;
// - every simulated main-thread task over 50 ms, with its observed start and duration and the trace
//   events inside it, and how much of it counts as total blocking time.
//
// The score moves by several points between identical runs on a shared machine, so compare builds
// with alternating runs, never one run each (docs/performance.md, decision 0412). Both builds must be
// served precompressed, as `npm start` serves them.
//
//   node scripts/perf/lantern-tasks.mjs http://localhost:3000 /task/<id> client@example.com
//   node scripts/perf/lantern-tasks.mjs http://localhost:3000 TASK        (the user's first task)
//   node scripts/perf/lantern-tasks.mjs http://localhost:3000 /auth -     (signed out)
import lighthouse from 'lighthouse';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import { launchChrome, openPage } from './page-session.mjs';

const [origin = 'http://localhost:3000', path = 'TASK', email = 'client@example.com'] = process.argv.slice(2);
const { cookie, url } = await openPage(origin, path, email);
const chrome = await launchChrome();
const { lhr, artifacts } = await lighthouse(origin + url, {
  port: chrome.port,
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance'],
  extraHeaders: cookie ? { Cookie: cookie } : undefined,
});
chrome.kill();

const metrics = lhr.audits.metrics.details.items[0];
console.log(
  `${url}: score ${Math.round(lhr.categories.performance.score * 100)}, FCP ${metrics.firstContentfulPaint} ms` +
    ` (observed ${metrics.observedFirstContentfulPaint}), LCP ${metrics.largestContentfulPaint} ms,` +
    ` TBT ${metrics.totalBlockingTime} ms, TTI ${metrics.interactive} ms`,
);

const data = {
  trace: artifacts.Trace,
  devtoolsLog: artifacts.DevtoolsLog,
  gatherContext: artifacts.GatherContext,
  settings: { ...defaultSettings, ...lhr.configSettings },
  URL: artifacts.URL,
  SourceMaps: artifacts.SourceMaps,
  simulator: null,
};
const context = { computedCache: new Map() };
const fcp = await LanternFirstContentfulPaint.request(data, context);
const tti = await LanternInteractive.request(data, context);
const graphStart = tti.pessimisticGraph.startTime;

const ms = (value) => String(Math.round(value)).padStart(5);
const innerEvents = (node) =>
  [
    ...new Set(
      node.childEvents
        .filter((event) => (event.dur ?? 0) > 1500)
        .map(
          (event) =>
            event.name +
            (event.args?.data?.url ? ` ${event.args.data.url.split('/').pop().slice(0, 28)}` : ''),
        ),
    ),
  ]
    .slice(0, 6)
    .join(', ');
const describe = (node) =>
  node.type === 'network'
    ? `${node.request.resourceType} ${node.request.priority} ${node.request.url.replace(origin, '').slice(0, 60)}` +
      ` ${Math.round(node.request.transferSize / 1024)} KB`
    : `CPU observed @${Math.round((node.startTime - graphStart) / 1000)} ${Math.round(node.duration / 1000)} ms: ${innerEvents(node)}`;

console.log(`\nFirst contentful paint: ${Math.round(fcp.timing)} ms`);
for (const [label, estimate] of [
  ['optimistic', fcp.optimisticEstimate],
  ['pessimistic', fcp.pessimisticEstimate],
]) {
  console.log(`  ${label} graph, ${Math.round(estimate.timeInMs)} ms:`);
  for (const [node, timing] of [...estimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime))
    console.log(`    ${ms(timing.startTime)}-${ms(timing.endTime)} ${describe(node)}`);
}

for (const [label, estimate, paint] of [
  ['optimistic', tti.optimisticEstimate, fcp.optimisticEstimate.timeInMs],
  ['pessimistic', tti.pessimisticEstimate, fcp.pessimisticEstimate.timeInMs],
]) {
  console.log(
    `\nSimulated tasks over 50 ms (${label}; first paint ${Math.round(paint)}, interactive ${Math.round(estimate.timeInMs)}):`,
  );
  let blockingSum = 0;
  for (const [node, timing] of [...estimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime)) {
    const duration = timing.endTime - timing.startTime;
    if (node.type !== 'cpu' || duration < 50) continue;
    const blocking =
      timing.endTime > paint ? Math.max(0, Math.min(duration, timing.endTime - paint) - 50) : 0;
    blockingSum += blocking;
    console.log(
      `  ${ms(timing.startTime)} ${ms(duration)} ms ${blocking ? `blocks ${ms(blocking)}` : '           '} | ${describe(node)}`,
    );
  }
  console.log(`  blocking time from these: ${Math.round(blockingSum)} ms`);
}
