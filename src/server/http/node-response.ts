import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';

/**
 * The Node response under a request served by @hono/node-server (its bindings carry `outgoing`),
 * while its head is still unwritten; undefined for a request made in process (tests' app.request)
 * or once the head is out.
 *
 * Why: a header set on Node's response before the handler runs is merged into the head the adapter
 * writes, and the handler's own headers win on a name clash (ServerResponse.writeHead's documented
 * rule). Set through Hono instead, each answer's header record becomes a web Headers object, is
 * validated header by header, and is converted back for Node: on the signed-in read path that cost
 * more than the route's own work (issue 55, docs/performance.md).
 */
export function unwrittenNodeResponse(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing as ServerResponse | undefined;
  if (!outgoing || typeof outgoing.setHeader !== 'function' || outgoing.headersSent) return undefined;
  return outgoing;
}
