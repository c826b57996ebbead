import { everyone, type MatrixRow } from '../matrix';

/**
 * The probes (issue 21): public, no session needed or read. The matrix's app never starts its job
 * runner, so /readyz truthfully answers 503 there (its own tests cover the 200). /metrics exists only
 * with METRICS_TOKEN set; ops/metrics.test.ts covers its token check.
 */
export const operationsRows: MatrixRow[] = [
  { route: 'GET /healthz', cases: [{ name: 'public liveness', expect: everyone(200) }] },
  { route: 'GET /readyz', cases: [{ name: 'public readiness (job runner not started)', expect: everyone(503) }] },
];
