import { describe, expect, it } from 'vitest';
import { phoneFormSchema, sendVerificationCodeSchema, verifyCodeSchema } from './phone.schemas';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0].message;

describe('sendVerificationCodeSchema (server rule)', () => {
  it.each([
    ['+12125550123', '+12125550123'],
    ['+1 (212) 555-0123', '+12125550123'],
    ['+447911123456', '+447911123456'],
  ])('%j -> %s', (phoneNumber, e164) => {
    expect(sendVerificationCodeSchema.parse({ phoneNumber })).toEqual({ phoneNumber: e164 });
  });

  it.each([undefined, '', '+0123', 'call me', '+1234567890123456'])(
    '%j -> Invalid phone number format',
    (phoneNumber) => {
      expect(firstMessage(sendVerificationCodeSchema.safeParse({ phoneNumber }))).toBe(
        'Invalid phone number format',
      );
    },
  );
});

describe('phoneFormSchema (client rule)', () => {
  it('outputs the E.164 number of a formatted US number', () => {
    expect(phoneFormSchema.parse({ phone: '+1 (212) 555-0123' })).toEqual({ phone: '+12125550123' });
  });

  it.each([undefined, '', '+1 (212) 555-01', '+1 (012) 555-0123'])(
    '%j -> Please enter a valid phone number',
    (phone) => {
      expect(firstMessage(phoneFormSchema.safeParse({ phone }))).toBe('Please enter a valid phone number');
    },
  );
});

describe('verifyCodeSchema', () => {
  it('accepts exactly 6 digits', () => {
    expect(verifyCodeSchema.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
  });

  it.each([undefined, '', '   '])('%j -> Please enter the verification code', (code) => {
    const result = verifyCodeSchema.safeParse({ code });
    expect(result.error?.issues).toHaveLength(1);
    expect(firstMessage(result)).toBe('Please enter the verification code');
  });

  it.each(['12345', '1234567', '12a456'])('%j -> Invalid verification code', (code) => {
    expect(firstMessage(verifyCodeSchema.safeParse({ code }))).toBe('Invalid verification code');
  });
});
