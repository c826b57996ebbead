import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Context } from 'hono';
import { acceptsCoding } from './json-compression';

interface Variant {
  body: Uint8Array;
  etag: string;
  encoding: 'br' | 'gzip' | null;
}

/** Whether an If-None-Match header names this ETag (or `*`), weak or strong alike (RFC 9110's weak comparison). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

/**
 * index.html as the landing page and every client-side route's document, read once with its
 * precompressed copies (the build writes .br and .gz) and their ETags. Served from the files on each
 * request, as before, it cost the server about 0.7-0.8 ms of CPU per request: a stat, an open, a read
 * and a close, the body through a web stream, and a SHA-1 of it for the ETag (docs/performance.md,
 * issue 55). The file changes only with a deploy, which restarts the process. The answers are the
 * same: no-cache with a strong ETag per encoding, 304 when it still matches, brotli, then gzip.
 */
export function indexDocument(webRoot: string) {
  const read = (name: string, encoding: Variant['encoding']): Variant | null => {
    const path = resolve(webRoot, name);
    if (!existsSync(path)) return null;
    const body = readFileSync(path);
    return { body, encoding, etag: `"${createHash('sha1').update(body).digest('hex')}"` };
  };
  const plain = read('index.html', null);
  if (!plain) throw new Error(`index.html is missing from ${webRoot}`);
  const brotli = read('index.html.br', 'br');
  const gzip = read('index.html.gz', 'gzip');

  return (c: Context) => {
    const accepted = c.req.header('accept-encoding');
    const variant = brotli && acceptsCoding(accepted, 'br') ? brotli : gzip && acceptsCoding(accepted, 'gzip') ? gzip : plain;
    c.header('Content-Type', 'text/html; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    c.header('ETag', variant.etag);
    if (brotli || gzip) c.header('Vary', 'Accept-Encoding');
    if (matches(c.req.header('if-none-match'), variant.etag)) return c.body(null, 304);
    if (variant.encoding) c.header('Content-Encoding', variant.encoding);
    return c.body(variant.body as Uint8Array<ArrayBuffer>, 200);
  };
}
