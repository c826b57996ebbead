import { deviceKindOf } from '@shared/domain/device-kind';

/**
 * A readable device name from a User-Agent: browser and system, coarse on purpose (no version
 * beyond the major). Good enough for "is this my phone?"; no library needed for this much.
 */
export function deviceOf(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua) || /Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /node|undici|curl/i.test(ua)
              ? 'Script'
              : 'Browser';
  const system = /iPhone|iPod/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? `Android ${deviceKindOf(ua)}`
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macOS'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  return system ? `${browser} on ${system}` : browser;
}

/**
 * The address coarsened: IPv4 keeps its /24 ("203.0.113.x"), IPv6 its /48. There is no offline
 * address-to-city table in the product, so the coarse address stands for the place (decision 0171).
 * A loopback address (the server's own machine, or a proxy in front of it) is named after the kind
 * of device the User-Agent says it is: an iPhone is never "This computer" (issue 52).
 */
export function coarsePlaceOf(ip: string | null | undefined, userAgent?: string | null): string {
  if (!ip) return 'Unknown place';
  const local = `This ${deviceKindOf(userAgent)}`;
  const v4 = ip.replace(/^::ffff:/, '');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(v4)) {
    if (v4.startsWith('127.') || v4 === '0.0.0.0') return local;
    return `${v4.split('.').slice(0, 3).join('.')}.x`;
  }
  if (ip === '::1') return local;
  const groups = ip.split(':').filter((group) => group !== '');
  return groups.length ? `${groups.slice(0, 3).join(':')}::/48` : 'Unknown place';
}
