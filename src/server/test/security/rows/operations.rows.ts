import { createJob } from '../../builders';
import { everyone, type MatrixRow } from '../matrix';
import { adminOnly, x } from './row-builders';

/**
 * The probes (issue 21): public, no session needed or read. The matrix's app does not start its job
 * runner by itself, so the row starts it (ops/health.test.ts covers each 503). /metrics exists only
 * with METRICS_TOKEN set; ops/metrics.test.ts covers its token check.
 */
export const operationsRows: MatrixRow[] = [
  { route: 'GET /healthz', cases: [{ name: 'public liveness', expect: everyone(200) }] },
  // Issue 21: the API description is public (it holds no data); the reference page exists outside production only.
  { route: 'GET /api/openapi.json', cases: [{ name: 'public API description', expect: everyone(200) }] },
  {
    route: 'GET /api/reference',
    cases: [{ name: 'public reference page (development)', expect: everyone(200) }],
  },
  // Issue 21: the admin System tab; a fresh failed job per caller, so the admin's retry always finds one.
  {
    route: 'GET /api/admin/system',
    cases: [{ name: 'queue, failures and versions', expect: adminOnly(200) }],
  },
  {
    route: 'POST /api/admin/system/jobs/:id/retry',
    cases: [
      {
        name: 'a failed job',
        arrange: async (world) => ({ params: { id: (await createJob(world.t.db, { failed: true })).id } }),
        expect: adminOnly(200),
      },
      {
        name: 'a job that does not exist',
        arrange: () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }),
        expect: x(401, 403, 403, 403, 403, 403, 404),
      },
    ],
  },
  // Issue 25: crawlers' rules, public and the same for everyone.
  { route: 'GET /robots.txt', cases: [{ name: 'public crawler rules', expect: everyone(200) }] },
  {
    route: 'GET /readyz',
    cases: [
      {
        name: 'public readiness',
        arrange: (world) => {
          world.t.context.jobs.start();
          return {};
        },
        expect: everyone(200),
      },
    ],
  },
];
