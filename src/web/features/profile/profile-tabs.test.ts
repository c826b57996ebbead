import { describe, expect, it } from 'vitest';
import { allowedTabs, cleanedSearch, resolveTab, returnFlagOf, returnToast } from './profile-tabs';

describe('profile tabs', () => {
  it('gives everyone Profile, Security (issue 52), Receipts (issue 51), Developers (issue 54), Notifications and Account, and experts Verification and Payments', () => {
    expect(allowedTabs(false)).toEqual(['profile', 'security', 'receipts', 'developers', 'notifications', 'account']);
    expect(allowedTabs(true)).toEqual(['profile', 'security', 'verification', 'payments', 'receipts', 'developers', 'notifications', 'account']);
  });

  it('honours the tab value only when allowed', () => {
    expect(resolveTab('security', false)).toBe('security');
    expect(resolveTab('payments', false)).toBe('profile');
    expect(resolveTab('verification', false)).toBe('profile');
    expect(resolveTab('payments', true)).toBe('payments');
    expect(resolveTab('verification', true)).toBe('verification');
    expect(resolveTab('security', true)).toBe('security');
    expect(resolveTab(null, true)).toBe('profile');
    expect(resolveTab('admin', false)).toBe('profile');
    expect(resolveTab('receipts', false)).toBe('receipts');
    expect(resolveTab('developers', false)).toBe('developers');
  });
});

describe('payment-provider return on the profile page', () => {
  it('reads success or refresh', () => {
    expect(returnFlagOf(new URLSearchParams('success=true&tab=payments'))).toBe('success');
    expect(returnFlagOf(new URLSearchParams('refresh=true'))).toBe('refresh');
    expect(returnFlagOf(new URLSearchParams('success=false'))).toBeNull();
  });

  it('says "completed" only when the verified account is', () => {
    expect(returnToast('success', { stripe_onboarding_completed: true })).toEqual({
      kind: 'success',
      text: 'Payment setup completed successfully!',
    });
    expect(returnToast('success', { stripe_onboarding_completed: false }).text).toBe(
      'Please complete your payment provider account setup to receive payments.',
    );
    expect(returnToast('refresh', { stripe_onboarding_completed: true }).text).toBe(
      'Please complete your payment provider account setup to receive payments.',
    );
  });

  it('keeps only tab in the query string', () => {
    expect(cleanedSearch(new URLSearchParams('tab=payments&success=true&from=stripe')).toString()).toBe('tab=payments');
    expect(cleanedSearch(new URLSearchParams('refresh=true')).toString()).toBe('');
  });
});
