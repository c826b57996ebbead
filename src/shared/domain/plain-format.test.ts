import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDateTimeMedium,
  formatDateTimeNumeric,
  formatIsoDayMonth,
  formatIsoDayShort,
} from './plain-format';

/** Intl puts a narrow no-break space before AM/PM in current ICU and a plain space in older ones. */
const sameSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('plain en-US formats, held to Intl (decision 0391)', () => {
  it('groups whole numbers as toLocaleString does', () => {
    for (const value of [
      0,
      7,
      999,
      1_000,
      12_345,
      999_999,
      1_000_000,
      123_456_789,
      -4_321,
      Number.MAX_SAFE_INTEGER,
    ]) {
      expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
    }
    expect(formatCount(1234.5)).toBe('1,234.5');
  });

  it('writes ISO days as the admin charts label them', () => {
    for (let month = 1; month <= 12; month += 1) {
      for (const day of [1, 9, 28]) {
        const iso = `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        const date = new Date(`${iso}T00:00:00Z`);
        expect(formatIsoDayShort(iso)).toBe(
          date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
        );
        expect(formatIsoDayMonth(iso)).toBe(
          date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
        );
      }
    }
  });

  it('writes dates and times as en-US toLocaleString does, at every hour', () => {
    for (let hour = 0; hour < 24; hour += 1) {
      const date = new Date(2026, 10, 26, hour, 5, 7);
      expect(sameSpaces(formatDateTimeMedium(date))).toBe(
        sameSpaces(date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })),
      );
      expect(sameSpaces(formatDateTimeNumeric(date))).toBe(sameSpaces(date.toLocaleString('en-US')));
    }
  });
});
