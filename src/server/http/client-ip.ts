import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The header the server itself sets (after removing any copy the client sent) for Better Auth's
 * rate limiter, which reads the client address from request headers only.
 */
export const CLIENT_IP_HEADER = 'x-resolved-client-ip';

function blockListOf(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, prefix] = range.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** "::ffff:10.0.0.1" -> "10.0.0.1", so IPv4 ranges match sockets of dual-stack servers. */
const unmapped = (address: string) => (address.toLowerCase().startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address);

function socketAddressOf(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // no Node socket (an in-process request)
  }
}

/** Whether the socket's peer is one of `trustedProxies` (whose headers, X-Request-Id say, are believed). */
export function createTrustedPeerCheck(trustedProxies: readonly string[]) {
  const trusted = blockListOf(trustedProxies);
  return (c: Context): boolean => {
    if (trustedProxies.length === 0) return false;
    const socket = socketAddressOf(c);
    if (!socket) return false;
    const plain = unmapped(socket);
    const family = isIP(plain);
    return family !== 0 && trusted.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Resolves who is calling (docs/decisions/0062). The socket's peer is the client unless that peer is
 * one of `trustedProxies`; then X-Forwarded-For is walked from the right, skipping trusted proxies, and
 * the first untrusted hop is the client. With no trusted proxies (the default) the forwarded headers,
 * which any client can set, are never read.
 */
export function createClientIpResolver(trustedProxies: readonly string[]) {
  const trusted = blockListOf(trustedProxies);
  const isTrusted = (address: string) => {
    const plain = unmapped(address);
    const family = isIP(plain);
    return family !== 0 && trusted.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
  return (c: Context): string | null => {
    const socket = socketAddressOf(c);
    if (!socket) return null;
    if (trustedProxies.length === 0 || !isTrusted(socket)) return unmapped(socket);
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((hop) => hop.trim()).filter(Boolean);
    for (let index = hops.length - 1; index >= 0; index -= 1) {
      const hop = hops[index]!;
      if (isIP(unmapped(hop)) === 0) return unmapped(socket); // a malformed chain: trust nothing in it
      if (!isTrusted(hop)) return unmapped(hop);
    }
    return unmapped(hops[0] ?? socket);
  };
}
