import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { paymentReturnOutcome } from './payment-intent-return';

describe('paymentReturnOutcome (the spec’s payment return table)', () => {
  it.each([
    ['requires_capture', null, { kind: 'confirm' }],
    ['succeeded', 'succeeded', { kind: 'notice', level: 'info', message: messages.payment.alreadyCaptured }],
    ['processing', null, { kind: 'notice', level: 'info', message: messages.payment.processing }],
    ['requires_payment_method', null, { kind: 'notice', level: 'error', message: messages.payment.failed }],
    ['requires_capture', 'failed', { kind: 'notice', level: 'error', message: messages.payment.failed }],
    ['canceled', null, { kind: 'notice', level: 'error', message: 'Unexpected payment status: canceled' }],
  ])('%s with redirect_status %s', (status, redirect, outcome) => {
    expect(paymentReturnOutcome(status, redirect)).toEqual(outcome);
  });
});
