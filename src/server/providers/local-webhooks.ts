import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What the embedded providers share about their webhooks: the body is signed with a local secret
 * (hex HMAC-SHA256) and shaped as the real provider's event envelope.
 */

export function signLocalWebhookBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/**
 * Checks a local webhook's signature and parses its JSON body; each refusal goes through `refuse`,
 * the provider's own invalid-webhook error.
 */
export function readSignedLocalWebhook(params: {
  secret: string;
  rawBody: string;
  signatureHeader: string | null;
  headerName: string;
  refuse: (reason: string) => Error;
}): unknown {
  const { rawBody, signatureHeader, refuse } = params;
  if (!signatureHeader) throw refuse(`missing ${params.headerName} header`);
  const expected = Buffer.from(signLocalWebhookBody(params.secret, rawBody), 'utf8');
  const given = Buffer.from(signatureHeader.trim(), 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw refuse('local webhook signature does not match');
  }
  try {
    return JSON.parse(rawBody) as unknown;
  } catch {
    throw refuse('local webhook body is not JSON');
  }
}

/** The real provider's event envelope around one object, as a raw JSON body. */
export function localEventBody(event: {
  id: string;
  type: string;
  createdAt: Date;
  accountId?: string;
  object: unknown;
}): string {
  return JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    created: Math.floor(event.createdAt.getTime() / 1000),
    ...(event.accountId ? { account: event.accountId } : {}),
    data: { object: event.object },
  });
}
