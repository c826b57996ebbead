import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { VerificationProviderError, type VerificationProvider } from '../../providers/verification/verification-provider';

/**
 * What every VerificationProvider adapter must do, run by each adapter's test file with its own
 * harness. Only interface methods are called on the provider; how the person finishes the check on
 * the hosted page, and how the provider signs its events, is the harness's business.
 */
export interface VerificationProviderContractHarness {
  provider: VerificationProvider;
  /** The person approves or rejects on the hosted page. */
  decide(reference: string, decision: 'approve' | 'reject'): Promise<void>;
  /** The signed event the provider sends about the check's current state. */
  signedEvent(reference: string): Promise<{ rawBody: string; signature: string }>;
  close(): Promise<void>;
}

export function runVerificationProviderContract(label: string, setup: () => Promise<VerificationProviderContractHarness>) {
  describe(`VerificationProvider contract: ${label}`, () => {
    let h: VerificationProviderContractHarness;
    beforeAll(async () => {
      h = await setup();
    });
    afterAll(async () => {
      await h?.close();
    });

    const start = (idempotencyKey = `contract:${randomUUID()}`, expertId = randomUUID()) =>
      h.provider.startCheck({
        expertId,
        level: 'background_check',
        returnUrl: 'https://app.example/profile?tab=verification',
        idempotencyKey,
      });

    it('starts a pending check with a hosted page, once per idempotency key', async () => {
      const key = `contract:${randomUUID()}`;
      const expertId = randomUUID();
      const first = await start(key, expertId);
      const again = await start(key, expertId);
      const other = await start(undefined, expertId);
      expect(first.status).toBe('pending');
      expect(first.expertId).toBe(expertId);
      expect(URL.canParse(first.hostedUrl ?? '')).toBe(true);
      expect(again.reference).toBe(first.reference);
      expect(other.reference).not.toBe(first.reference);
      expect((await h.provider.getCheck(first.reference)).status).toBe('pending');
    });

    it('reports an unknown check as not_found', async () => {
      const error = await h.provider.getCheck('vs_missing').then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(VerificationProviderError);
      expect((error as VerificationProviderError).kind).toBe('not_found');
    });

    it.each([
      ['approve', 'approved'],
      ['reject', 'rejected'],
    ] as const)('%s on the hosted page: the check and its signed event say %s', async (decision, outcome) => {
      const expertId = randomUUID();
      const check = await start(undefined, expertId);
      await h.decide(check.reference, decision);
      const after = await h.provider.getCheck(check.reference);
      expect(after.status).toBe(outcome);
      expect(after.hostedUrl).toBeNull();
      const { rawBody, signature } = await h.signedEvent(check.reference);
      const event = await h.provider.verifyWebhook(rawBody, signature);
      expect(event).toMatchObject({ reference: check.reference, outcome, expertId });
      expect(event.id).toBeTruthy();
    });

    it('refuses events with a wrong or missing signature, or a changed body', async () => {
      const check = await start();
      await h.decide(check.reference, 'approve');
      const { rawBody, signature } = await h.signedEvent(check.reference);
      const refusals = [
        h.provider.verifyWebhook(rawBody, null),
        h.provider.verifyWebhook(rawBody, 'not-a-signature'),
        h.provider.verifyWebhook(rawBody.replace(check.reference, 'vs_other'), signature),
      ];
      for (const refusal of refusals) {
        const error = await refusal.then(
          () => null,
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).status).toBe(400);
      }
    });
  });
}
