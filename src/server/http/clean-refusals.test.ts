import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../test/test-app';
import { startTestServer } from '../test/test-server';
import { DRAIN_MAX_BYTES } from './clean-refusals';

/**
 * Issue 27: a refusal answered before the body was read (413, 401, 403, 415) leaves the connection
 * usable: the next request on the SAME socket succeeds, or the answer says Connection: close.
 */
let t: TestApp;
let client: TestUser;
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  t = await createTestApp();
  client = await t.createUser('client');
  server = await startTestServer(t.app);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One socket that sends raw HTTP/1.1 and reads whole answers (Content-Length framed). */
async function openSocket() {
  const socket: Socket = connect(server.port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffer = Buffer.alloc(0);
  let closed = false;
  const waiters: Array<() => void> = [];
  const wake = () => waiters.splice(0).forEach((waiter) => waiter());
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  // The server may close after a Connection: close answer while we still write: that is allowed.
  socket.on('error', () => undefined);

  async function response(): Promise<RawResponse> {
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end >= 0) {
        const [statusLine, ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
        const headers = Object.fromEntries(
          lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
        );
        const length = Number(headers['content-length'] ?? 0);
        if (buffer.length >= end + 4 + length) {
          const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
          buffer = buffer.subarray(end + 4 + length);
          return { status: Number(statusLine.split(' ')[1]), headers, body };
        }
      }
      if (closed) throw new Error('the server closed the connection without a whole answer');
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }
  return {
    socket,
    isClosed: () => closed,
    send: (head: string, body?: Buffer) => {
      socket.write(head);
      if (body) socket.write(body);
    },
    response,
    close: () => socket.destroy(),
  };
}

const post = (path: string, headers: Record<string, string | number>) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${TEST_ORIGIN}\r\n` +
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('') +
  '\r\n';
const getConfig = `GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

describe('refusals before the body is read', () => {
  it('an oversized JSON body is refused with 413, and the next request on the same socket succeeds', async () => {
    const connection = await openSocket();
    const body = Buffer.alloc(3 * 1024 * 1024, 'a');
    connection.send(post('/api/tasks', { Cookie: client.cookie, 'Content-Type': 'application/json', 'Content-Length': body.length }), body);
    const refused = await connection.response();
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body).error.message).toBe(messages.adminOverrides.requestTooLarge);
    expect(refused.headers.connection).toBe('keep-alive');
    connection.send(getConfig);
    expect((await connection.response()).status).toBe(200);
    connection.close();
  });

  it.each([
    ['401 signed out', '/api/tasks', { 'Content-Type': 'application/json' }, 401],
    ['415 wrong content type', '/api/tasks', { 'Content-Type': 'text/plain' }, 415],
    ['403 a client on an admin route', '/api/admin/notifications', { 'Content-Type': 'application/json', Cookie: 'client' }, 403],
  ] as const)('%s: the unread body is drained and the socket serves the next request', async (_name, path, headers, status) => {
    const connection = await openSocket();
    const body = Buffer.from(JSON.stringify({ title: 'x'.repeat(200_000) }));
    const sent = { ...headers, ...('Cookie' in headers ? { Cookie: client.cookie } : {}), 'Content-Length': body.length };
    connection.send(post(path, sent), body);
    expect((await connection.response()).status).toBe(status);
    connection.send(getConfig);
    expect((await connection.response()).status).toBe(200);
    connection.close();
  });

  it('a body too large to drain is answered with Connection: close, and a new connection works', async () => {
    const connection = await openSocket();
    const length = DRAIN_MAX_BYTES + 60 * 1024 * 1024;
    // Only the head and a first part are sent: the answer must not wait for the rest.
    connection.send(post('/api/me/avatar', { Cookie: client.cookie, 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': length }), Buffer.alloc(64 * 1024, 'a'));
    const refused = await connection.response();
    expect(refused.status).toBe(413);
    expect(refused.headers.connection).toBe('close');
    await expect.poll(connection.isClosed).toBe(true);
    const next = await openSocket();
    next.send(getConfig);
    expect((await next.response()).status).toBe(200);
    next.close();
  });
});
