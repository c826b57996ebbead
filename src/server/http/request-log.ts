import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { trace } from '@opentelemetry/api';
import { routePath } from 'hono/route';
import type { AppEnv } from './context';
import { unwrittenNodeResponse } from './node-response';
import { requestContext, requestLineLog, type RequestLogContext } from '../ops/logger';
import type { Metrics } from '../ops/metrics';
import type { WebhookFailureLog } from '../ops/webhook-failures';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A proxy's id is kept only when it looks like one: short, printable, no spaces (log injection). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Provider webhooks: their outcomes are counted apart (a rejected signature, a handler error). */
const isWebhook = (path: string) => path.startsWith('/api/webhooks/') || path === '/api/payment-webhooks';

/** Probes and scrapes would drown the request lines: counted, not logged. */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * First middleware of the app (docs/decisions/0161): a request id (a trusted proxy's X-Request-Id,
 * else a new one) on every log line logged while the request runs and in the response header; one
 * line per request with method, route pattern, status, duration, statements sent and user id; the
 * request metrics.
 * Never the query string, body, headers or cookies: they may carry tokens and codes.
 */
export function requestLogging(options: {
  isTrustedPeer: (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => boolean;
  metrics: Metrics;
  webhookFailures?: WebhookFailureLog;
}): MiddlewareHandler<AppEnv> {
  const { metrics } = options;
  /** After the answer: the metrics, the span's name and the request's line. */
  const answered = (c: Context<AppEnv>, started: number, context: RequestLogContext) => {
    const status = c.res.status;
    // After next(), the route index is the handler that answered: its pattern, never the raw path.
    const route = routePath(c) || 'unmatched';
    const seconds = (performance.now() - started) / 1000;
    metrics.observeRequest({ method: c.req.method, route, status }, seconds);
    // With tracing on (ops/tracing.ts), the request's span is named by its route pattern like the metrics.
    trace.getActiveSpan()?.setAttribute('http.route', route).updateName(`${c.req.method} ${route}`);
    if (isWebhook(c.req.path)) {
      metrics.webhook({ route, outcome: status < 300 ? 'ok' : status < 500 ? 'rejected' : 'error' });
      if (status >= 400) options.webhookFailures?.record({ route, status, at: new Date() });
    }
    const lineLog = requestLineLog();
    if (QUIET_PATHS.has(c.req.path) || !lineLog.isLevelEnabled('info')) return;
    const user = c.get('user');
    const line = {
      reqId: context.reqId,
      // The route pattern, never the path: a path may carry a token (/api/auth/reset-password/<token>).
      req: { method: c.req.method, route },
      res: { status },
      ms: Math.round(seconds * 10_000) / 10,
      // Statements sent while answering, the request's own only (jobs it queued run outside it).
      queries: context.queries,
      userId: user?.id ?? null,
    };
    if (status >= 500) lineLog.error(line, 'request failed');
    else lineLog.info(line, 'request');
  };
  // Not async: one promise (the `then`) per request rather than an async function's and its await's.
  return (c, next) => {
    const started = performance.now();
    const offered = c.req.header(REQUEST_ID_HEADER);
    const reqId =
      offered && SAFE_REQUEST_ID.test(offered) && options.isTrustedPeer(c) ? offered : randomUUID();
    // Straight onto Node's response when served over HTTP: see node-response.ts.
    const outgoing = unwrittenNodeResponse(c);
    if (outgoing) outgoing.setHeader('X-Request-Id', reqId);
    else c.header('X-Request-Id', reqId);
    const context: RequestLogContext = { reqId, queries: 0 };
    // A failure that reached this far (Hono answers a route's error where it was thrown) passes on unlogged.
    return requestContext.run(context, next).then(() => answered(c, started, context));
  };
}
