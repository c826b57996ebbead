import type { MiddlewareHandler } from 'hono';
import { announcesBody } from './content-type';

/** A refused body up to this size is read to its end so that the connection stays usable. */
export const DRAIN_MAX_BYTES = 8 * 1024 * 1024;
/** How long a refusal waits for the rest of a body before giving up on the connection. */
export const DRAIN_TIMEOUT_MS = 5_000;

/** What @hono/node-server passes as the environment: the Node request, for whether its body ended. */
interface NodeBindings {
  incoming?: { readableEnded?: boolean };
}

/** Reads a body stream to its end and discards it; false when it is too long, too slow or broken. */
async function drain(body: ReadableStream<Uint8Array>, maxBytes: number, timeoutMs: number): Promise<boolean> {
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const readAll = (async () => {
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      bytes += value.byteLength;
      if (bytes > maxBytes) return false;
    }
  })().catch(() => false);
  try {
    return await Promise.race([readAll, timeout]);
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(() => undefined);
  }
}

/**
 * Refusals before the body is read leave the connection clean (issue 27, docs/decisions/0212): a 413,
 * 401, 403 or 415 answered before a route read its body used to say `Connection: keep-alive` while
 * the server then dropped the socket unread, so a client's next request on that pooled connection
 * failed with a reset. Now an error answer to a request whose body was not read either drains the
 * body first (up to DRAIN_MAX_BYTES, within DRAIN_TIMEOUT_MS: the connection stays open and usable),
 * or says `Connection: close` (Node then ends the socket after the answer, and clients open a new one).
 */
export function cleanRefusals(options: { maxBytes?: number; timeoutMs?: number } = {}): MiddlewareHandler {
  const maxBytes = options.maxBytes ?? DRAIN_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? DRAIN_TIMEOUT_MS;
  const drainAfter: MiddlewareHandler = async (c, next) => {
    await next();
    if (c.res.status < 400 || !announcesBody(c)) return;
    const incoming = (c.env as NodeBindings | undefined)?.incoming;
    // Read to the end by the route (e.g. a JSON body that failed validation): nothing is left over.
    if (incoming?.readableEnded) return;
    const raw = c.req.raw;
    const length = Number(c.req.header('content-length'));
    const small = Number.isFinite(length) && length <= maxBytes;
    if (raw.body && !raw.bodyUsed && small && (await drain(raw.body, maxBytes, timeoutMs))) return;
    // Outside Node (app.request in tests) there is no socket to spoil.
    if (!incoming) return;
    try {
      c.res.headers.set('Connection', 'close');
    } catch {
      // A response with immutable headers (one made by fetch): answer with a copy.
      const copy = new Response(c.res.body, c.res);
      copy.headers.set('Connection', 'close');
      c.res = undefined;
      c.res = copy;
    }
  };
  // GET and HEAD carry no body to drain: they pass on without a promise of this middleware's own (issue 55).
  return (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : drainAfter(c, next));
}
