import type { Server } from 'node:http';

/**
 * Idle keep-alive connections are kept `keepAliveMs` (HTTP_KEEP_ALIVE_TIMEOUT_MS), longer than a load
 * balancer keeps its own, so the balancer is the side that closes them; the time allowed for a
 * request's headers stays above it, the usual pairing behind a balancer. A draining server still
 * closes its idle connections at once (ops/shutdown.ts).
 */
export function applyKeepAlive(server: Server, keepAliveMs: number): void {
  server.keepAliveTimeout = keepAliveMs;
  server.headersTimeout = Math.max(server.headersTimeout, keepAliveMs + 1_000);
}
