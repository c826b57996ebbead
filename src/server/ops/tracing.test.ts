import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDataDirOf } from '../db/prebuilt';
import { prefillPgliteDataDir } from '../test/test-db';
import { tracingEnabled } from './tracing';
import { EMBEDDED_PRODUCTION_ENV } from '../test/production-env';
import { serverProcessArgs } from '../test/server-process';

describe('tracingEnabled', () => {
  it('is off by default and on when the standard variables ask for it', () => {
    expect(tracingEnabled({})).toBe(false);
    expect(tracingEnabled({ OTEL_SERVICE_NAME: 'api' })).toBe(false);
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(
      true,
    );
    expect(tracingEnabled({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
    expect(tracingEnabled({ OTEL_TRACES_EXPORTER: 'console' })).toBe(true);
    expect(
      tracingEnabled({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }),
    ).toBe(false);
    expect(tracingEnabled({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' })).toBe(false);
  });
});

interface OtlpSpan {
  name: string;
  attributes: { key: string; value: { stringValue?: string } }[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

/** The server as a process with OTEL_* set, exporting to an OTLP/HTTP stand-in on loopback. */
describe('OpenTelemetry tracing, on through OTEL_* variables', () => {
  let collector: Server;
  const exports: OtlpExport[] = [];
  let dataRoot: string;
  let child: ChildProcess;
  let port = 0;
  const output: string[] = [];

  beforeAll(async () => {
    collector = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.url === '/v1/traces')
          exports.push(JSON.parse(Buffer.concat(chunks).toString()) as OtlpExport);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const collectorPort = (collector.address() as AddressInfo).port;

    dataRoot = mkdtempSync(join(tmpdir(), 'tracing-'));
    await prefillPgliteDataDir(pgliteDataDirOf({ DATA_DIR: join(dataRoot, 'data') }));
    child = spawn(process.execPath, serverProcessArgs(), {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        ...EMBEDDED_PRODUCTION_ENV,
        AUTH_SECRET: 'a-secret-for-the-tracing-test-0123456789',
        PUBLIC_URL: 'http://localhost',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: join(dataRoot, 'data'),
        LOG_LEVEL: 'info',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
        OTEL_SERVICE_NAME: 'tracing-test',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    port = await new Promise<number>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /"port":(\d+)[^\n]*"msg":"listening"/.exec(output.join(''));
        if (match) {
          clearInterval(timer);
          resolve(Number(match[1]));
        }
      }, 100);
      child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output.join('')}`)));
    });
  }, 120_000);

  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await new Promise((resolve) => collector.close(resolve));
    rmSync(dataRoot, { recursive: true, force: true });
  });

  const spans = () =>
    exports.flatMap((batch) =>
      batch.resourceSpans.flatMap((resourceSpans) =>
        resourceSpans.scopeSpans.flatMap((scope) =>
          scope.spans.map((span) => ({ span, resource: resourceSpans.resource })),
        ),
      ),
    );
  const attribute = (list: OtlpSpan['attributes'], key: string) =>
    list.find((entry) => entry.key === key)?.value.stringValue;

  it('exports a span named by its route for a request, under OTEL_SERVICE_NAME, and none for the probes', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/config`)).status).toBe(200);
    // The batch processor sends within OTEL_BSP_SCHEDULE_DELAY; SIGTERM flushes whatever is left.
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));

    const found = spans().find(({ span }) => span.name === 'GET /api/config');
    expect(
      found,
      `spans: ${spans()
        .map(({ span }) => span.name)
        .join(', ')}\n${output.join('')}`,
    ).toBeDefined();
    expect(attribute(found!.span.attributes, 'http.route')).toBe('/api/config');
    expect(attribute(found!.resource.attributes, 'service.name')).toBe('tracing-test');
    expect(
      spans().some(
        ({ span }) =>
          attribute(span.attributes, 'http.route') === '/healthz' || span.name.includes('healthz'),
      ),
    ).toBe(false);
  }, 60_000);
});
