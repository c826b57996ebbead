import { promisify } from 'node:util';
import { constants, gzip, gzipSync, type ZlibOptions } from 'node:zlib';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { unwrittenNodeResponse } from './node-response';

const gzipAsync = promisify(gzip);

/** Below this many bytes gzip saves less than it costs (its own header, the work). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Up to this many bytes an answer is gzipped on the event loop: at the fastest level that is about
 * 30 µs for a 12 KB chat, where the thread pool's hop alone cost about 200 µs of CPU (issue 55,
 * docs/performance.md). Larger answers (admin tables, exports) still go to the thread pool.
 */
export const COMPRESS_SYNC_MAX_BYTES = 128 * 1024;

/**
 * The fastest level, as nginx's default (gzip_comp_level 1): a third of level 6's work for JSON,
 * and about a tenth larger (1,406 against 1,247 bytes for a 12 KB chat).
 */
const GZIP_OPTIONS: ZlibOptions = { level: constants.Z_BEST_SPEED };

const JSON_TYPE = /^application\/json/i;
const HTML_TYPE = /^text\/html/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * The text of an answer not yet turned into a web Response: @hono/node-server's lightweight
 * Response keeps `[status, body, headers]` under a symbol of its own until something reads its body,
 * and reading it (arrayBuffer) builds the real Response and pipes the text through a web stream,
 * about 100 µs a request here. Undefined for any other answer (a real Response, a stream, bytes, or
 * a later adapter without that record): the caller then reads the body as before.
 */
export function unreadTextBody(response: Response): string | undefined {
  for (const key of Object.getOwnPropertySymbols(response)) {
    if (key.description !== 'cache') continue;
    const record = (response as unknown as Record<symbol, unknown>)[key];
    if (Array.isArray(record) && typeof record[1] === 'string') return record[1];
  }
  return undefined;
}

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
 * changed on c.res.headers (the lightweight response keeps its string body), the body's text is
 * taken as it is (unreadTextBody) when the client accepts gzip, a body under COMPRESS_MIN_BYTES is
 * sent untouched, and a larger one is gzipped in one call at the fastest level: on the event loop up
 * to COMPRESS_SYNC_MAX_BYTES, on the thread pool above.
 */
export function jsonCompression(options: { minBytes?: number } = {}): MiddlewareHandler {
  return compressAnswers(JSON_TYPE, options.minBytes ?? COMPRESS_MIN_BYTES);
}

/**
 * The same for the HTML documents made per request (a client's dashboard, a task, the admin
 * overview, an expert's profile): 5 to 8 KB each with their first screen and reads, which went out
 * uncompressed to every browser. index.html and the built files ship precompressed instead.
 */
export function documentCompression(options: { minBytes?: number } = {}): MiddlewareHandler {
  return compressAnswers(HTML_TYPE, options.minBytes ?? COMPRESS_MIN_BYTES);
}

function compressAnswers(contentType: RegExp, minBytes: number): MiddlewareHandler {
  const compressAfter: (c: Context, next: Next, wantsGzip: boolean) => Promise<void> = async (c, next, wantsGzip) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304) return;
    const headers = res.headers;
    if (!contentType.test(headers.get('content-type') ?? '')) return;
    if (headers.has('content-encoding') || headers.has('transfer-encoding')) return;
    // The same URL may answer gzipped or not: shared caches must key on Accept-Encoding, for both.
    const vary = headers.get('vary');
    if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) {
      headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    if (!wantsGzip || NO_TRANSFORM.test(headers.get('cache-control') ?? '')) return;
    const length = headers.get('content-length');
    if (length && Number(length) < minBytes) return;
    const text = unreadTextBody(res);
    let body: string | Uint8Array;
    if (text !== undefined) {
      // UTF-8 takes at most three bytes a character: only a text near the bound needs its bytes counted.
      if (text.length * 3 < minBytes || (text.length < minBytes && Buffer.byteLength(text) < minBytes)) return;
      body = text;
    } else {
      const bytes = new Uint8Array(await res.arrayBuffer());
      // Cleared first, so that Hono's setter does not copy the old answer through another Response.
      c.res = undefined;
      if (bytes.byteLength < minBytes) {
        c.res = new Response(bytes, { status: res.status, headers });
        return;
      }
      body = bytes;
    }
    const size = typeof body === 'string' ? body.length : body.byteLength;
    const zipped = size <= COMPRESS_SYNC_MAX_BYTES ? gzipSync(body, GZIP_OPTIONS) : await gzipAsync(body, GZIP_OPTIONS);
    headers.delete('content-length');
    headers.set('Content-Encoding', 'gzip');
    const etag = headers.get('etag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    c.res = undefined;
    c.res = new Response(new Uint8Array(zipped.buffer, zipped.byteOffset, zipped.byteLength), { status: res.status, headers });
  };
  // Not async itself: a client that takes no gzip passes on without a promise of this middleware's own.
  return (c, next) => {
    const wantsGzip = acceptsGzip(c.req.header('accept-encoding'));
    const outgoing = unwrittenNodeResponse(c);
    if (outgoing && !wantsGzip) {
      // Nothing will be compressed for this client: its answer only says that another client's may
      // be, set on Node's response before the handler (node-response.ts) instead of read and
      // rewritten after it. No API route or document sets a Vary of its own but Accept-Encoding (which
      // it keeps).
      outgoing.setHeader('Vary', 'Accept-Encoding');
      return next();
    }
    return compressAfter(c, next, wantsGzip);
  };
}
