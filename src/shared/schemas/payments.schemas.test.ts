import { describe, expect, it } from 'vitest';
import {
  cancelHoldSchema,
  capturePaymentSchema,
  confirmPaymentSchema,
  createPaymentIntentSchema,
  paymentReturnQuerySchema,
} from './payments.schemas';

const TASK = '3f1f4b1e-8a52-4c1b-9a57-5a2b7f0c9d11';

describe('payment schemas', () => {
  it('creates an intent from the task id alone; amounts are the server’s', () => {
    expect(createPaymentIntentSchema.parse({ task_id: TASK, amount: 1 })).toEqual({ task_id: TASK });
    expect(createPaymentIntentSchema.safeParse({}).success).toBe(false);
  });

  it('confirms an authorization at stage confirm_authorization only', () => {
    const body = {
      taskId: TASK,
      paymentIntentId: 'pi_1',
      paymentIntentClientSecret: 'pi_1_secret',
      action: 'confirm_authorization',
    };
    expect(confirmPaymentSchema.parse(body)).toEqual(body);
    expect(confirmPaymentSchema.safeParse({ ...body, action: 'capture' }).success).toBe(false);
    expect(confirmPaymentSchema.safeParse({ ...body, paymentIntentId: ' ' }).success).toBe(false);
  });

  it('captures with an optional intent id and trigger', () => {
    expect(capturePaymentSchema.parse({ task_id: TASK })).toEqual({ task_id: TASK });
    expect(capturePaymentSchema.parse({ task_id: TASK, trigger: 'evidence_confirmed' }).trigger).toBe(
      'evidence_confirmed',
    );
    expect(capturePaymentSchema.safeParse({ task_id: TASK, trigger: 'other' }).success).toBe(false);
  });

  it.each(['assignment_declined_by_expert', 'task_cancelled_by_client', 'client_rejected_evidence'])(
    'cancels a hold for %s',
    (reason) => {
      expect(cancelHoldSchema.parse({ task_id: TASK, reason })).toEqual({ task_id: TASK, reason });
    },
  );

  it('refuses another hold-cancel reason', () => {
    expect(cancelHoldSchema.safeParse({ task_id: TASK, reason: 'because' }).success).toBe(false);
  });

  it('reads the provider return query', () => {
    expect(
      paymentReturnQuerySchema.parse({
        payment_intent_client_secret: 's',
        redirect_status: 'failed',
        other: 'x',
      }),
    ).toEqual({ payment_intent_client_secret: 's', redirect_status: 'failed' });
  });
});
