import { Hono } from 'hono';
import { upgradeWebSocket } from '@hono/node-server';
import { messages } from '@shared/messages';
import type { AppEnv } from '../http/context';
import type { RealtimeHub } from './hub';
import { errorField, log } from '../ops/logger';

/** The page origins allowed to open a socket: the product's own, plus the configured extra ones. */
export function allowedOriginsOf(publicUrl: string, extra: string | undefined): Set<string> {
  const origins = new Set([new URL(publicUrl).origin]);
  for (const entry of (extra ?? '').split(',')) {
    const value = entry.trim();
    if (value) origins.add(new URL(value).origin);
  }
  return origins;
}

/**
 * GET /api/realtime: the WebSocket. Needs the session cookie (401 without) and a page of an
 * allowed origin (403 for any other, or none: browsers always send Origin on a WebSocket).
 */
export function realtimeRoutes(deps: { hub: RealtimeHub; allowedOrigins: Set<string> }) {
  const { hub, allowedOrigins } = deps;
  return new Hono<AppEnv>().get(
    '/realtime',
    async (c, next) => {
      const origin = c.req.header('origin');
      if (!origin || !allowedOrigins.has(origin)) {
        return c.json({ error: { code: 'forbidden', message: messages.common.forbidden } }, 403);
      }
      if (!c.get('user') || !c.get('session')) {
        return c.json({ error: { code: 'unauthenticated', message: messages.auth.notAuthenticated } }, 401);
      }
      if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
        return c.json({ error: { code: 'bad_request', message: messages.common.invalidRequest } }, 426);
      }
      await next();
    },
    upgradeWebSocket((c) => {
      const user = c.get('user')!;
      const session = c.get('session')!;
      let handlers: Promise<Awaited<ReturnType<RealtimeHub['connect']>> | undefined> | undefined;
      return {
        onOpen(_event, ws) {
          // `raw` is the ws library's socket: its bufferedAmount is what the hub bounds (decision 0475).
          const raw = ws.raw as { bufferedAmount?: number } | undefined;
          const socket = {
            send: (data: string) => ws.send(data),
            close: (code?: number, reason?: string) => ws.close(code, reason),
            get bufferedAmount() {
              return raw?.bufferedAmount ?? 0;
            },
          };
          handlers = hub
            .connect(socket, {
              id: user.id,
              sessionId: session.id,
            })
            .catch((error) => {
              log.error({ err: errorField(error) }, 'realtime connect failed');
              ws.close(1011, 'Unavailable');
              return undefined;
            });
        },
        onMessage(event) {
          const data = typeof event.data === 'string' ? event.data : '';
          void handlers?.then((h) => h?.onMessage(data));
        },
        onClose() {
          void handlers?.then((h) => h?.onClose());
        },
      };
    }),
  );
}
