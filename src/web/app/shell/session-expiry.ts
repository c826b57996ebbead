import { SESSION } from '@shared/constants';

/**
 * When to act on a session that ends at `expiresAt`: the refresh fires 5 minutes before the end;
 * a warning is due once fewer than 300 seconds remain.
 */
export function refreshDelayMs(expiresAt: Date, now: Date): number {
  return Math.max(0, expiresAt.getTime() - now.getTime() - SESSION.refreshBeforeExpiryMs);
}

export function shouldWarn(expiresAt: Date, now: Date): boolean {
  return expiresAt.getTime() - now.getTime() < SESSION.warnBelowSeconds * 1000;
}
