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
  const system = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
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
 */
export function coarsePlaceOf(ip: string | null | undefined): string {
  if (!ip) return 'Unknown place';
  const v4 = ip.replace(/^::ffff:/, '');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(v4)) {
    if (v4.startsWith('127.') || v4 === '0.0.0.0') return 'This computer';
    return `${v4.split('.').slice(0, 3).join('.')}.x`;
  }
  if (ip === '::1') return 'This computer';
  const groups = ip.split(':').filter((group) => group !== '');
  return groups.length ? `${groups.slice(0, 3).join(':')}::/48` : 'Unknown place';
}
