/**
 * The import rules of the whole code base, run by `npm run lint` (docs/architecture.md draws them).
 * Tests and test helpers are left out of the module rules: they assemble whole flows on purpose.
 *
 * - src/shared imports nothing of the server or the web; the web never imports the server.
 * - A web feature never imports another feature: what two features share lives in src/web/components
 *   or src/web/lib.
 * - The server's infrastructure (lib, env, db, http, ops, providers, jobs, auth, realtime…) never
 *   imports a module; nothing imports the composition root (app.ts, server-context.ts, main.ts), and a
 *   module may import app-deps.ts for its types only.
 * - The server's modules import in one direction: MODULE_ORDER lists them from the top (routes that
 *   compose many capabilities) to the bottom (capabilities everything else calls). A module may import
 *   only those after it, so no cycle between modules can exist. The money order of decision 0322
 *   (checkout -> disputes -> holds -> tasks -> payments -> the payment provider) is part of it.
 * - No cycle between files anywhere (type-only imports count: a cycle in types is still a knot).
 */

/** Top to bottom: each module may import only the modules listed after it. */
const MODULE_ORDER = [
  // Pages and lists that read many capabilities.
  'system',
  'page-documents',
  'public-profiles',
  'discovery',
  // Issue 51: the expert's earnings read the tips, the ledger and the payout facts; tips charge through the provider.
  'earnings',
  'tips',
  // Issue 54: API keys; app.ts hands their check to the request-authentication middleware.
  'api-keys',
  // Money, top to bottom (decision 0322): checkout -> disputes -> holds -> tasks -> payments.
  'checkout',
  // Proof of a no-show (issue 50): its contest opens a dispute, its fee is a capture job.
  'no-access',
  'disputes',
  'reconciliation',
  // Issue 51: a new price after the hire; its increase is a money job, its capture the payments module's.
  'price-changes',
  'holds',
  // The task's life: evidence, reviews, applications, the visit, chat.
  'evidence',
  'video-uploads',
  'task-lists',
  'verification',
  'reviews',
  'applications',
  // Issue 51: counter-offers on an application; the hire asks whether one is pending.
  'offers',
  // Issue 50: overdue work and extensions; its free cancel is the tasks module's.
  'late-work',
  'onsite',
  'appointments',
  'invitations',
  'messages',
  // GET /tasks/:id: the task with everything its page shows, above the tasks it reads.
  'task-details',
  'tasks',
  // The reliability record (issue 50): the cancels of applications and tasks record into it.
  'reliability',
  'task-alerts',
  'admin-overrides',
  'payments',
  // Issue 51: the client's receipts, issued inside the ledger's own transactions (payments, disputes, tips).
  'receipts',
  // Issue 51: the admin Transactions tab reads the ledger, tips, payouts and price changes.
  'admin-transactions',
  // People and accounts.
  'account-control',
  'experts',
  'accounts',
  'admin',
  'avatars',
  'phone',
  'settings',
  // Leaves: everything may call them.
  // The report PDF's renderer and the metadata stripping of photos shown to people (pure: shared only).
  'documents',
  'audit',
  'config',
  'dev',
  'geo',
  'native',
  // Issue 54: outbound webhooks; their events are written by database triggers, their objects read
  // by the composition root (webhook-objects.ts), so the module calls nothing but notifications.
  'webhooks',
  'notifications',
  'profiles',
];

const TESTS = '\\.test\\.tsx?$|\\.test-helpers\\.tsx?$|test-helpers|^src/server/test/|^src/web/test/|\\.contract\\.ts$';
const INFRASTRUCTURE = '^src/server/(lib|db|http|ops|providers|jobs|auth|realtime|scale|openapi)/|^src/server/env\\.ts$';
const ROOT = '^src/server/(app|server-context|main|webhook-objects)\\.ts$|^src/server/tools/';
const escape = (name) => name.replace(/[-]/g, '\\-');

const moduleOrderRules = MODULE_ORDER.map((name, index) => {
  const above = MODULE_ORDER.slice(0, index + 1).map(escape);
  return {
    name: 'module-order',
    comment: `modules/${name} may import only the modules after it in MODULE_ORDER (.dependency-cruiser.cjs); to call one above it, move the code down or pass a function in.`,
    severity: 'error',
    from: { path: `^src/server/modules/${escape(name)}/`, pathNot: TESTS },
    to: {
      path: `^src/server/modules/(${above.join('|')})/`,
      pathNot: `^src/server/modules/${escape(name)}/`,
    },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Files import each other in a loop: move what both need into a third file, or pass a function in.',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { circular: true },
    },
    ...moduleOrderRules,
    {
      name: 'module-listed',
      comment: 'Every server module has its place in MODULE_ORDER (.dependency-cruiser.cjs).',
      severity: 'error',
      from: { path: `^src/server/modules/(?!(${MODULE_ORDER.map(escape).join('|')})/)[^/]+/`, pathNot: TESTS },
      to: {},
    },
    {
      name: 'infrastructure-not-modules',
      comment: 'Infrastructure (lib, env, db, http, ops, providers, jobs, auth, realtime…) never imports a module: a module registers with it instead.',
      severity: 'error',
      from: { path: INFRASTRUCTURE, pathNot: TESTS },
      to: { path: '^src/server/modules/' },
    },
    {
      name: 'nothing-imports-the-root',
      comment: 'app.ts, server-context.ts, main.ts and the operator tools (src/server/tools) assemble the app; nothing below imports them.',
      severity: 'error',
      from: { path: '^src/', pathNot: [ROOT, TESTS] },
      to: { path: ROOT },
    },
    {
      name: 'app-deps-types-only',
      comment: 'app-deps.ts declares what the app hands down: import it for its types only (import type).',
      severity: 'error',
      from: { path: '^src/server/', pathNot: [ROOT, TESTS] },
      to: { path: '^src/server/app-deps\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-is-pure',
      comment: 'src/shared holds rules, schemas and texts for both sides: it never imports the server or the web.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'web-not-server',
      comment: 'The web talks to the server over HTTP; the types both need live in src/shared.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'features-not-features',
      comment: 'A web feature never imports another feature: what two share lives in src/web/components or src/web/lib.',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/', pathNot: TESTS },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/server/db/migrations/|\\.d\\.ts$' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
