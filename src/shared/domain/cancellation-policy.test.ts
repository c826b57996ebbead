import { describe, expect, it } from 'vitest';
import {
  calloutFeeCents,
  cancellationRuleText,
  cancelReasonText,
  DEFAULT_CANCELLATION_POLICY,
  quoteCancellation,
  type CancellationFacts,
} from './cancellation-policy';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const now = new Date('2026-12-06T12:00:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

/** A client cancel of a $100 hold at a 10% platform fee, hired two days ago, visit agreed in 2 hours. */
function createFacts(overrides: Partial<CancellationFacts> = {}): CancellationFacts {
  return {
    party: 'client',
    has_hold: true,
    price_cents: 10_000,
    platform_fee_percent: 10,
    hired_at: at(-48 * HOUR),
    agreed_start: at(2 * HOUR),
    now,
    ...overrides,
  };
}

const LATE = { fee_cents: 2_500, platform_fee_cents: 250, expert_cents: 2_250, released_cents: 7_500, rule: 'late' };
const free = (rule: string, released = 10_000) => ({ fee_cents: 0, platform_fee_cents: 0, expert_cents: 0, released_cents: released, rule });

describe('quoteCancellation', () => {
  it('charges the call-out fee inside 24 hours of the agreed start: 25%, its platform fee, the rest released', () => {
    expect(quoteCancellation(createFacts())).toEqual(LATE);
  });

  it('is free 24 hours plus a minute before the start, and late at 24 hours minus a minute', () => {
    expect(quoteCancellation(createFacts({ agreed_start: at(24 * HOUR + MINUTE) }))).toEqual(free('before_window'));
    expect(quoteCancellation(createFacts({ agreed_start: at(24 * HOUR - MINUTE) }))).toEqual(LATE);
    // Exactly at the limit is no longer "more than 24 hours before".
    expect(quoteCancellation(createFacts({ agreed_start: at(24 * HOUR) })).rule).toBe('late');
  });

  it('is free within 1 hour of hiring, even with the visit minutes away, and late a minute after', () => {
    expect(quoteCancellation(createFacts({ hired_at: at(-HOUR + MINUTE), agreed_start: at(30 * MINUTE) }))).toEqual(free('after_hire'));
    expect(quoteCancellation(createFacts({ hired_at: at(-HOUR), agreed_start: at(30 * MINUTE) })).rule).toBe('after_hire');
    expect(quoteCancellation(createFacts({ hired_at: at(-HOUR - MINUTE), agreed_start: at(30 * MINUTE) }))).toEqual(LATE);
  });

  it('is free while no visit time is agreed', () => {
    expect(quoteCancellation(createFacts({ agreed_start: null }))).toEqual(free('no_appointment'));
  });

  it('still charges once the agreed start has passed', () => {
    expect(quoteCancellation(createFacts({ agreed_start: at(-HOUR) }))).toEqual(LATE);
  });

  it('costs nothing and releases nothing without a hold', () => {
    expect(quoteCancellation(createFacts({ has_hold: false }))).toEqual(free('no_hold', 0));
  });

  it('never charges the client when the expert cancels', () => {
    expect(quoteCancellation(createFacts({ party: 'expert' }))).toEqual(free('expert'));
    expect(quoteCancellation(createFacts({ party: 'expert', has_hold: false }))).toEqual(free('expert', 0));
  });

  it('takes at least the minimum and never more than the price', () => {
    expect(quoteCancellation(createFacts({ price_cents: 4_000 }))).toMatchObject({ fee_cents: 1_500, released_cents: 2_500 });
    expect(quoteCancellation(createFacts({ price_cents: 1_000 }))).toMatchObject({ fee_cents: 1_000, released_cents: 0, platform_fee_cents: 100 });
  });

  it('follows the settings in force', () => {
    const settings = { cancel_free_hours_before_start: 48, cancel_free_minutes_after_hire: 0, callout_fee_percent: 50, callout_fee_min_cents: 0 };
    expect(quoteCancellation(createFacts({ agreed_start: at(47 * HOUR) }), settings)).toMatchObject({ fee_cents: 5_000, rule: 'late' });
    expect(quoteCancellation(createFacts({ agreed_start: at(49 * HOUR) }), settings).rule).toBe('before_window');
    expect(quoteCancellation(createFacts({ hired_at: at(-MINUTE) }), settings).rule).toBe('late');
  });
});

describe('calloutFeeCents', () => {
  it('rounds the percent to a whole cent', () => {
    expect(calloutFeeCents(10_001, { ...DEFAULT_CANCELLATION_POLICY, callout_fee_min_cents: 0 })).toBe(2_500);
    expect(calloutFeeCents(10_002, { ...DEFAULT_CANCELLATION_POLICY, callout_fee_min_cents: 0 })).toBe(2_501);
  });
});

describe('texts', () => {
  it('states the quote with the settings in force', () => {
    expect(cancellationRuleText(quoteCancellation(createFacts()))).toBe(
      'The agreed visit starts in less than 24 hours: the expert receives a call-out fee of $25.00, the rest of the hold ($75.00) is released.',
    );
    expect(cancellationRuleText(free('after_hire') as never)).toContain('within the last 1 hour');
    expect(cancellationRuleText(free('after_hire') as never, { ...DEFAULT_CANCELLATION_POLICY, cancel_free_minutes_after_hire: 90 })).toContain('90 minutes');
  });

  it('reads a missing or unknown reason as not given', () => {
    expect(cancelReasonText('plans_changed')).toBe('My plans changed');
    expect(cancelReasonText(null)).toBe('No reason given');
    expect(cancelReasonText('nonsense')).toBe('No reason given');
  });
});
