import type Stripe from 'stripe';

/**
 * A webhook from the real provider, its signature checked by the provider's library; each refusal
 * goes through `refuse`, the calling adapter's own invalid-webhook error.
 */
export async function readStripeWebhook(
  stripe: Stripe,
  params: { rawBody: string; signatureHeader: string | null; secret: string; refuse: (reason: string) => Error },
): Promise<Stripe.Event> {
  if (!params.signatureHeader) throw params.refuse('missing stripe-signature header');
  try {
    return await stripe.webhooks.constructEventAsync(params.rawBody, params.signatureHeader, params.secret);
  } catch (error) {
    throw params.refuse(error instanceof Error ? error.message : 'signature verification failed');
  }
}
