import type { VerificationLevel } from '@shared/domain/enums';
import { messages } from '@shared/messages';
import { AppError, type ErrorCode } from '../../lib/errors';

/**
 * The background-check provider as the rest of the server sees it: a check is started for an expert
 * and continued by the person on the provider's hosted page; the result arrives as a signed webhook.
 * Two adapters implement it: the real provider (stripe-identity-adapter.ts, identity verification
 * sessions) and the embedded default that serves its own hosted page (local-adapter.ts). Both speak
 * the real provider's event shape, so one mapping (below) reads both.
 */
export interface VerificationProvider {
  readonly name: 'local' | 'stripe_identity';
  /** The request header that carries the webhook signature. */
  readonly webhookSignatureHeader: string;
  /** Starts (or, for a repeated key, answers again) a check; `hostedUrl` is where the person continues. */
  startCheck(input: StartCheckInput): Promise<VerificationCheck>;
  getCheck(reference: string): Promise<VerificationCheck>;
  /** Verifies the signature of a raw webhook body; throws AppError bad_request when it does not match. */
  verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<VerificationEvent>;
}

export interface StartCheckInput {
  expertId: string;
  level: VerificationLevel;
  /** Where the hosted page sends the person when they are done. */
  returnUrl: string;
  idempotencyKey: string;
}

export type CheckOutcome = 'pending' | 'approved' | 'rejected' | 'canceled';

export interface VerificationCheck {
  reference: string;
  status: CheckOutcome;
  hostedUrl: string | null;
  expertId: string | null;
}

export interface VerificationEvent {
  id: string;
  type: string;
  reference: string;
  outcome: CheckOutcome;
  expertId: string | null;
}

export type VerificationProviderErrorKind = 'not_found' | 'invalid_request' | 'unavailable';

const appCodeByKind: Record<VerificationProviderErrorKind, ErrorCode> = {
  not_found: 'not_found',
  invalid_request: 'bad_request',
  unavailable: 'provider_error',
};

/** A failure reported by (or on the way to) the provider; `message` is the provider's text. */
export class VerificationProviderError extends AppError {
  readonly kind: VerificationProviderErrorKind;
  constructor(kind: VerificationProviderErrorKind, message: string, options: { cause?: unknown } = {}) {
    super(appCodeByKind[kind], message, { details: options.cause });
    this.name = 'VerificationProviderError';
    this.kind = kind;
  }
}

/** The provider's session object (the fields both adapters read). */
export interface SessionObject {
  id: string;
  status: string;
  url?: string | null;
  last_error?: { code?: string | null } | null;
  metadata?: Record<string, string> | null;
}

/** verified: approved; canceled; requires_input after a failed attempt: rejected; else still pending. */
export function outcomeOfSession(session: Pick<SessionObject, 'status' | 'last_error'>): CheckOutcome {
  if (session.status === 'verified') return 'approved';
  if (session.status === 'canceled') return 'canceled';
  if (session.status === 'requires_input' && session.last_error?.code) return 'rejected';
  return 'pending';
}

export function checkFromSession(session: SessionObject): VerificationCheck {
  return {
    reference: session.id,
    status: outcomeOfSession(session),
    hostedUrl: session.status === 'requires_input' && !session.last_error?.code ? (session.url ?? null) : null,
    expertId: session.metadata?.expert_id ?? null,
  };
}

/** Both adapters receive `{ id, type, data: { object: <verification session> } }`. */
export function verificationEventFromPayload(payload: unknown): VerificationEvent {
  const event = payload as { id?: unknown; type?: unknown; data?: { object?: unknown } };
  const object = event?.data?.object as Partial<SessionObject> | undefined;
  if (
    typeof event?.id !== 'string' ||
    typeof event.type !== 'string' ||
    !object ||
    typeof object !== 'object' ||
    typeof object.id !== 'string' ||
    typeof object.status !== 'string'
  ) {
    throw invalidWebhook('The webhook body is not a verification session event.');
  }
  const check = checkFromSession(object as SessionObject);
  return { id: event.id, type: event.type, reference: check.reference, outcome: check.status, expertId: check.expertId };
}

export const invalidWebhook = (reason: string) =>
  new AppError('bad_request', messages.common.invalidRequest, { details: reason });
