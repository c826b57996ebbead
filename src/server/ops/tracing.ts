import { createRequire } from 'node:module';
import { API_VERSION } from './version';

/**
 * OpenTelemetry tracing (issue 21), configured by the standard OTEL_* variables and off by default.
 * Off unless OTEL_TRACES_EXPORTER names an exporter (otlp, console) or an OTLP endpoint is given, and
 * never with OTEL_SDK_DISABLED=true. The SDK is imported only then, so the embedded default loads none of it.
 */
export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = exportersOf(env);
  if (exporters.length > 0) return exporters.some((name) => name !== 'none');
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

function exportersOf(env: NodeJS.ProcessEnv): string[] {
  return (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
}

/** Probes and scrapes every few seconds would drown the request spans. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export interface Tracing {
  /** Sends the spans still buffered; called on shutdown. */
  shutdown(): Promise<void>;
}

/**
 * Starts the tracer provider with the http (incoming and outgoing) and pg instrumentations. The exporter,
 * sampler, batch and resource settings are the SDK's own readings of OTEL_EXPORTER_OTLP_*, OTEL_TRACES_SAMPLER*,
 * OTEL_BSP_*, OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES.
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<Tracing> {
  const [
    sdk,
    { OTLPTraceExporter },
    resources,
    { registerInstrumentations },
    { HttpInstrumentation },
    { PgInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const exporters = exportersOf(env);
  const spanProcessors = (exporters.length > 0 ? exporters : ['otlp'])
    .filter((name) => name === 'otlp' || name === 'console')
    .map((name) =>
      name === 'console'
        ? new sdk.SimpleSpanProcessor(new sdk.ConsoleSpanExporter())
        : new sdk.BatchSpanProcessor(new OTLPTraceExporter()),
    );
  const resource = resources
    .resourceFromAttributes({ 'service.name': 'marketplace-api', 'service.version': API_VERSION })
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const provider = new sdk.NodeTracerProvider({ resource, spanProcessors });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has(request.url?.split('?')[0] ?? ''),
      }),
      new PgInstrumentation(),
    ],
  });
  // The server is an ES module bundle whose imports ran before this: requiring the modules now lets the
  // instrumentations patch the prototypes those imports share (http.Server's emit, pg's Client.query).
  const require = createRequire(import.meta.url);
  for (const name of ['node:http', 'node:https', 'pg']) {
    try {
      require(name);
    } catch {
      // pg is absent only in trimmed installs; PGlite queries then go untraced, as they always do.
    }
  }
  return { shutdown: () => provider.shutdown() };
}
