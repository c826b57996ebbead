import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { createTestDatabase } from '../../test/test-db';
import { LocalVerificationProvider } from './local-adapter';
import { StripeIdentityVerificationProvider } from './stripe-identity-adapter';
import { createFakeStripeIdentityApi } from './test-support/fake-stripe-identity-api';
import { runVerificationProviderContract } from '../../test/contracts/verification-provider.contract';

const WEBHOOK_SECRET = 'whsec_identity_test';
const signer = new Stripe('sk_test_123');

/** The real adapter over HTTP, with the provider's API faked on top of a local provider's state. */
async function identityOverFakeApi() {
  const handle = await createTestDatabase();
  const local = new LocalVerificationProvider({ db: handle.db, clock: manualClock(), publicUrl: 'http://localhost:3000' });
  local.setWebhookReceiver(async () => {});
  const api = createFakeStripeIdentityApi(local);
  const provider = new StripeIdentityVerificationProvider({
    secretKey: 'sk_test_123',
    webhookSecret: WEBHOOK_SECRET,
    httpClient: Stripe.createFetchHttpClient(api.fetch),
  });
  return { handle, local, api, provider };
}

runVerificationProviderContract('stripe identity adapter over a faked provider API', async () => {
  const { handle, local, api, provider } = await identityOverFakeApi();
  return {
    provider,
    async decide(reference, decision) {
      await local.recordConsent(reference);
      await local.decide(reference, decision);
    },
    async signedEvent(reference) {
      const session = await api.render(reference);
      const type = session.status === 'verified' ? 'identity.verification_session.verified' : 'identity.verification_session.requires_input';
      const rawBody = JSON.stringify({ id: `evt_${reference}`, object: 'event', type, data: { object: session } });
      return { rawBody, signature: signer.webhooks.generateTestHeaderString({ payload: rawBody, secret: WEBHOOK_SECRET }) };
    },
    close: () => handle.close(),
  };
});

describe('StripeIdentityVerificationProvider requests', () => {
  it('creates a document session with a selfie, the expert in metadata, the return URL and our key', async () => {
    const { handle, api, provider } = await identityOverFakeApi();
    try {
      const check = await provider.startCheck({
        expertId: 'expert-42',
        level: 'background_check',
        returnUrl: 'https://app.example/profile?tab=verification',
        idempotencyKey: 'verification:record-1',
      });
      const request = api.requests.at(-1)!;
      expect(request).toMatchObject({ method: 'POST', path: '/v1/identity/verification_sessions' });
      expect(request.headers['authorization']).toBe('Bearer sk_test_123');
      expect(request.headers['idempotency-key']).toBe('verification:record-1');
      expect(request.params).toMatchObject({
        type: 'document',
        'options[document][require_matching_selfie]': 'true',
        'metadata[expert_id]': 'expert-42',
        'metadata[level]': 'background_check',
        return_url: 'https://app.example/profile?tab=verification',
      });
      expect(check.hostedUrl).toBe(`https://verify.stripe.com/start/${check.reference}`);
    } finally {
      await handle.close();
    }
  });
});
