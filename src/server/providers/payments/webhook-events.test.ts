import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { createTestDatabase } from '../../test/test-db';
import { LocalPaymentProvider } from './local-adapter';
import { recordProviderEvent } from './webhook-events';

describe('recordProviderEvent', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('records an event once and reports redeliveries', async () => {
    const clock = manualClock();
    const provider = new LocalPaymentProvider({ db: handle.db, clock, publicUrl: 'http://localhost:3000' });
    const signed = provider.buildWebhookEvent({
      type: 'payment_intent.succeeded',
      object: { id: 'pi_1', object: 'payment_intent' },
    });
    const event = await provider.verifyWebhook(signed.rawBody, signed.signature);
    const record = () => recordProviderEvent(handle.db, { provider: provider.name, event, now: clock.now() });
    expect(await record()).toBe(true);
    expect(await record()).toBe(false);
  });

  it('rolls back with the transaction that applies the event', async () => {
    const event = { id: 'evt_rollback', type: 'account.updated', object: {} };
    const now = new Date();
    await handle.db
      .transaction(async (tx) => {
        expect(await recordProviderEvent(tx, { provider: 'stripe', event, now })).toBe(true);
        throw new Error('handling failed');
      })
      .catch(() => undefined);
    expect(await recordProviderEvent(handle.db, { provider: 'stripe', event, now })).toBe(true);
  });
});
