import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { Metrics } from './metrics';
import type { Readiness } from './health';

/** Constant-time comparison, so the token cannot be guessed a character at a time. */
function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The Prometheus exposition; served behind METRICS_TOKEN here, or alone on METRICS_PORT (main.ts). */
export function metricsHandler(metrics: Metrics, token: string | undefined) {
  return async (c: import('hono').Context) => {
    if (token) {
      const header = c.req.header('authorization') ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!sameToken(given, token)) return c.json({ error: { code: 'unauthenticated', message: 'A valid metrics token is required.' } }, 401);
    }
    const { body, contentType } = await metrics.scrape();
    return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  };
}

/**
 * Probes for the load balancer and the orchestrator (docs/decisions/0160): /healthz says the process
 * answers (restart it when it does not); /readyz says whether it should get traffic.
 */
export function opsRoutes(deps: { readiness?: Readiness; metrics: Metrics; metricsToken?: string }) {
  const app = new Hono();
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  app.get('/readyz', async (c) => {
    if (!deps.readiness) return c.json({ status: 'ready', checks: {} }, 200, { 'Cache-Control': 'no-store' });
    const result = await deps.readiness();
    return c.json(result, result.status === 'ready' ? 200 : 503, { 'Cache-Control': 'no-store' });
  });
  // Behind a token on the public port; without one, only on the separate METRICS_PORT.
  if (deps.metrics.enabled && deps.metricsToken) app.get('/metrics', metricsHandler(deps.metrics, deps.metricsToken));
  return app;
}

/** The app served on METRICS_PORT: /metrics and nothing else. */
export function metricsOnlyApp(metrics: Metrics, token: string | undefined) {
  const app = new Hono();
  app.get('/metrics', metricsHandler(metrics, token));
  return app;
}
