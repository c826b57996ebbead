import { describe, expect, it } from 'vitest';
import { dayInZone, dueEndOfDay, formatWindow, wallTimeInZone, zonesDiffer } from './time-zone';

describe('time zone arithmetic', () => {
  it('names a window in the task zone', () => {
    const start = new Date('2026-12-09T22:00:00Z');
    const end = new Date('2026-12-09T23:00:00Z');
    expect(formatWindow({ start, end }, 'America/Chicago')).toBe('Wed 9 Dec, 4:00-5:00 pm CST');
    expect(
      formatWindow(
        { start: new Date('2026-12-09T17:30:00Z'), end: new Date('2026-12-09T18:30:00Z') },
        'America/Chicago',
      ),
    ).toBe('Wed 9 Dec, 11:30 am-12:30 pm CST');
  });

  it('reads a wall-clock time across the US daylight-saving change in March', () => {
    // 8 March 2026: clocks go from 2:00 to 3:00 am in Chicago.
    const before = wallTimeInZone({ year: 2026, month: 3, day: 8, hour: 1 }, 'America/Chicago');
    const after = wallTimeInZone({ year: 2026, month: 3, day: 8, hour: 4 }, 'America/Chicago');
    expect(before.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(after.toISOString()).toBe('2026-03-08T09:00:00.000Z');
    expect(formatWindow({ start: before, end: after }, 'America/Chicago')).toBe(
      'Sun 8 Mar, 1:00-4:00 am CST',
    );
  });

  it('puts the due date at the end of its day in the zone', () => {
    expect(dueEndOfDay(new Date('2026-12-09T00:00:00Z'), 'America/Chicago').toISOString()).toBe(
      '2026-12-10T05:59:59.999Z',
    );
    expect(dueEndOfDay(new Date('2026-12-09T00:00:00Z'), 'Australia/Sydney').toISOString()).toBe(
      '2026-12-09T12:59:59.999Z',
    );
    // A stored due date sent back names the same day.
    expect(dueEndOfDay(new Date('2026-12-10T05:59:59.999Z'), 'America/Chicago').toISOString()).toBe(
      '2026-12-10T05:59:59.999Z',
    );
    expect(dayInZone(new Date('2026-12-10T05:59:59.999Z'), 'America/Chicago')).toEqual({
      year: 2026,
      month: 12,
      day: 9,
    });
  });

  it('tells when the viewer sees another wall-clock time', () => {
    const at = new Date('2026-12-09T22:00:00Z');
    expect(zonesDiffer(at, 'America/Chicago', 'America/Chicago')).toBe(false);
    expect(zonesDiffer(at, 'America/Chicago', 'America/Mexico_City')).toBe(false);
    expect(zonesDiffer(at, 'America/Chicago', 'Europe/Paris')).toBe(true);
  });
});
