import { describe, expect, it } from 'vitest';
import { generateVerificationCode, hashVerificationCode, verificationHashesMatch } from './phone-codes';
import { resendWaitMs, toPhoneStatusDto } from './phone.service';

describe('generateVerificationCode', () => {
  it('always gives exactly 6 digits, and not always the same ones', () => {
    const codes = Array.from({ length: 500 }, generateVerificationCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(450);
  });

  it('keeps leading zeros (the whole range 000000-999999 is used)', () => {
    // About 1 in 10 codes starts with 0; 2000 draws without one would be a broken generator.
    const codes = Array.from({ length: 2000 }, generateVerificationCode);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });
});

describe('hashVerificationCode', () => {
  const secret = 'a-test-secret-that-is-long-enough-123';

  it('is a 64-character hex digest that does not contain the code', () => {
    const hash = hashVerificationCode(secret, 'user-1', '123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('123456');
  });

  it('is stable for the same inputs and differs by code, user and secret', () => {
    const base = hashVerificationCode(secret, 'user-1', '123456');
    expect(hashVerificationCode(secret, 'user-1', '123456')).toBe(base);
    expect(hashVerificationCode(secret, 'user-1', '123457')).not.toBe(base);
    expect(hashVerificationCode(secret, 'user-2', '123456')).not.toBe(base);
    expect(hashVerificationCode(`${secret}x`, 'user-1', '123456')).not.toBe(base);
  });

  it('matches only equal hashes', () => {
    const hash = hashVerificationCode(secret, 'user-1', '123456');
    expect(verificationHashesMatch(hash, hashVerificationCode(secret, 'user-1', '123456'))).toBe(true);
    expect(verificationHashesMatch(hash, hashVerificationCode(secret, 'user-1', '654321'))).toBe(false);
    expect(verificationHashesMatch(hash, '')).toBe(false);
    expect(verificationHashesMatch('', '')).toBe(false);
  });
});

describe('resend cooldown', () => {
  const sentAt = new Date('2026-01-01T12:00:00Z');
  const at = (ms: number) => new Date(sentAt.getTime() + ms);

  it('waits until more than 60 s have passed since the last send', () => {
    expect(resendWaitMs(undefined, sentAt)).toBe(0);
    expect(resendWaitMs({ last_attempt_at: null }, sentAt)).toBe(0);
    expect(resendWaitMs({ last_attempt_at: sentAt }, at(0))).toBe(60_001);
    expect(resendWaitMs({ last_attempt_at: sentAt }, at(60_000))).toBe(1);
    expect(resendWaitMs({ last_attempt_at: sentAt }, at(60_001))).toBe(0);
  });

  it('reports whole seconds that never read 0 while waiting', () => {
    const row = {
      user_id: 'u',
      phone_number: '+15551234567',
      is_verified: false,
      verification_code: 'hash',
      code_expires_at: at(600_000),
      verification_attempts: 1,
      last_attempt_at: sentAt,
      updated_at: sentAt,
    };
    expect(toPhoneStatusDto(row, at(0))).toMatchObject({
      resend_in_seconds: 60,
      attempts_remaining: 2,
      code_pending: true,
    });
    expect(toPhoneStatusDto(row, at(59_999)).resend_in_seconds).toBe(1);
    expect(toPhoneStatusDto(row, at(60_000)).resend_in_seconds).toBe(1);
    expect(toPhoneStatusDto(row, at(60_001))).toMatchObject({ resend_in_seconds: 0, can_resend_at: null });
    expect(toPhoneStatusDto({ ...row, is_verified: true, verification_code: null }, at(0))).toMatchObject({
      is_verified: true,
      code_pending: false,
      resend_in_seconds: 0,
      attempts_remaining: 0,
    });
  });
});
