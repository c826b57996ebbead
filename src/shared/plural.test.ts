import { describe, expect, it } from 'vitest';
import { countText, pluralCategory, pluralForm } from './plural';

describe('countText', () => {
  const reviews = { one: '{count} review', other: '{count} reviews' } as const;

  it('writes one thing in the singular and none or many in the plural', () => {
    expect(countText(1, reviews)).toBe('1 review');
    expect(countText(0, reviews)).toBe('0 reviews');
    expect(countText(2, reviews)).toBe('2 reviews');
    expect(countText(1234, reviews)).toBe('1,234 reviews');
  });

  it('fills the other placeholders of the chosen form', () => {
    const rating = { one: '{rating} ({count} review)', other: '{rating} ({count} reviews)' } as const;
    expect(countText(1, rating, { rating: '4.0' })).toBe('4.0 (1 review)');
    expect(countText(3, rating, { rating: '4.5' })).toBe('4.5 (3 reviews)');
  });

  it('follows the plural rules rather than "=== 1" (1.5 is plural in English)', () => {
    expect(pluralForm(1.5, reviews)).toBe('{count} reviews');
  });
});

describe('pluralCategory', () => {
  it("gives Intl.PluralRules' answer for en-US whole numbers", () => {
    const rules = new Intl.PluralRules('en-US');
    for (const n of [...Array.from({ length: 202 }, (_, i) => i - 1), 1001, 1_000_000]) {
      expect(pluralCategory(n), String(n)).toBe(rules.select(n) === 'one' ? 'one' : 'other');
    }
  });

  it('asks Intl.PluralRules for other locales', () => {
    expect(pluralCategory(0, 'fr')).toBe('one');
    expect(pluralCategory(0, 'en-US')).toBe('other');
  });
});
