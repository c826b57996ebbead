import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { buildOpenApiDocument } from './document';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

type Document = ReturnType<typeof buildOpenApiDocument>;

/** A plain, script-free page (the CSP forbids inline scripts and there is no CDN offline). */
function referencePage(document: Document): string {
  const rows = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { summary?: string; tags?: string[] }>).map(
      ([method, operation]) =>
        `<tr><td>${escapeHtml(operation.tags?.[0] ?? '')}</td><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(operation.summary ?? '')}</td></tr>`,
    ),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API reference</title></head><body>
<h1>API reference</h1><p>The machine-readable description is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<table><thead><tr><th>Area</th><th>Method</th><th>Path</th><th>What it does</th></tr></thead><tbody>${rows.join('')}</tbody></table></body></html>`;
}

/**
 * The OpenAPI description (issue 21, decision 0240), built once from the shared zod schemas the routes
 * validate with; the reference page exists only outside production.
 */
export function openApiRoutes(options: { production: boolean; version: string }) {
  let cached: Document | undefined;
  const documentOf = () => (cached ??= buildOpenApiDocument(undefined, options.version));
  const app = new Hono<AppEnv>();
  app.get('/openapi.json', (c) => c.json(documentOf()));
  if (!options.production) app.get('/reference', (c) => c.html(referencePage(documentOf())));
  return app;
}
