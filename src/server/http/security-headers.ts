import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { Hono, type Context, type MiddlewareHandler, type Next } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { LANDING_SHELL_SCRIPT } from '@shared/landing-shell';
import type { Env } from '../env';
import { s3UploadOrigins } from '../providers/storage/s3-adapter';
import { unwrittenNodeResponse } from './node-response';

/** The payment provider's browser script, frames and API (Stripe.js and its 3-D Secure frames). */
const PAYMENT_PROVIDER = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** index.html's one inline script, allowed by its hash rather than by 'unsafe-inline'. */
const LANDING_SHELL_SCRIPT_HASH = `'sha256-${createHash('sha256').update(LANDING_SHELL_SCRIPT).digest('base64')}'`;

/**
 * The origin of a tile URL template such as https://{s}.tile.example.org/{z}/{x}/{y}.png; a `{s}`
 * subdomain placeholder becomes a CSP wildcard. Null when the template is not an http(s) URL.
 */
export function tileSourceOf(template: string | undefined): string | null {
  if (!template) return null;
  const withWildcard = template.replace(/\{s\}/g, 'subdomain-placeholder');
  if (!URL.canParse(withWildcard)) return null;
  const url = new URL(withWildcard);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return url.origin.replace('subdomain-placeholder', '*');
}

/** ws: or wss: of the product's own origin, for the realtime socket at /api/realtime. */
export function ownSocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/**
 * The headers of every response (docs/decisions/0064), from Hono's maintained secureHeaders: a CSP
 * that fits the built SPA (own scripts only, inline styles for Radix/Tailwind style attributes),
 * Stripe's script and frames, the configured map tiles and the own WebSocket; no framing; a referrer
 * that never leaves the path to other sites; HSTS in production. `overwrite: false` keeps the
 * stricter headers a handler set itself (user files, see user-file.ts).
 */
export function securityHeaders(options: { env: Env; publicUrl: string }): MiddlewareHandler {
  const everyResponse = documentHeaders(options);
  const headerList = headersSetBy(everyResponse);
  // Read once at start-up; until then (the first requests of a test app) each request waits for it.
  let resolved: Array<[string, string]> | undefined;
  void headerList.then((list) => (resolved = list));
  const onNodeResponse = async (c: Context, next: Next, outgoing: ServerResponse) => {
    for (const [name, value] of resolved ?? (await headerList)) outgoing.setHeader(name, value);
    await next();
    if (isBuiltScriptOrStyle(c.req.path, c.res)) for (const name of DOCUMENT_ONLY_HEADERS) outgoing.removeHeader(name);
  };
  const throughHono = async (c: Context, next: Next) => {
    await everyResponse(c, next);
    if (isBuiltScriptOrStyle(c.req.path, c.res)) {
      for (const name of DOCUMENT_ONLY_HEADERS) c.res.headers.delete(name);
    }
  };
  return (c, next) => {
    // Served over HTTP: the same headers go straight onto Node's response, before the handler, so
    // a handler's own value still wins (node-response.ts); nothing is converted per answer.
    const outgoing = unwrittenNodeResponse(c);
    if (outgoing) {
      if (!resolved || c.req.path.startsWith('/assets/')) return onNodeResponse(c, next, outgoing);
      // Not a built file: nothing to take off after the handler, so no promise of this middleware's own.
      for (const [name, value] of resolved) outgoing.setHeader(name, value);
      return next();
    }
    return throughHono(c, next);
  };
}

/**
 * The headers Hono's secureHeaders middleware sets, read once by running it on an empty answer: the
 * fast path above writes exactly what the maintained middleware would.
 */
function headersSetBy(middleware: MiddlewareHandler): Promise<Array<[string, string]>> {
  const probe = new Hono();
  probe.use(middleware);
  probe.get('*', (c) => c.body(null, 204));
  return Promise.resolve(probe.request('http://probe.invalid/')).then((response) => [...response.headers]);
}

/**
 * Headers that only a document (or an SVG, or a worker) acts on. A built script or stylesheet is
 * never one: nosniff keeps it from being read as anything else, and opened directly it shows as
 * text. Dropping them there saves about 900 bytes per file, some 20 KB on the landing page's first
 * load (issue 12's 150 KB budget; decision 0108). The hashed JS and CSS under /assets keep
 * X-Content-Type-Options, Cross-Origin-Resource-Policy, Referrer-Policy (a stylesheet's url()
 * requests follow its own) and HSTS.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'X-Frame-Options',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
] as const;

/** A successful JavaScript or CSS answer under /assets/ (the web build's hashed files); never a fallback page. */
function isBuiltScriptOrStyle(path: string, response: Response): boolean {
  if (!path.startsWith('/assets/') || response.status !== 200) return false;
  const type = response.headers.get('Content-Type') ?? '';
  return /^(text\/javascript|application\/javascript|text\/css)\b/i.test(type);
}

function documentHeaders(options: { env: Env; publicUrl: string }) {
  const tiles = tileSourceOf(options.env.MAP_TILE_URL);
  const production = options.env.NODE_ENV === 'production';
  return secureHeaders({
    overwrite: false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...PAYMENT_PROVIDER.script, LANDING_SHELL_SCRIPT_HASH],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...PAYMENT_PROVIDER.img, ...(tiles ? [tiles] : [])],
      fontSrc: ["'self'", 'data:'],
      // A chosen video plays from a blob: URL for its poster frame and preview before upload (issue 52);
      // stored evidence videos come from the API itself. Nothing else may be played.
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: [
        "'self'",
        ownSocketOrigin(options.publicUrl),
        ...PAYMENT_PROVIDER.connect,
        // Video parts go straight to the bucket by presigned URL (docs/decisions/0310).
        ...s3UploadOrigins({ bucket: options.env.S3_BUCKET, region: options.env.S3_REGION, endpoint: options.env.S3_ENDPOINT }),
      ],
      frameSrc: PAYMENT_PROVIDER.frame,
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    crossOriginEmbedderPolicy: false,
    // Stripe's 3-D Secure may open a window; same-origin-allow-popups keeps it working.
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    strictTransportSecurity: production ? 'max-age=31536000; includeSubDomains' : false,
  });
}
