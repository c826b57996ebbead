import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { manualClock } from '../../lib/clock';
import { createTestDatabase } from '../../test/test-db';
import { LocalVerificationProvider } from './local-adapter';
import { createLocalVerificationPages, LOCAL_VERIFICATION_TEXT } from './local-pages';
import { runVerificationProviderContract } from '../../test/contracts/verification-provider.contract';

runVerificationProviderContract('local provider', async () => {
  const handle = await createTestDatabase();
  const provider = new LocalVerificationProvider({ db: handle.db, clock: manualClock(), publicUrl: 'http://localhost:3000' });
  provider.setWebhookReceiver(async () => {});
  return {
    provider,
    async decide(reference, decision) {
      await provider.recordConsent(reference);
      await provider.decide(reference, decision);
    },
    signedEvent: (reference) => provider.buildEventFor(reference),
    close: () => handle.close(),
  };
});

describe('the local hosted verification page', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let provider: LocalVerificationProvider;
  let pages: ReturnType<typeof createLocalVerificationPages>;
  const delivered: Array<{ rawBody: string; signature: string }> = [];
  beforeAll(async () => {
    handle = await createTestDatabase();
    provider = new LocalVerificationProvider({ db: handle.db, clock: manualClock(), publicUrl: 'http://localhost:3000' });
    provider.setWebhookReceiver(async (rawBody, signature) => {
      delivered.push({ rawBody, signature });
    });
    pages = createLocalVerificationPages({ provider });
  });
  afterAll(() => handle.close());

  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  it('asks for consent first, then offers approve or reject, and sends one signed event', async () => {
    const check = await provider.startCheck({
      expertId: 'expert-1',
      level: 'background_check',
      returnUrl: 'http://localhost:3000/profile?tab=verification',
      idempotencyKey: 'k1',
    });
    const path = `/sessions/${check.reference}`;
    expect(await (await pages.request(path)).text()).toContain(LOCAL_VERIFICATION_TEXT.consentLabel);

    // Deciding before consenting changes nothing.
    await pages.request(`${path}/decision`, form({ decision: 'approve' }));
    expect((await provider.getCheck(check.reference)).status).toBe('pending');

    const unticked = await pages.request(`${path}/consent`, form({}));
    expect(unticked.headers.get('location')).toBe(`${path}?error=consent`);
    const consent = await pages.request(`${path}/consent`, form({ consent: 'yes' }));
    expect(consent.status).toBe(303);
    expect(await (await pages.request(path)).text()).toContain(LOCAL_VERIFICATION_TEXT.approve);

    const decided = await pages.request(`${path}/decision`, form({ decision: 'approve' }));
    expect(decided.status).toBe(303);
    expect(decided.headers.get('location')).toBe('http://localhost:3000/profile?tab=verification');
    expect((await provider.getCheck(check.reference)).status).toBe('approved');
    await pages.request(`${path}/decision`, form({ decision: 'reject' }));
    expect(delivered).toHaveLength(1);
    expect((await provider.verifyWebhook(delivered[0].rawBody, delivered[0].signature)).outcome).toBe('approved');
    expect(await (await pages.request(path)).text()).toContain(LOCAL_VERIFICATION_TEXT.doneTitle);
  });

  it('answers 404 for an unknown check', async () => {
    expect((await pages.request('/sessions/vs_nope')).status).toBe(404);
  });
});
