import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { messages } from '@shared/messages';

const text = messages.webhooks;

/**
 * Where webhooks may be sent (decision 0473). `public` (always in production): https only, and every
 * address the host resolves to must be a public unicast one, checked after DNS resolution and again
 * at the moment of each connection (server-side request forgery, DNS rebinding). `local` (development
 * and tests): plain http is allowed for localhost, and private addresses are not refused.
 */
export type WebhookTargetPolicy = 'public' | 'local';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** A public unicast address: not private, loopback, link-local, unique-local, CGNAT, multicast, reserved... */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  // ::ffff:127.0.0.1 is 127.0.0.1.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

export class WebhookTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookTargetError';
  }
}

type Resolve = (host: string) => Promise<string[]>;

const resolveAll: Resolve = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve((addresses as LookupAddress[]).map((a) => a.address)),
    ),
  );

/**
 * Refuses a URL the policy does not allow, with the message the owner sees; resolves the host under
 * the public policy. `resolve` is replaceable so tests need no DNS; null checks an IP literal only
 * (before a send, where the connection's own lookup checks a host name).
 */
export async function checkWebhookTarget(rawUrl: string, policy: WebhookTargetPolicy, resolve: Resolve | null = resolveAll): Promise<void> {
  const url = new URL(rawUrl);
  const host = url.hostname.toLowerCase();
  if (policy === 'local') {
    if (url.protocol === 'http:' && !LOCAL_HOSTS.has(host)) throw new WebhookTargetError(text.httpOnlyLocal);
    return;
  }
  if (url.protocol !== 'https:') throw new WebhookTargetError(text.httpsRequired);
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else if (resolve === null) return;
  else {
    try {
      addresses = await resolve(bare);
    } catch {
      throw new WebhookTargetError(text.unresolvable);
    }
  }
  if (addresses.length === 0) throw new WebhookTargetError(text.unresolvable);
  if (!addresses.every(isPublicAddress)) throw new WebhookTargetError(text.privateAddress);
}

/**
 * A `lookup` for http.request under the public policy: the connection goes only to an address that
 * was checked, so a host that resolved to a public address at registration and to 127.0.0.1 now
 * (DNS rebinding) is still refused.
 */
export function publicOnlyLookup(
  hostname: string,
  options: { family?: number; all?: boolean },
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  dnsLookup(hostname, { all: true, verbatim: true, family: options.family ?? 0 }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as LookupAddress[];
    if (list.length === 0 || !list.every((a) => isPublicAddress(a.address))) {
      const refused = Object.assign(new Error(text.privateAddress), { code: 'EWEBHOOKPRIVATE' });
      return callback(refused, '', 0);
    }
    if (options.all) return callback(null, list);
    return callback(null, list[0].address, list[0].family);
  });
}
