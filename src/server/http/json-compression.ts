import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { unwrittenNodeResponse } from './node-response';

const gzipAsync = promisify(gzip);

/** Below this many bytes gzip saves less than it costs (its own header, a thread-pool hop). */
export const COMPRESS_MIN_BYTES = 1024;

const JSON_TYPE = /^application\/json/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** Whether an Accept-Encoding header admits a coding: named with q > 0, or `*` with q > 0 and the coding not refused. */
export function acceptsCoding(header: string | undefined, wanted: 'gzip' | 'br'): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding !== wanted && coding !== '*') continue;
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const admitted = q === undefined || Number(q) > 0;
    if (coding === wanted) return admitted;
    wildcard = admitted;
  }
  return wildcard;
}

export const acceptsGzip = (header: string | undefined): boolean => acceptsCoding(header, 'gzip');

/**
 * gzip for the API's JSON answers (task lists, admin tables, conversations shrink four- to tenfold).
 * Only application/json: the event stream and the WebSocket upgrade must flush as they go, user files
 * (images, PDFs) are compressed already and are served with their own headers, and the static web
 * files ship precompressed. A route that compressed its own answer (map locations) is left alone.
 *
 * Written for @hono/node-server's fast path (issue 24, docs/performance.md): Hono's compress()
 * set `Vary` with c.header() after the handler, which turns every JSON answer into a real web
 * Response whose body is then read back through streams, for every client. Here the headers are
 * changed on c.res.headers (the lightweight response keeps its string body), the body is read only
 * when the client accepts gzip, a body under COMPRESS_MIN_BYTES is sent as it is, and a larger one
 * is gzipped in one call on the thread pool rather than through a CompressionStream.
 */
export function jsonCompression(options: { minBytes?: number } = {}): MiddlewareHandler {
  const minBytes = options.minBytes ?? COMPRESS_MIN_BYTES;
  return async (c, next) => {
    const wantsGzip = acceptsGzip(c.req.header('accept-encoding'));
    const outgoing = unwrittenNodeResponse(c);
    if (outgoing && !wantsGzip) {
      // Nothing will be compressed for this client: its answer only says that another client's may
      // be, set on Node's response before the handler (node-response.ts) instead of read and
      // rewritten after it. No API route sets a Vary of its own but Accept-Encoding (which it keeps).
      outgoing.setHeader('Vary', 'Accept-Encoding');
      return next();
    }
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304) return;
    const headers = res.headers;
    if (!JSON_TYPE.test(headers.get('content-type') ?? '')) return;
    if (headers.has('content-encoding') || headers.has('transfer-encoding')) return;
    // The same URL may answer gzipped or not: shared caches must key on Accept-Encoding, for both.
    const vary = headers.get('vary');
    if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) {
      headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    if (!wantsGzip || NO_TRANSFORM.test(headers.get('cache-control') ?? '')) return;
    const length = headers.get('content-length');
    if (length && Number(length) < minBytes) return;
    const body = new Uint8Array(await res.arrayBuffer());
    // Cleared first, so that Hono's setter does not copy the old answer through another Response.
    c.res = undefined;
    if (body.byteLength < minBytes) {
      c.res = new Response(body, { status: res.status, headers });
      return;
    }
    const zipped = await gzipAsync(body);
    headers.delete('content-length');
    headers.set('Content-Encoding', 'gzip');
    const etag = headers.get('etag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    c.res = new Response(new Uint8Array(zipped.buffer, zipped.byteOffset, zipped.byteLength), { status: res.status, headers });
  };
}
