import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localVerificationSessions } from '../../db/schema/local-verification';
import type { Clock } from '../../lib/clock';
import { localEventBody, readSignedLocalWebhook, signLocalWebhookBody } from '../local-webhooks';
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

export interface LocalVerificationProviderOptions {
  db: Db;
  clock: Clock;
  /** The product's public origin: hosted links point at its /dev/verification pages. */
  publicUrl: string;
  webhookSecret?: string;
}

/** Where the local hosted pages are mounted (outside production, with the other dev pages). */
export const LOCAL_VERIFICATION_PAGES_PATH = '/dev/verification';
export const LOCAL_VERIFICATION_SIGNATURE_HEADER = 'x-local-signature';
const DEFAULT_SECRET = 'local-verification-webhook-secret-development-only';

type Row = typeof localVerificationSessions.$inferSelect;
/** Receives a signed webhook as the product's webhook route would (raw body and signature). */
export type LocalWebhookReceiver = (rawBody: string, signature: string) => Promise<void>;

const localId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

/**
 * The embedded default: checks kept in our database, decided by the person on the provider's own
 * hosted page (consent, then approve or reject, see local-pages.ts). The decision is sent as a signed
 * event, in the real provider's shape, to the webhook receiver the verification module registers
 * (the same verification as the HTTP route), or over HTTP to the product's webhook URL.
 */
export class LocalVerificationProvider implements VerificationProvider {
  readonly name = 'local' as const;
  readonly webhookSignatureHeader = LOCAL_VERIFICATION_SIGNATURE_HEADER;
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly publicUrl: string;
  private readonly secret: string;
  private receiver: LocalWebhookReceiver | null = null;

  constructor(options: LocalVerificationProviderOptions) {
    this.db = options.db;
    this.clock = options.clock;
    this.publicUrl = options.publicUrl.replace(/\/$/, '');
    this.secret = options.webhookSecret ?? DEFAULT_SECRET;
  }

  async startCheck(input: StartCheckInput): Promise<VerificationCheck> {
    await this.db
      .insert(localVerificationSessions)
      .values({
        id: localId('vs'),
        idempotency_key: input.idempotencyKey,
        expert_id: input.expertId,
        level: input.level,
        return_url: input.returnUrl,
        created_at: this.clock.now(),
      })
      .onConflictDoNothing({ target: localVerificationSessions.idempotency_key });
    const [row] = await this.db
      .select()
      .from(localVerificationSessions)
      .where(eq(localVerificationSessions.idempotency_key, input.idempotencyKey));
    if (row.expert_id !== input.expertId || row.level !== input.level) {
      throw new VerificationProviderError(
        'invalid_request',
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      );
    }
    return checkFromSession(this.sessionObject(row));
  }

  async getCheck(reference: string): Promise<VerificationCheck> {
    return checkFromSession(this.sessionObject(await this.load(reference)));
  }

  async verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<VerificationEvent> {
    const payload = readSignedLocalWebhook({
      secret: this.secret,
      rawBody,
      signatureHeader,
      headerName: LOCAL_VERIFICATION_SIGNATURE_HEADER,
      refuse: invalidWebhook,
    });
    return verificationEventFromPayload(payload);
  }

  // ---- Local-only: what the provider's hosted page and its event delivery do. ----

  /** The session behind a hosted link, or null when unknown. */
  async findSession(reference: string): Promise<Row | null> {
    const [row] = await this.db.select().from(localVerificationSessions).where(eq(localVerificationSessions.id, reference));
    return row ?? null;
  }

  async recordConsent(reference: string): Promise<void> {
    await this.db
      .update(localVerificationSessions)
      .set({ consented_at: this.clock.now() })
      .where(and(eq(localVerificationSessions.id, reference), eq(localVerificationSessions.status, 'requires_input')));
  }

  /**
   * The person's decision on the hosted page: approve (verified) or reject. Applies once (a
   * conditional update); the event is then delivered. Returns where the page sends the person.
   */
  async decide(reference: string, decision: 'approve' | 'reject'): Promise<{ returnUrl: string; applied: boolean }> {
    const status = decision === 'approve' ? 'verified' : 'rejected';
    const [row] = await this.db
      .update(localVerificationSessions)
      .set({ status, decided_at: this.clock.now() })
      .where(and(eq(localVerificationSessions.id, reference), eq(localVerificationSessions.status, 'requires_input')))
      .returning();
    if (!row) return { returnUrl: (await this.load(reference)).return_url, applied: false };
    await this.deliver(this.buildEvent(row));
    return { returnUrl: row.return_url, applied: true };
  }

  /** The verification module registers its handler here; without one, events are POSTed to the product. */
  setWebhookReceiver(receiver: LocalWebhookReceiver | null): void {
    this.receiver = receiver;
  }

  /** A signed event about a session in the real provider's shape. */
  buildEvent(row: Row): { rawBody: string; signature: string } {
    const object = this.sessionObject(row);
    const type =
      row.status === 'verified'
        ? 'identity.verification_session.verified'
        : row.status === 'canceled'
          ? 'identity.verification_session.canceled'
          : 'identity.verification_session.requires_input';
    const rawBody = localEventBody({ id: localId('evt'), type, createdAt: this.clock.now(), object });
    return { rawBody, signature: this.sign(rawBody) };
  }

  async buildEventFor(reference: string) {
    return this.buildEvent(await this.load(reference));
  }

  sign(rawBody: string): string {
    return signLocalWebhookBody(this.secret, rawBody);
  }

  /** The session as the real provider renders it: a rejection is requires_input with a last error. */
  sessionObject(row: Row): SessionObject {
    const rejected = row.status === 'rejected';
    return {
      id: row.id,
      status: rejected ? 'requires_input' : row.status,
      url: `${this.publicUrl}${LOCAL_VERIFICATION_PAGES_PATH}/sessions/${row.id}`,
      last_error: rejected ? { code: 'document_unverified_other' } : null,
      metadata: { expert_id: row.expert_id, level: row.level },
    };
  }

  private async deliver(event: { rawBody: string; signature: string }) {
    if (this.receiver) return this.receiver(event.rawBody, event.signature);
    const response = await fetch(`${this.publicUrl}/api/webhooks/verification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [LOCAL_VERIFICATION_SIGNATURE_HEADER]: event.signature },
      body: event.rawBody,
    });
    if (!response.ok) throw new VerificationProviderError('unavailable', `webhook delivery failed: ${response.status}`);
  }

  private async load(reference: string): Promise<Row> {
    const row = await this.findSession(reference);
    if (!row) throw new VerificationProviderError('not_found', `No such verification session: '${reference}'`);
    return row;
  }
}
