import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * An answer whose JSON text the route already holds (joined from pieces serialised once, as the
 * task-details read does), sent as c.json would send it: the same Content-Type, the body as a string
 * so that @hono/node-server writes it directly and json-compression.ts can gzip it unread.
 */
export function jsonText(c: Context, text: string, status: ContentfulStatusCode = 200): Response {
  return c.body(text, status, { 'Content-Type': 'application/json' });
}
