import { describe, expect, it } from 'vitest';
import { refreshDelayMs, shouldWarn } from './session-expiry';
import { createErrorLog, ERROR_LOG_LIMIT, recentSubscriptionErrors } from './error-log';

const now = new Date('2026-05-01T12:00:00Z');
const inSeconds = (s: number) => new Date(now.getTime() + s * 1000);

describe('session expiry timing', () => {
  it('schedules the refresh 5 minutes before expiry', () => {
    expect(refreshDelayMs(inSeconds(3600), now)).toBe(3300 * 1000);
    expect(refreshDelayMs(inSeconds(120), now)).toBe(0);
  });

  it('warns only when fewer than 300 seconds remain', () => {
    expect(shouldWarn(inSeconds(301), now)).toBe(false);
    expect(shouldWarn(inSeconds(300), now)).toBe(false);
    expect(shouldWarn(inSeconds(299), now)).toBe(true);
  });
});

describe('developer error log', () => {
  it('keeps the last 50 entries', () => {
    const log = createErrorLog();
    for (let i = 0; i < 60; i += 1) log.add(`error ${i}`, i);
    expect(log.entries()).toHaveLength(ERROR_LOG_LIMIT);
    expect(log.entries()[0].text).toBe('error 10');
    log.clear();
    expect(log.entries()).toHaveLength(0);
  });

  it('flags subscription errors of the last 60 seconds only', () => {
    const t = Date.UTC(2026, 0, 1);
    const entries = [
      { at: t - 61_000, text: 'channel subscription failed' },
      { at: t - 10_000, text: 'Realtime subscription timed out' },
      { at: t - 5_000, text: 'TypeError: x is undefined' },
    ];
    expect(recentSubscriptionErrors(entries, t)).toBe(1);
  });
});
