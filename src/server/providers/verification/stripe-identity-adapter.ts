import Stripe from 'stripe';
import {
  checkFromSession,
  invalidWebhook,
  verificationEventFromPayload,
  VerificationProviderError,
  type SessionObject,
  type StartCheckInput,
  type VerificationCheck,
  type VerificationEvent,
  type VerificationProvider,
} from './verification-provider';
import { readStripeWebhook } from '../stripe-webhook';

export interface StripeIdentityProviderOptions {
  secretKey: string;
  /** The signing secret of the /api/webhooks/verification endpoint (each endpoint has its own). */
  webhookSecret: string;
  /** Tests pass `Stripe.createFetchHttpClient(stubFetch)`; production uses the SDK's own client. */
  httpClient?: Stripe.HttpClient;
}

/**
 * The real provider: identity verification sessions (document and selfie) on the provider's hosted
 * page, with signed `identity.verification_session.*` webhooks. Creating a session carries the
 * caller's idempotency key; the SDK's own retries are off so that our key is the only one in play.
 */
export class StripeIdentityVerificationProvider implements VerificationProvider {
  readonly name = 'stripe_identity' as const;
  readonly webhookSignatureHeader = 'stripe-signature';
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripeIdentityProviderOptions) {
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 0,
      ...(options.httpClient ? { httpClient: options.httpClient } : {}),
    });
  }

  async startCheck(input: StartCheckInput): Promise<VerificationCheck> {
    const session = await call(() =>
      this.stripe.identity.verificationSessions.create(
        {
          type: 'document',
          options: { document: { require_matching_selfie: true } },
          metadata: { expert_id: input.expertId, level: input.level },
          return_url: input.returnUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return checkFromSession(session as unknown as SessionObject);
  }

  async getCheck(reference: string): Promise<VerificationCheck> {
    const session = await call(() => this.stripe.identity.verificationSessions.retrieve(reference));
    return checkFromSession(session as unknown as SessionObject);
  }

  async verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<VerificationEvent> {
    const event = await readStripeWebhook(this.stripe, {
      rawBody,
      signatureHeader,
      secret: this.webhookSecret,
      refuse: invalidWebhook,
    });
    return verificationEventFromPayload(event);
  }
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      const kind = error.statusCode === 404 ? 'not_found' : error.statusCode && error.statusCode < 500 ? 'invalid_request' : 'unavailable';
      throw new VerificationProviderError(kind, error.message, { cause: error });
    }
    throw new VerificationProviderError('unavailable', error instanceof Error ? error.message : 'provider unreachable', {
      cause: error,
    });
  }
}
