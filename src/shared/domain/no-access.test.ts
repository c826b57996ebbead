import { describe, expect, it } from 'vitest';
import { noAccessPhotoProblem, noAccessTooEarly } from './no-access';

const MINUTE = 60_000;
const start = new Date('2026-12-09T22:00:00Z');
const end = new Date('2026-12-09T23:00:00Z');
const task = { latitude: 41.8781, longitude: -87.6298 };
const facts = { window: { start, end }, task };
const north = (miles: number) => ({ latitude: task.latitude + miles / 69.05, longitude: task.longitude });
const at = (ms: number) => new Date(ms);

describe('proof of a no-show (decision 0463)', () => {
  it('takes a photo inside the window with 30 minutes either side, within half a mile', () => {
    expect(noAccessPhotoProblem({ captured_at: at(start.getTime() - 29 * MINUTE), ...north(0.4) }, facts)).toBeNull();
    expect(noAccessPhotoProblem({ captured_at: at(end.getTime() + 29 * MINUTE), ...north(0.4) }, facts)).toBeNull();
    expect(noAccessPhotoProblem({ captured_at: at(start.getTime() - 31 * MINUTE), ...task }, facts)).toBe('outside_window');
    expect(noAccessPhotoProblem({ captured_at: at(end.getTime() + 31 * MINUTE), ...task }, facts)).toBe('outside_window');
    expect(noAccessPhotoProblem({ captured_at: start, ...north(0.6) }, facts)).toBe('too_far');
  });

  it('needs the time and the place in the photo itself', () => {
    expect(noAccessPhotoProblem({ captured_at: null, ...task }, facts)).toBe('no_time');
    expect(noAccessPhotoProblem({ captured_at: start, latitude: null, longitude: null }, facts)).toBe('no_place');
  });

  it('opens at the start of the agreed window', () => {
    expect(noAccessTooEarly({ start }, at(start.getTime() - 1))).toBe(true);
    expect(noAccessTooEarly({ start }, start)).toBe(false);
  });
});
