import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { ruleText, ruleValues } from './rule-texts';

describe('ruleText fills the rule placeholders from the settings in force', () => {
  it('reads the defaults when no setting is known (72 hours, 10% / 90%, $5.00..$1,000.00)', () => {
    expect(ruleValues(null)).toEqual({ reviewWindow: '72 hours', fee: '10', share: '90', minPrice: '$5.00', maxPrice: '$1,000.00' });
    expect(ruleText(messages.evidence.submitted)).toBe('Evidence submitted! The client has been asked to review it within 72 hours.');
  });

  it('states each changed setting, with the singular for one hour', () => {
    const settings = { review_window_hours: 1, platform_fee_percent: 12.5, min_task_price: 2_000, max_task_price: 50_000 };
    expect(ruleText(messages.taskNotifications.evidenceSubmitted, settings, { title: 'Roof' })).toBe(
      'The expert submitted evidence for "Roof". Please review it within 1 hour.',
    );
    expect(ruleText(messages.polish.consentIntroFee, settings)).toContain('keeps a 12.5% fee and the expert receives 87.5%');
    expect(ruleText(messages.tasks.budgetBelowMinimum, settings)).toBe('Budget must be at least $20.00');
    expect(ruleText(messages.applications.rateAboveMaximum, settings)).toBe('Proposed rate must be at most $500.00');
  });

  it('keeps a placeholder it has no value for, and never lets a value override a setting', () => {
    expect(ruleText('{title} within {reviewWindow}', { review_window_hours: 48 }, { reviewWindow: 'a day' })).toBe(
      '{title} within 48 hours',
    );
  });
});

describe('no text states a setting as a fixed number', () => {
  it('the review window, fee and price texts carry placeholders', () => {
    const all = JSON.stringify(messages);
    expect(all).not.toMatch(/review it within \d/);
    expect(all).not.toMatch(/keeps a \d+% fee|Platform fee \(\d+%\)|Expert receives \(\d+%\)/);
  });
});
