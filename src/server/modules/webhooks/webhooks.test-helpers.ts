import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookEndpointWithSecretDto } from '@shared/schemas/webhooks.schemas';
import type { TestApp, TestUser } from '../../test/test-app';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; created_at: string; data: { object: Record<string, unknown> | null } };
}

/**
 * A receiver on 127.0.0.1 as a business would run one: it records each POST and answers with the
 * next status of `answers` (200 once they run out).
 */
export async function startReceiver() {
  const received: ReceivedWebhook[] = [];
  const answers: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body, json: JSON.parse(body) as ReceivedWebhook['json'] });
      const status = answers.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : `receiver says ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** The statuses of the next answers, in order. */
    answer: (...statuses: number[]) => answers.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The receiver's check, as docs/api.md shows it: any v1 of the header matches one of the secrets. */
export function verifySignature(header: string, body: string, secret: string): boolean {
  const parts = header.split(',');
  const t = parts.find((part) => part.startsWith('t='))?.slice(2);
  if (!t) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return parts
    .filter((part) => part.startsWith('v1='))
    .some((part) => {
      const given = Buffer.from(part.slice(3), 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

export async function createEndpoint(t: TestApp, user: TestUser, body: Record<string, unknown>): Promise<WebhookEndpointWithSecretDto> {
  const response = await t.request('POST', '/api/me/webhook-endpoints', { cookie: user.cookie, body });
  if (response.status !== 201) throw new Error(`endpoint not created: ${response.status} ${await response.text()}`);
  return t.json<WebhookEndpointWithSecretDto>(response);
}

/**
 * Runs every job that is due until none is left. The triggers date their jobs by the database's
 * clock, so the test clock is first brought to real time (it never goes back).
 */
export async function drainJobs(t: TestApp) {
  const real = Date.now();
  if (t.clock.now().getTime() < real) t.clock.set(new Date(real + 1000));
  for (let pass = 0; pass < 20; pass++) {
    if ((await t.context.jobs.runDue()) === 0) return;
  }
}
