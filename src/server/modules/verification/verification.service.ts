import { messages } from '@shared/messages';
import type {
  VerificationInitiateRequest,
  VerificationInitiateResponse,
  VerificationStatusResponse,
} from '@shared/schemas/verification.schemas';
import type { Db } from '../../db/client';
import { webhookEvents } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, conflict, forbidden, notFound, unauthenticated } from '../../lib/errors';
import type { VerificationEvent, VerificationProvider } from '../../providers/verification';
import { insertNotifications } from '../notifications/notifications.repository';
import { recomputeCommunityTrust } from './community-trust';
import {
  decidePendingRecord,
  findOrCreatePendingRecord,
  findRecordByReference,
  findTrustFacts,
  latestRecord,
  setBackgroundVerified,
  setRecordReference,
} from './verification.repository';
import { progressOf, statusDto } from './verification-status';

const verificationText = messages.verification;
/** The provider replays a start for a key this long; an older unfinished request is given up. */
export const PENDING_REQUEST_TTL_MS = 24 * 60 * 60 * 1000;

export interface VerificationServiceDeps {
  db: Db;
  clock: Clock;
  provider: VerificationProvider;
  publicUrl: string;
}

export function createVerificationService(deps: VerificationServiceDeps) {
  const { db, clock, provider } = deps;
  const webhookProvider = `verification:${provider.name}`;

  async function status(callerId: string | null, expertId?: string): Promise<VerificationStatusResponse> {
    const target = expertId ?? callerId;
    if (!target) throw unauthenticated(messages.auth.notAuthenticated);
    const facts = await findTrustFacts(db, target);
    if (!facts) {
      if (target === callerId) throw forbidden(verificationText.expertProfileRequired);
      throw notFound(messages.expert.notFoundTitle);
    }
    const latest = await latestRecord(db, target, 'background_check');
    const dto = statusDto({ ...facts, backgroundCheck: latest?.status ?? 'none' });
    return { success: true, error: null, status: dto, progress: progressOf(dto.badges) };
  }

  async function initiate(userId: string, input: VerificationInitiateRequest): Promise<VerificationInitiateResponse> {
    const now = clock.now();
    const facts = await findTrustFacts(db, userId);
    if (!facts) throw forbidden(verificationText.expertProfileRequired);
    const claimed = input.metadata?.expert_id;
    if (claimed !== undefined && claimed !== userId) throw forbidden(verificationText.notYourProfile);

    if (input.level === 'community_trust') {
      // Granted by rule, never by request: recompute, then say what is missing.
      const change = await db.transaction((tx) => recomputeCommunityTrust(tx, { expertId: userId, now }));
      const trusted = change === 'granted' || (change === null && facts.communityTrustedAt !== null);
      if (!trusted) throw conflict(verificationText.communityTrustNotYet);
      return { success: true, error: null, hosted_apply_url: null };
    }

    if (facts.backgroundVerifiedAt) throw conflict(verificationText.alreadyBackgroundVerified);
    const record = await findOrCreatePendingRecord(db, {
      expertId: userId,
      level: 'background_check',
      metadata: input.metadata ? JSON.stringify(input.metadata) : null,
      now,
      staleBefore: new Date(now.getTime() - PENDING_REQUEST_TTL_MS),
    });
    let check;
    try {
      // Parallel starts share the record, hence the key, hence one provider session.
      check = await provider.startCheck({
        expertId: userId,
        level: 'background_check',
        returnUrl: `${deps.publicUrl}/profile?tab=verification`,
        idempotencyKey: `verification:${record.id}`,
      });
    } catch (error) {
      throw new AppError('provider_error', verificationText.initiateFailed, { details: error });
    }
    await setRecordReference(db, { id: record.id, provider: provider.name, reference: check.reference, now });
    return { success: true, error: null, hosted_apply_url: check.hostedUrl };
  }

  /**
   * A verified provider event, applied once per event id: the event id is recorded in the same
   * transaction that decides the request, sets the badge and notifies the expert.
   */
  async function applyEvent(event: VerificationEvent): Promise<{ duplicate: boolean }> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const inserted = await tx
        .insert(webhookEvents)
        .values({ id: event.id, provider: webhookProvider, type: event.type, received_at: now })
        .onConflictDoNothing({ target: webhookEvents.id })
        .returning({ id: webhookEvents.id });
      if (inserted.length === 0) return { duplicate: true };
      if (event.outcome === 'pending') return { duplicate: false };
      const record = await findRecordByReference(tx, provider.name, event.reference);
      if (!record) return { duplicate: false };
      const decided = await decidePendingRecord(tx, { id: record.id, status: event.outcome, now });
      if (!decided) return { duplicate: false };
      if (event.outcome === 'approved') await setBackgroundVerified(tx, record.expert_id, now);
      if (event.outcome === 'approved' || event.outcome === 'rejected') {
        const approved = event.outcome === 'approved';
        await insertNotifications(tx, [
          {
            user_id: record.expert_id,
            type: approved ? 'verification_approved' : 'verification_rejected',
            title: approved ? verificationText.approvedTitle : verificationText.rejectedTitle,
            message: approved ? verificationText.approved : verificationText.rejected,
            data: { level: record.verification_level, reference: event.reference },
            created_at: now,
          },
        ]);
      }
      return { duplicate: false };
    });
  }

  async function receiveWebhook(rawBody: string, signature: string | null) {
    return applyEvent(await provider.verifyWebhook(rawBody, signature));
  }

  return { status, initiate, receiveWebhook };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
