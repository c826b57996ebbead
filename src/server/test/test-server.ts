import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import WebSocket, { WebSocketServer } from 'ws';
import type { ServerFrame } from '@shared/realtime';
import { REALTIME_PATH } from '@shared/realtime';
import type { App } from '../app';

/** Serves an app on a free loopback port with the realtime WebSocket, as main.ts does. */
export async function startTestServer(app: App): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const wss = new WebSocketServer({ noServer: true });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', websocket: { server: wss } }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            for (const client of wss.clients) client.terminate();
            server.close(() => done());
          }),
      });
    });
  });
}

/** A test socket that records every frame and can wait for one. */
export interface TestSocket {
  ws: WebSocket;
  frames: ServerFrame[];
  send(frame: unknown): void;
  subscribe(topic: string): Promise<ServerFrame>;
  waitFor(match: (frame: ServerFrame) => boolean, timeoutMs?: number): Promise<ServerFrame>;
  close(): void;
}

export async function openTestSocket(
  baseUrl: string,
  options: { cookie?: string; origin?: string },
): Promise<TestSocket> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${REALTIME_PATH}`, { headers });
  const frames: ServerFrame[] = [];
  const waiters = new Set<{ match: (frame: ServerFrame) => boolean; resolve: (frame: ServerFrame) => void }>();
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as ServerFrame;
    frames.push(frame);
    for (const waiter of waiters) {
      if (waiter.match(frame)) {
        waiters.delete(waiter);
        waiter.resolve(frame);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const waitFor = (match: (frame: ServerFrame) => boolean, timeoutMs = 5_000) => {
    const seen = frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<ServerFrame>((resolve, reject) => {
      const waiter = { match, resolve };
      waiters.add(waiter);
      setTimeout(() => {
        if (waiters.delete(waiter)) reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
      }, timeoutMs).unref();
    });
  };
  return {
    ws,
    frames,
    send: (frame) => ws.send(JSON.stringify(frame)),
    subscribe(topic) {
      ws.send(JSON.stringify({ type: 'subscribe', topic }));
      return waitFor((frame) => (frame.type === 'subscribed' || frame.type === 'error') && 'topic' in frame && frame.topic === topic);
    },
    waitFor,
    close: () => ws.close(),
  };
}

/** The HTTP status a refused upgrade answers with. */
export function upgradeStatus(baseUrl: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${REALTIME_PATH}`, { headers });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', reject);
  });
}
