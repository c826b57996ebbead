import { describe, expect, it } from 'vitest';
import {
  expertDisplayName,
  expertStatusText,
  formatResponseTime,
  formatSuccessRate,
  isBioEmpty,
  isCommunityTrustAvailable,
  isPayable,
  isVerified,
  needsShowMore,
  parseExpertise,
  paymentSetupState,
  ratingSummary,
  reviewerName,
  starRating,
  verificationBadgeState,
  visibleBadges,
} from './expert';

describe('payable / verified', () => {
  it.each([
    [true, 'active', true],
    [true, 'pending', false],
    [true, 'restricted', false],
    [false, 'active', false],
    [false, 'pending', false],
    [true, null, false],
  ] as const)('onboarding %s, account %s -> %s', (completed, status, expected) => {
    const expert = { stripe_onboarding_completed: completed, stripe_account_status: status };
    expect(isPayable(expert)).toBe(expected);
    expect(isVerified(expert)).toBe(expected);
  });

  it('is false without an expert profile', () => {
    expect(isPayable(null)).toBe(false);
    expect(isPayable(undefined)).toBe(false);
  });
});

describe('expertStatusText', () => {
  it.each([
    [null, 'Not an expert'],
    [{ stripe_onboarding_completed: true, stripe_account_status: 'active' }, 'Verified Expert'],
    [{ stripe_onboarding_completed: true, stripe_account_status: 'restricted' }, 'Account Restricted'],
    [{ stripe_onboarding_completed: false, stripe_account_status: 'restricted' }, 'Account Restricted'],
    [
      { stripe_onboarding_completed: false, stripe_account_status: 'pending' },
      'Complete payment provider onboarding to receive payments',
    ],
    [
      { stripe_onboarding_completed: true, stripe_account_status: 'pending' },
      'Complete payment provider onboarding to receive payments',
    ],
  ] as const)('%j -> %s', (expert, text) => {
    expect(expertStatusText(expert)).toBe(text);
  });
});

describe('paymentSetupState', () => {
  it.each([
    [null, false, 'pending', 'not_started'],
    ['', true, 'active', 'not_started'],
    ['acct_1', false, 'pending', 'incomplete'],
    ['acct_1', false, 'active', 'incomplete'],
    ['acct_1', true, 'active', 'complete_active'],
    ['acct_1', true, 'pending', 'complete_under_review'],
    ['acct_1', true, 'restricted', 'complete_under_review'],
  ] as const)('account %j, completed %s, status %s -> %s', (account, completed, status, state) => {
    expect(
      paymentSetupState({
        stripe_account_id: account,
        stripe_onboarding_completed: completed,
        stripe_account_status: status,
      }),
    ).toBe(state);
  });
});

describe('verificationBadgeState', () => {
  it('shows verified and rejected as they are and anything else as pending', () => {
    expect(verificationBadgeState('verified')).toBe('verified');
    expect(verificationBadgeState('rejected')).toBe('rejected');
    expect(verificationBadgeState('pending')).toBe('pending');
    expect(verificationBadgeState('something else')).toBe('pending');
    expect(verificationBadgeState(null)).toBe('pending');
  });
});

describe('parseExpertise', () => {
  it.each([
    ['plumbing, electrical ,  roofing', ['plumbing', 'electrical', 'roofing']],
    ['single', ['single']],
    [' , ,, ', []],
    ['', []],
    ['cars,,boats,', ['cars', 'boats']],
  ])('%j -> %j', (text, list) => {
    expect(parseExpertise(text)).toEqual(list);
  });
});

describe('bio', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    ['   ', true],
    ['New Expert', true],
    ['  New Expert ', true],
    ['New Expert in roofing', false],
    ['I inspect cars.', false],
  ])('%j empty -> %s', (bio, empty) => {
    expect(isBioEmpty(bio)).toBe(empty);
  });

  it('gets Show more above 150 characters', () => {
    expect(needsShowMore('x'.repeat(150))).toBe(false);
    expect(needsShowMore('x'.repeat(151))).toBe(true);
    expect(needsShowMore(null)).toBe(false);
  });
});

describe('formatResponseTime', () => {
  it.each([
    [null, 'Not enough data yet'],
    [undefined, 'Not enough data yet'],
    [Number.NaN, 'Not enough data yet'],
    [-5, 'Not enough data yet'],
    [0, '0 minutes'],
    [1, '1 minute'],
    [42, '42 minutes'],
    [59, '59 minutes'],
    [59.4, '59 minutes'],
    [59.6, '1 hour'],
    [60, '1 hour'],
    [89, '1 hour'],
    [90, '2 hours'],
    [150, '3 hours'],
    [1440, '24 hours'],
  ])('%s -> %s', (minutes, text) => {
    expect(formatResponseTime(minutes)).toBe(text);
  });
});

describe('formatSuccessRate', () => {
  it.each([
    [null, 'Not enough data yet'],
    [undefined, 'Not enough data yet'],
    [Number.NaN, 'Not enough data yet'],
    [87.5, '87.5%'],
    [100, '100.0%'],
    [0, '0.0%'],
    [66.666, '66.7%'],
  ])('%s -> %s', (rate, text) => {
    expect(formatSuccessRate(rate)).toBe(text);
  });
});

describe('starRating', () => {
  const stars = (full: number, half: number) => [
    ...Array(full).fill('full'),
    ...Array(half).fill('half'),
    ...Array(5 - full - half).fill('empty'),
  ];

  it.each([
    [0, 0, 0],
    [null, 0, 0],
    [1, 1, 0],
    [3.49, 3, 0],
    [3.5, 3, 1],
    [3.99, 3, 1],
    [4, 4, 0],
    [4.5, 4, 1],
    [5, 5, 0],
    [7, 5, 0],
    [-1, 0, 0],
  ])('%s -> %i full, %i half', (rating, full, half) => {
    expect(starRating(rating)).toEqual(stars(full, half));
  });

  it('supports another number of stars', () => {
    expect(starRating(2.5, 3)).toEqual(['full', 'full', 'half']);
  });
});

describe('rating and names', () => {
  it('summarizes an average with its count', () => {
    expect(ratingSummary(4.333, 12)).toBe('4.3 (12)');
    expect(ratingSummary(4.5)).toBe('4.5');
    expect(ratingSummary(null, 0)).toBe('No ratings yet');
    expect(ratingSummary(4, 0)).toBe('No ratings yet');
    expect(ratingSummary(undefined)).toBe('No ratings yet');
  });

  it('falls back to User and Expert', () => {
    expect(reviewerName('Ann')).toBe('Ann');
    expect(reviewerName('  ')).toBe('User');
    expect(reviewerName(null)).toBe('User');
    expect(expertDisplayName('Ann', 'Lee')).toBe('Ann Lee');
    expect(expertDisplayName('Ann', null)).toBe('Ann');
    expect(expertDisplayName(null, ' ')).toBe('Expert');
  });
});

describe('badges', () => {
  it('makes community trust available from 5 positive reviews', () => {
    expect(isCommunityTrustAvailable(4)).toBe(false);
    expect(isCommunityTrustAvailable(5)).toBe(true);
  });

  it('shows 3 badges then +N more', () => {
    expect(visibleBadges(['a', 'b'])).toEqual({ shown: ['a', 'b'], moreText: null });
    expect(visibleBadges(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], moreText: null });
    expect(visibleBadges(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], moreText: '+2 more' });
    expect(visibleBadges(['a', 'b'], 1)).toEqual({ shown: ['a'], moreText: '+1 more' });
  });
});
