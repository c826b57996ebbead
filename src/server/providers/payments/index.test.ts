import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { createPaymentProvider, LocalPaymentProvider, StripePaymentProvider } from './index';

const base = { db: {} as Db, clock: manualClock(), publicUrl: 'http://localhost:3000' };

describe('createPaymentProvider', () => {
  it('uses the real provider when all three keys are set', () => {
    const provider = createPaymentProvider({
      ...base,
      stripeSecretKey: 'sk_test_1',
      stripePublishableKey: 'pk_test_1',
      stripeWebhookSecret: 'whsec_1',
    });
    expect(provider).toBeInstanceOf(StripePaymentProvider);
    expect(provider.name).toBe('stripe');
    expect(provider.publishableKey).toBe('pk_test_1');
  });

  it('falls back to the local provider otherwise', () => {
    for (const keys of [{}, { stripeSecretKey: 'sk_test_1', stripePublishableKey: 'pk_test_1' }]) {
      const provider = createPaymentProvider({ ...base, ...keys });
      expect(provider).toBeInstanceOf(LocalPaymentProvider);
      expect(provider.name).toBe('local');
      expect(provider.publishableKey).toBeNull();
      expect(provider.webhookSignatureHeader).toBe('x-local-signature');
    }
  });
});
