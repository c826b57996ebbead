import { describe, expect, it } from 'vitest';
import {
  formatE164ForDisplay,
  formatUsPhoneInput,
  isCompleteCode,
  isValidE164,
  isValidUsPhone,
  normalizeToE164,
  sanitizeCodeInput,
  usNationalDigits,
  usPhoneToE164,
} from './phone';

describe('formatUsPhoneInput', () => {
  it.each([
    ['', ''],
    ['abc', ''],
    ['5', '+1 (5'],
    ['555', '+1 (555'],
    ['5551', '+1 (555) 1'],
    ['555123', '+1 (555) 123'],
    ['5551234', '+1 (555) 123-4'],
    ['5551234567', '+1 (555) 123-4567'],
    ['55512345678999', '+1 (555) 123-4567'],
    ['15551234567', '+1 (555) 123-4567'],
    ['+1 (555) 123-4567', '+1 (555) 123-4567'],
    ['+1 (555) 123-456', '+1 (555) 123-456'],
    ['(555) 123.4567', '+1 (555) 123-4567'],
    ['1', ''],
    ['+1 (', ''],
  ])('%j -> %j', (input, output) => {
    expect(formatUsPhoneInput(input)).toBe(output);
  });

  it('is stable when re-applied to its own output', () => {
    for (const input of ['2', '212', '2125', '212555', '2125550', '2125550123']) {
      const once = formatUsPhoneInput(input);
      expect(formatUsPhoneInput(once)).toBe(once);
    }
  });
});

describe('client rule', () => {
  it.each([
    ['+1 (212) 555-0123', true],
    ['2125550123', true],
    ['12125550123', true],
    ['+1 (212) 555-012', false],
    ['0125550123', false],
    ['', false],
  ])('%j valid -> %s', (input, valid) => {
    expect(isValidUsPhone(input)).toBe(valid);
  });

  it('converts valid input to E.164', () => {
    expect(usPhoneToE164('+1 (212) 555-0123')).toBe('+12125550123');
    expect(usPhoneToE164('212')).toBeNull();
    expect(usNationalDigits('+1 212 555 0123')).toBe('2125550123');
  });
});

describe('server rule', () => {
  it.each([
    ['+12125550123', true],
    ['+447911123456', true],
    ['+12', true],
    ['+123456789012345', true],
    ['+1234567890123456', false],
    ['+0123456789', false],
    ['12125550123', false],
    ['+1 212 555 0123', false],
    ['+', false],
    ['+1', false],
    ['', false],
  ])('%j valid -> %s', (input, valid) => {
    expect(isValidE164(input)).toBe(valid);
  });

  it.each([
    ['+1 (212) 555-0123', '+12125550123'],
    ['212-555-0123', '+12125550123'],
    ['1 212 555 0123', '+12125550123'],
    ['+44 7911 123456', '+447911123456'],
    ['0044 7911 123456', '+447911123456'],
    ['447911123456', '+447911123456'],
    ['+0 123', null],
    ['phone', null],
    ['+1 212 555 0123 ext 4', null],
    ['', null],
    ['+1234567890123456', null],
  ])('normalizes %j -> %j', (input, output) => {
    expect(normalizeToE164(input)).toBe(output);
  });

  it('formats E.164 for display', () => {
    expect(formatE164ForDisplay('+12125550123')).toBe('+1 (212) 555-0123');
    expect(formatE164ForDisplay('+447911123456')).toBe('+447911123456');
  });
});

describe('verification code input', () => {
  it('keeps digits only, at most 6', () => {
    expect(sanitizeCodeInput('12a3 45-678')).toBe('123456');
    expect(sanitizeCodeInput('')).toBe('');
  });

  it('is complete only at exactly 6 digits', () => {
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('1234567')).toBe(false);
    expect(isCompleteCode('12345a')).toBe(false);
  });
});
