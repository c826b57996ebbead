import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PHONE, PHONE_SEND_LIMITS } from '@shared/constants';
import { messages } from '@shared/messages';
import type { PhoneActionResultDto, PhoneVerificationStatusDto } from '@shared/schemas/phone.schemas';
import { phoneVerifications } from '../../db/schema';
import { authSecretOf } from '../../env';
import { listOutboxMessages } from '../../providers/outbox/outbox.repository';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { createPhoneService } from './phone.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type ErrorBody = { error: { code: string; message: string } };

let nextNumber = 2000000;
/** A fresh, valid US number per test, so outbox reads never see another test's SMS. */
const newPhone = () => `+1555${nextNumber++}`;

const status = async (user: TestUser) =>
  t.json<PhoneVerificationStatusDto>(
    await t.request('GET', '/api/phone-verification', { cookie: user.cookie }),
  );
const send = (user: TestUser, phoneNumber: unknown) =>
  t.request('POST', '/api/phone-verification/send', { cookie: user.cookie, body: { phoneNumber } });
const verify = (user: TestUser, code: unknown) =>
  t.request('POST', '/api/phone-verification/verify', { cookie: user.cookie, body: { code } });
const rowOf = async (user: TestUser) =>
  (await t.db.select().from(phoneVerifications).where(eq(phoneVerifications.user_id, user.id)))[0];

