import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from './webhooks';

const secret = 'whsec_new_0123456789abcdef';
const oldSecret = 'whsec_old_fedcba9876543210';
const body = JSON.stringify({
  id: 'evt_1',
  type: 'task.created',
  created_at: '2026-12-06T12:00:00.000Z',
  data: { object: { id: 'task_1', status: 'open' } },
});
const now = new Date('2026-12-06T12:00:00Z');
const t = Math.floor(now.getTime() / 1000);
const sign = (key: string, timestamp = t, payload = body) =>
  createHmac('sha256', key).update(`${timestamp}.${payload}`).digest('hex');

describe('verifyWebhookSignature', () => {
  it('accepts a delivery signed with the endpoint secret, as text or raw bytes', () => {
    const header = `t=${t},v1=${sign(secret)}`;
    expect(verifyWebhookSignature({ payload: body, header, secrets: secret, now })).toBe(true);
    expect(verifyWebhookSignature({ payload: Buffer.from(body), header, secrets: [secret], now })).toBe(true);
  });

  it('refuses a changed body, another secret, or a missing or malformed header', () => {
    const header = `t=${t},v1=${sign(secret)}`;
    const changed = body.replace('open', 'cancelled');
    expect(verifyWebhookSignature({ payload: changed, header, secrets: secret, now })).toBe(false);
    expect(verifyWebhookSignature({ payload: body, header, secrets: 'whsec_other', now })).toBe(false);
    expect(verifyWebhookSignature({ payload: body, header: undefined, secrets: secret, now })).toBe(false);
    expect(
      verifyWebhookSignature({ payload: body, header: `v1=${sign(secret)}`, secrets: secret, now }),
    ).toBe(false);
    expect(verifyWebhookSignature({ payload: body, header: `t=${t},v1=abc`, secrets: secret, now })).toBe(
      false,
    );
  });

  it('refuses a timestamp older than the tolerance (300 s by default), however well signed', () => {
    const at = (age: number) => `t=${t - age},v1=${sign(secret, t - age)}`;
    expect(verifyWebhookSignature({ payload: body, header: at(299), secrets: secret, now })).toBe(true);
    expect(verifyWebhookSignature({ payload: body, header: at(301), secrets: secret, now })).toBe(false);
    expect(
      verifyWebhookSignature({ payload: body, header: at(600), secrets: secret, now, toleranceSeconds: 900 }),
    ).toBe(true);
    // The signed time is what counts: a fresh t on an old signature does not match.
    expect(
      verifyWebhookSignature({
        payload: body,
        header: `t=${t},v1=${sign(secret, t - 600)}`,
        secrets: secret,
        now,
      }),
    ).toBe(false);
  });

  it('accepts either v1 entry while a rolled secret overlaps: the receiver may still hold the old one', () => {
    const header = `t=${t},v1=${sign(secret)},v1=${sign(oldSecret)}`;
    expect(verifyWebhookSignature({ payload: body, header, secrets: oldSecret, now })).toBe(true);
    expect(verifyWebhookSignature({ payload: body, header, secrets: secret, now })).toBe(true);
    expect(
      verifyWebhookSignature({ payload: body, header, secrets: ['whsec_unrelated', oldSecret], now }),
    ).toBe(true);
    expect(verifyWebhookSignature({ payload: body, header, secrets: 'whsec_unrelated', now })).toBe(false);
  });
});
