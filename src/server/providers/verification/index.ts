import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { LocalVerificationProvider } from './local-adapter';
import { StripeIdentityVerificationProvider } from './stripe-identity-adapter';

export * from './verification-provider';
export {
  LocalVerificationProvider,
  LOCAL_VERIFICATION_PAGES_PATH,
  LOCAL_VERIFICATION_SIGNATURE_HEADER,
  type LocalWebhookReceiver,
} from './local-adapter';
export { StripeIdentityVerificationProvider } from './stripe-identity-adapter';
export { createLocalVerificationPages } from './local-pages';

export interface VerificationProviderConfig {
  stripeSecretKey?: string;
  stripeIdentityWebhookSecret?: string;
  stripeHttpClient?: Stripe.HttpClient;
  db: Db;
  clock: Clock;
  publicUrl: string;
}

/** The real provider when its secret key and webhook secret are set, else the embedded local one. */
export function createVerificationProvider(
  config: VerificationProviderConfig,
): StripeIdentityVerificationProvider | LocalVerificationProvider {
  if (config.stripeSecretKey && config.stripeIdentityWebhookSecret) {
    return new StripeIdentityVerificationProvider({
      secretKey: config.stripeSecretKey,
      webhookSecret: config.stripeIdentityWebhookSecret,
      httpClient: config.stripeHttpClient,
    });
  }
  return new LocalVerificationProvider({ db: config.db, clock: config.clock, publicUrl: config.publicUrl });
}
