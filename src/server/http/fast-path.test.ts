import type { AddressInfo } from 'node:net';
import { createHook } from 'node:async_hooks';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask } from '../test/builders';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * @hono/node-server writes a handler's c.json() string straight to the socket unless a middleware
 * reads the body or calls c.header() after the handler; then every answer goes through a real web
 * Response and its streams (issue 24, decision 0385). This serves the whole app over HTTP with an
 * outermost probe that records whether each answer is still the adapter's lightweight object.
 * (The adapter keeps that object's fields under a symbol described "cache"; an adapter upgrade that
 * renames it fails here first: look at its response.ts again before changing the probe.)
 */
const isLightweight = (res: Response) => Object.getOwnPropertySymbols(res).some((s) => s.description === 'cache');

let t: TestApp;
let server: ServerType;
let port: number;
const seen: Array<{ path: string; lightweight: boolean }> = [];

beforeAll(async () => {
  t = await createTestApp();
  const outer = new Hono();
  outer.use('*', async (c, next) => {
    await next();
    seen.push({ path: c.req.path, lightweight: isLightweight(c.res) });
  });
  outer.route('/', t.app);
  server = serve({ fetch: outer.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

function get(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request({ port, host: '127.0.0.1', path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the API over HTTP keeps the adapter fast path', () => {
  it('answers signed-in task details without building a web Response, with every header, gzipped or not', async () => {
    const client = await t.createUser('client');
    const task = await createTask(t.db, { client_id: client.id, description: 'A long description. '.repeat(80) });
    const path = `/api/tasks/${task.id}`;

    const plain = await get(path, { cookie: client.cookie });
    expect(plain.status).toBe(200);
    expect(seen.at(-1)).toEqual({ path, lightweight: true });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toContain('Accept-Encoding');
    expect(plain.headers['x-request-id']).toBeTruthy();
    expect(plain.headers['content-security-policy']).toContain("default-src 'self'");
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(plain.headers['content-length'])).toBe(plain.body.byteLength);

    const zipped = await get(path, { cookie: client.cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.status).toBe(200);
    expect(seen.at(-1)).toEqual({ path, lightweight: true });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toContain('Accept-Encoding');
    expect(zipped.headers['x-frame-options']).toBe('DENY');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.byteLength);
    expect(JSON.parse(gunzipSync(zipped.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });
});

/**
 * Issue 55: Hono's compose spends an async dispatch per middleware (two promises, with Node 20's
 * async hooks on), and each promise runs the AsyncLocalStorage hooks. The guards only a write
 * concerns are registered for the write methods, and the rest run in three groups (inSequence): a
 * cached signed-in read went from 55 promises to 23 in the API bench's server. This counts them
 * around sequential reads of the whole app over HTTP, the client's included, and fails if the read
 * grows back towards the old pipeline.
 */
describe('the signed-in read path', () => {
  it('makes a bounded number of promises per cached task-details read', async () => {
    const client = await t.createUser('client');
    const task = await createTask(t.db, { client_id: client.id });
    const path = `/api/tasks/${task.id}`;
    for (let i = 0; i < 5; i++) expect((await get(path, { cookie: client.cookie })).status).toBe(200);
    let promises = 0;
    const hook = createHook({
      init(_id, type) {
        if (type === 'PROMISE') promises++;
      },
    });
    const reads = 20;
    hook.enable();
    try {
      for (let i = 0; i < reads; i++) await get(path, { cookie: client.cookie });
    } finally {
      hook.disable();
    }
    // 117 per read before the change, 45 after (the test server's and the client's own included).
    expect(promises / reads).toBeLessThanOrEqual(60);
  });
});
