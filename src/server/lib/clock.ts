/** Time source injected into services so that expiry rules can be tested with a controllable clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at `start` and only moves when told. */
export function manualClock(start = new Date('2026-01-01T12:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(date: Date) {
      current = date.getTime();
    },
  };
}

/**
 * The system clock moved forward by a settable offset: outside production, the development clock
 * control (/dev/clock) advances it so timed work (hold expiry, auto-release) can be shown and tested.
 */
export function shiftableClock(base: Clock = systemClock) {
  let offsetMs = 0;
  return {
    now: () => new Date(base.now().getTime() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
    offsetMs: () => offsetMs,
  };
}

/** A clock the development control can move (the manual test clock and the shiftable clock are). */
export type AdvanceableClock = Clock & { advance(ms: number): void };

export const isAdvanceable = (clock: Clock): clock is AdvanceableClock =>
  typeof (clock as Partial<AdvanceableClock>).advance === 'function';
