import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { LocalPaymentProvider } from './local-adapter';
import { StripePaymentProvider } from './stripe-adapter';

export * from './payment-provider';
export { StripePaymentProvider, type StripePaymentProviderOptions } from './stripe-adapter';
export { isValidPublishableKey } from './stripe-mapping';
export {
  LocalPaymentProvider,
  LOCAL_AUTHORIZATION_HOLD_MS,
  LOCAL_PAYMENT_PAGES_PATH,
  LOCAL_WEBHOOK_SIGNATURE_HEADER,
  type LocalPaymentProviderOptions,
} from './local-adapter';
export {
  LOCAL_ACCOUNT_LINK_TTL_MS,
  type LocalAccountLinkView,
  type LocalOnboardingOutcome,
} from './local-accounts';
export { LOCAL_TEST_CARDS, type LocalCardInput } from './local-test-cards';
export { createLocalProviderPages, type LocalProviderPagesOptions } from './local-hosted-pages';
export { recordProviderEvent } from './webhook-events';

export interface PaymentProviderConfig {
  stripeSecretKey?: string;
  stripePublishableKey?: string;
  stripeWebhookSecret?: string;
  /** Tests of the real adapter inject a stub HTTP client. */
  stripeHttpClient?: Stripe.HttpClient;
  db: Db;
  clock: Clock;
  publicUrl: string;
  localWebhookSecret?: string;
}

/**
 * The real provider when all three of its keys are set, else the embedded local one. Narrow with
 * `provider.name === 'local'` (or `instanceof LocalPaymentProvider`) to mount its pages.
 */
export function createPaymentProvider(
  config: PaymentProviderConfig,
): StripePaymentProvider | LocalPaymentProvider {
  const { stripeSecretKey, stripePublishableKey, stripeWebhookSecret } = config;
  if (stripeSecretKey && stripePublishableKey && stripeWebhookSecret) {
    return new StripePaymentProvider({
      secretKey: stripeSecretKey,
      publishableKey: stripePublishableKey,
      webhookSecret: stripeWebhookSecret,
      httpClient: config.stripeHttpClient,
    });
  }
  return new LocalPaymentProvider({
    db: config.db,
    clock: config.clock,
    publicUrl: config.publicUrl,
    webhookSecret: config.localWebhookSecret,
  });
}
