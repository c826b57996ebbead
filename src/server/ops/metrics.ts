import type { Registry } from 'prom-client';

/** Sampled when scraped: values that live elsewhere (the jobs table, the pool, the hub). */
export interface MetricsSources {
  /** Open realtime sockets. */
  webSocketConnections(): number;
  /** Pool connections: total, idle and clients waiting (PostgreSQL); PGlite has one connection. */
  pool(): { total: number; idle: number; waiting: number };
  /** Due jobs not done, the age in seconds of the oldest, and jobs that ran out of attempts. */
  jobs(): Promise<{ due: number; oldestDueAgeSeconds: number; failed: number; failing: number }>;
}

/**
 * The counters the server feeds. Off by default: every method is a no-op and prom-client is never
 * loaded; with METRICS_TOKEN or METRICS_PORT set the real registry is built (docs/decisions/0162).
 */
export interface Metrics {
  readonly enabled: boolean;
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
  webhook(labels: { route: string; outcome: 'ok' | 'rejected' | 'error' }): void;
  delivery(labels: { channel: 'email' | 'push' | 'sms'; outcome: 'sent' | 'failed' }): void;
  jobRun(labels: { kind: string; outcome: 'done' | 'failed' }): void;
  /** One difference the payment reconciler found between the ledger and the provider (decision 0440). */
  paymentDrift(labels: { kind: string; outcome: 'repaired' | 'unresolved' }): void;
  /** The Prometheus text exposition and its content type. */
  scrape(): Promise<{ body: string; contentType: string }>;
}

export const noMetrics: Metrics = {
  enabled: false,
  observeRequest: () => undefined,
  webhook: () => undefined,
  delivery: () => undefined,
  jobRun: () => undefined,
  paymentDrift: () => undefined,
  scrape: async () => ({ body: '', contentType: 'text/plain' }),
};

/** Status classes keep the label set small; routes are Hono's patterns (/api/tasks/:id), never raw paths. */
const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

export async function createMetrics(sources: MetricsSources): Promise<Metrics> {
  const client = await import('prom-client');
  const registry: Registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });

  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method and route pattern.',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const webhooks = new client.Counter({
    name: 'webhooks_total',
    help: 'Provider webhooks received, by route and outcome.',
    labelNames: ['route', 'outcome'],
    registers: [registry],
  });
  const deliveries = new client.Counter({
    name: 'deliveries_total',
    help: 'Emails, pushes and text messages handed to their provider, by channel and outcome.',
    labelNames: ['channel', 'outcome'],
    registers: [registry],
  });
  const jobRuns = new client.Counter({
    name: 'jobs_runs_total',
    help: 'Job runs by kind and outcome.',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  const paymentDrift = new client.Counter({
    name: 'payment_drift_total',
    help: 'Differences between the ledger and the payment provider found by the reconciler, by kind and outcome.',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  new client.Gauge({
    name: 'websocket_connections',
    help: 'Open realtime WebSocket connections.',
    registers: [registry],
    collect() {
      this.set(sources.webSocketConnections());
    },
  });
  new client.Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = sources.pool();
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  // One query per scrape feeds the four job gauges.
  let jobsSample: Promise<Awaited<ReturnType<MetricsSources['jobs']>>> | null = null;
  const sampleJobs = () => (jobsSample ??= sources.jobs().finally(() => setTimeout(() => (jobsSample = null), 0)));
  const jobGauge = (name: string, help: string, pick: (sample: Awaited<ReturnType<MetricsSources['jobs']>>) => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(pick(await sampleJobs()));
      },
    });
  jobGauge('jobs_queue_depth', 'Jobs due now and not done.', (sample) => sample.due);
  jobGauge('jobs_oldest_due_age_seconds', 'Age of the oldest due job, in seconds.', (sample) => sample.oldestDueAgeSeconds);
  jobGauge('jobs_failed', 'Jobs that used all their attempts without succeeding.', (sample) => sample.failed);
  jobGauge('jobs_failing', 'Jobs whose last attempt failed and that will be retried.', (sample) => sample.failing);

  return {
    enabled: true,
    observeRequest(labels, seconds) {
      requests.inc({ method: labels.method, route: labels.route, status: statusClass(labels.status) });
      latency.observe({ method: labels.method, route: labels.route }, seconds);
    },
    webhook: (labels) => webhooks.inc(labels),
    delivery: (labels) => deliveries.inc(labels),
    jobRun: (labels) => jobRuns.inc(labels),
    paymentDrift: (labels) => paymentDrift.inc(labels),
    async scrape() {
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}
