import { describe, expect, it } from 'vitest';
import { formatAgo, formatMiles, provenanceBadges } from './provenance';

const task = { latitude: 40.7128, longitude: -74.006, assigned_at: '2026-11-25T08:00:00Z' };
const now = new Date('2026-11-25T12:00:00Z');
const texts = (file: Parameters<typeof provenanceBadges>[0]) => provenanceBadges(file, task, now).map((badge) => `${badge.tone}:${badge.text}`);

describe('provenance badges', () => {
  it('says where and when for a photo near the task', () => {
    expect(texts({ captured_at: '2026-11-25T10:00:00Z', latitude: 40.7157, longitude: -74.006, duplicate: false })).toEqual([
      'ok:Taken 0.2 mi from the task location, 2 hours ago',
    ]);
  });

  it('warns about a far, early or reused file, warnings first', () => {
    expect(texts({ captured_at: '2026-11-20T10:00:00Z', latitude: 34.05, longitude: -118.24, duplicate: true })).toEqual([
      'warning:Same file as evidence on another task',
      'warning:Taken before the task was assigned',
      'warning:Taken 2,445 mi away',
    ]);
  });

  it('says so when there is no metadata; a few minutes of clock drift is no warning', () => {
    expect(texts({ captured_at: null, latitude: null, longitude: null, duplicate: false })).toEqual(['info:No location data', 'info:No capture time']);
    expect(texts({ captured_at: '2026-11-25T07:55:00Z', latitude: null, longitude: null, duplicate: false })).toEqual(['info:No location data']);
  });

  it('formats distances and ages', () => {
    expect([formatMiles(0.04), formatMiles(9.96), formatMiles(840.4)]).toEqual(['0.0', '10.0', '840']);
    expect(formatAgo(new Date(now.getTime() - 20_000), now)).toBe('just now');
    expect(formatAgo(new Date(now.getTime() - 60_000), now)).toBe('1 minute ago');
    expect(formatAgo(new Date(now.getTime() - 3 * 86_400_000), now)).toBe('3 days ago');
  });
});
