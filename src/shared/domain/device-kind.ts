/** What kind of device a User-Agent comes from, for the words a device list uses (issue 52). */
export type DeviceKind = 'phone' | 'tablet' | 'computer';

/**
 * Phone, tablet or computer from a User-Agent. iPadOS 13+ Safari asks for desktop pages and says
 * "Macintosh"; it is told apart only by touch support, which a User-Agent does not carry, so it
 * reads as a computer here. Android tablets leave "Mobile" out of their User-Agent.
 */
export function deviceKindOf(userAgent: string | null | undefined): DeviceKind {
  const ua = userAgent ?? '';
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(ua)) return 'tablet';
  if (/Android/i.test(ua)) return /Mobile/i.test(ua) ? 'phone' : 'tablet';
  if (/iPhone|iPod|Mobile|Windows Phone|IEMobile|Opera Mini/i.test(ua)) return 'phone';
  return 'computer';
}