/** The code of the newest SMS sent to `phone`, as a person reads it in the dev outbox. */
async function latestCode(phone: string): Promise<string> {
  const [message] = await listOutboxMessages(t.db, { channel: 'sms', recipient: phone, limit: 1 });
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function expectError(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect((await t.json<ErrorBody>(response)).error.message).toBe(message);
}

/** A client with a code just sent to a fresh number. */
async function userWithCode() {
  const user = await t.createUser('client');
  const phone = newPhone();
  expect((await send(user, phone)).status).toBe(200);
  return { user, phone, code: await latestCode(phone) };
}

describe('signed out', () => {
  it.each([
    ['GET', '/api/phone-verification', undefined],
    ['POST', '/api/phone-verification/send', { phoneNumber: '+15551234567' }],
    ['POST', '/api/phone-verification/verify', { code: '123456' }],
  ])('%s %s answers 401 "User not authenticated"', async (method, path, body) => {
    await expectError(await t.request(method, path, { body }), 401, messages.phone.notAuthenticated);
  });
});

describe('GET /api/phone-verification', () => {
  it('is empty before any code was sent', async () => {
    const user = await t.createUser('client');
    expect(await status(user)).toEqual({
      phone_number: null,
      is_verified: false,
      code_pending: false,
      code_expires_at: null,
      can_resend_at: null,
      resend_in_seconds: 0,
      attempts_remaining: 0,
    });
  });

  it('shows the pending code, the resend countdown and the attempts left, never the code', async () => {
    const { user, phone, code } = await userWithCode();
    const sentAt = t.clock.now().getTime();
    const first = await status(user);
    expect(first).toMatchObject({
      phone_number: phone,
      is_verified: false,
      code_pending: true,
      code_expires_at: new Date(sentAt + PHONE.codeTtlMs).toISOString(),
      resend_in_seconds: 60,
      attempts_remaining: 3,
    });
    expect(JSON.stringify(first)).not.toContain(code);

    t.clock.advance(45_000);
    expect((await status(user)).resend_in_seconds).toBe(15);
    await verify(user, otherCode(code));
    expect((await status(user)).attempts_remaining).toBe(2);
    t.clock.advance(16_000);
    expect(await status(user)).toMatchObject({ resend_in_seconds: 0, can_resend_at: null });
  });
});

describe('POST /api/phone-verification/send', () => {
  it('sends a 6-digit code by SMS and stores only a hash that expires after 10 minutes', async () => {
    const user = await t.createUser('client');
    const phone = newPhone();
    const response = await send(user, phone);
    expect(response.status).toBe(200);
    const body = await t.json<PhoneActionResultDto>(response);
    expect(body).toMatchObject({ success: true, message: messages.phone.codeSent });
    expect(body.status).toMatchObject({ phone_number: phone, code_pending: true, resend_in_seconds: 60 });

    const code = await latestCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const row = await rowOf(user);
    expect(row.verification_code).toMatch(/^[0-9a-f]{64}$/);
    expect(row.verification_code).not.toContain(code);
    expect(row.code_expires_at!.getTime() - t.clock.now().getTime()).toBe(10 * 60_000);
    expect(row).toMatchObject({ phone_number: phone, is_verified: false, verification_attempts: 0 });
    expect(row.last_attempt_at!.getTime()).toBe(t.clock.now().getTime());
  });

  it.each([
    ['a plus sign with a single digit', '+1'],
    ['a leading zero after the plus', '+05551234567'],
    ['more than 15 digits', '+1234567890123456'],
    ['letters', '+1555CALLNOW'],
    ['an empty value', ''],
    ['a number instead of text', 15551234567],
  ])('refuses %s with "Invalid phone number format"', async (_case, phoneNumber) => {
    const user = await t.createUser('client');
    await expectError(await send(user, phoneNumber), 400, messages.phone.invalidFormat);
    expect(await rowOf(user)).toBeUndefined();
  });

  it('stores a number typed with separators or without the plus sign in E.164', async () => {
    const user = await t.createUser('client');
    expect((await send(user, '+1 (555) 987-0001')).status).toBe(200);
    expect((await rowOf(user)).phone_number).toBe('+15559870001');
  });

  it('accepts an international number that is not American', async () => {
    const user = await t.createUser('client');
    expect((await send(user, '+447911123456')).status).toBe(200);
    expect(await latestCode('+447911123456')).toMatch(/^\d{6}$/);
  });

  it('refuses a body that is not JSON', async () => {
    const user = await t.createUser('client');
    const response = await t.request('POST', '/api/phone-verification/send', {
      cookie: user.cookie,
      body: 'not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
  });

  it('allows a resend only more than 60 s after the last one, and the new code replaces the old', async () => {
    const { user, phone, code: firstCode } = await userWithCode();

    const tooSoon = await send(user, phone);
    await expectError(tooSoon, 429, 'Please wait 60s before requesting a new code');
    t.clock.advance(PHONE.resendCooldownMs);
    await expectError(await send(user, phone), 429, 'Please wait 1s before requesting a new code');
    t.clock.advance(1);

    const resent = await send(user, phone);
    expect(resent.status).toBe(200);
    expect((await t.json<PhoneActionResultDto>(resent)).message).toBe(messages.phone.newCodeSent);
    const secondCode = await latestCode(phone);
    if (secondCode !== firstCode)
      await expectError(await verify(user, firstCode), 400, messages.phone.codeInvalid);
    expect((await verify(user, secondCode)).status).toBe(200);
  });

  it('applies the cooldown to another number too, and calls a send to a new number a first send', async () => {
    const { user } = await userWithCode();
    const second = newPhone();
    expect((await send(user, second)).status).toBe(429);
    t.clock.advance(PHONE.resendCooldownMs + 1);
    const response = await send(user, second);
    expect((await t.json<PhoneActionResultDto>(response)).message).toBe(messages.phone.codeSent);
    expect((await rowOf(user)).phone_number).toBe(second);
  });

  it('lets only one of several parallel sends through', async () => {
    const user = await t.createUser('client');
    const phone = newPhone();
    const responses = await Promise.all(Array.from({ length: 5 }, () => send(user, phone)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(await listOutboxMessages(t.db, { channel: 'sms', recipient: phone })).toHaveLength(1);
  });

  it('refuses a number that is already verified', async () => {
    const { user, code } = await userWithCode();
    expect((await verify(user, code)).status).toBe(200);
    t.clock.advance(PHONE.resendCooldownMs + 1);
    await expectError(await send(user, newPhone()), 409, messages.phone.alreadyVerified);
  });

  it('answers "Failed to send verification code" when the SMS fails, and allows a retry at once', async () => {
    const user = await t.createUser('client');
    const phone = newPhone();
    const spy = vi.spyOn(t.providers.sms, 'send').mockRejectedValueOnce(new Error('gateway down'));
    try {
      await expectError(await send(user, phone), 502, messages.phone.sendFailed);
      expect(await rowOf(user)).toMatchObject({ verification_code: null, last_attempt_at: null });
      expect((await status(user)).code_pending).toBe(false);
      expect((await send(user, phone)).status).toBe(200);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('POST /api/phone-verification/verify', () => {
  it('verifies the number with the code from the SMS', async () => {
    const { user, phone, code } = await userWithCode();
    const response = await verify(user, code);
    expect(response.status).toBe(200);
    const body = await t.json<PhoneActionResultDto>(response);
    expect(body).toMatchObject({ success: true, message: messages.phone.verified });
    expect(body.status).toMatchObject({ phone_number: phone, is_verified: true, code_pending: false });
    expect(await status(user)).toMatchObject({ phone_number: phone, is_verified: true });
    expect(await rowOf(user)).toMatchObject({
      is_verified: true,
      verification_code: null,
      code_expires_at: null,
    });
  });

  it.each([
    ['an empty code', '', messages.phone.codeRequired],
    ['a missing code', undefined, messages.phone.codeRequired],
    ['five digits', '12345', messages.phone.codeInvalid],
    ['seven digits', '1234567', messages.phone.codeInvalid],
    ['letters', '12a456', messages.phone.codeInvalid],
  ])('refuses %s without counting an attempt', async (_case, code, text) => {
    const { user } = await userWithCode();
    await expectError(await verify(user, code), 400, text);
    expect((await rowOf(user)).verification_attempts).toBe(0);
  });

  it('answers "Verification code not found" before any code was sent', async () => {
    const user = await t.createUser('client');
    await expectError(await verify(user, '123456'), 404, messages.phone.codeNotFound);
  });

  it('answers "Invalid verification code" for a wrong code and counts the attempt', async () => {
    const { user, code } = await userWithCode();
    await expectError(await verify(user, otherCode(code)), 400, messages.phone.codeInvalid);
    expect((await rowOf(user)).verification_attempts).toBe(1);
    expect((await verify(user, code)).status).toBe(200);
  });

  it('answers "Verification code expired" from 10 minutes on, without counting an attempt', async () => {
    const { user, code } = await userWithCode();
    t.clock.advance(PHONE.codeTtlMs - 1);
    await expectError(await verify(user, otherCode(code)), 400, messages.phone.codeInvalid);
    t.clock.advance(1);
    await expectError(await verify(user, code), 400, messages.phone.codeExpired);
    expect((await rowOf(user)).verification_attempts).toBe(1);
    expect((await status(user)).is_verified).toBe(false);
  });

  it('allows at most 3 attempts: after 3 wrong codes even the right one is refused', async () => {
    const { user, phone, code } = await userWithCode();
    for (let i = 0; i < 3; i++) {
      await expectError(await verify(user, otherCode(code)), 400, messages.phone.codeInvalid);
    }
    await expectError(await verify(user, code), 429, messages.phone.tooManyAttempts);
    expect((await rowOf(user)).verification_attempts).toBe(3);
    expect((await status(user)).attempts_remaining).toBe(0);

    // A new code (after the cooldown) comes with 3 new attempts.
    t.clock.advance(PHONE.resendCooldownMs + 1);
    expect((await send(user, phone)).status).toBe(200);
    expect((await verify(user, await latestCode(phone))).status).toBe(200);
  });

  it('the third attempt may still be the right one', async () => {
    const { user, code } = await userWithCode();
    await verify(user, otherCode(code));
    await verify(user, otherCode(code));
    expect((await verify(user, code)).status).toBe(200);
  });

  it('never allows more than 3 attempts to parallel wrong codes', async () => {
    const { user, code } = await userWithCode();
    const responses = await Promise.all(Array.from({ length: 8 }, () => verify(user, otherCode(code))));
    const texts = await Promise.all(responses.map(async (r) => (await t.json<ErrorBody>(r)).error.message));
    expect(texts.filter((text) => text === messages.phone.codeInvalid)).toHaveLength(3);
    expect(texts.filter((text) => text === messages.phone.tooManyAttempts)).toHaveLength(5);
    expect((await rowOf(user)).verification_attempts).toBe(3);
    await expectError(await verify(user, code), 429, messages.phone.tooManyAttempts);
  });

  it('refuses a second verification of a verified number', async () => {
    const { user, code } = await userWithCode();
    expect((await verify(user, code)).status).toBe(200);
    await expectError(await verify(user, code), 409, messages.phone.alreadyVerified);
  });

  it("does not accept one user's code for another user", async () => {
    const first = await userWithCode();
    const second = await userWithCode();
    if (first.code !== second.code) {
      await expectError(await verify(second.user, first.code), 400, messages.phone.codeInvalid);
    }
    expect((await status(first.user)).is_verified).toBe(false);
  });
});

describe('attempt counting under concurrency (service level, reads interleaved)', () => {
  it('counts at most 3 attempts when every request read the row before any counted', async () => {
    const { user, code } = await userWithCode();
    const service = createPhoneService({
      db: t.db,
      clock: t.clock,
      sms: t.providers.sms,
      codeSecret: authSecretOf(t.context.env),
      sendLimits: PHONE_SEND_LIMITS.development,
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => service.verifyCode(user.id, otherCode(code))),
    );
    const texts = outcomes.map((o) => (o.status === 'rejected' ? (o.reason as Error).message : 'verified'));
    expect(texts.filter((text) => text === messages.phone.codeInvalid)).toHaveLength(3);
    expect(texts.filter((text) => text === messages.phone.tooManyAttempts)).toHaveLength(5);
    expect((await rowOf(user)).verification_attempts).toBe(3);
  });
});
