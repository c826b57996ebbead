import { confirmPaymentSchema } from '@shared/schemas/payments.schemas';
import {
  capturePaymentSchema,
  createPaymentIntentSchema,
  intentStatusQuerySchema,
  localAuthenticateSchema,
  localCardSchema,
} from '@shared/schemas/payments.schemas';
import type { RouteDoc } from '../route-doc';

export const paymentsDocs: RouteDoc[] = [
  {
    route: 'GET /api/payments/intent-status',
    summary: 'The status of a payment intent',
    access: 'user',
    query: intentStatusQuerySchema,
  },
  { route: 'POST /api/payment-setup/account', summary: 'Create my payout account', access: 'user' },
  { route: 'POST /api/payment-setup/refresh-link', summary: 'A new payout onboarding link', access: 'user' },
  { route: 'POST /api/payment-setup/verify', summary: 'Check my payout account', access: 'user' },
  {
    route: 'POST /api/payment-webhooks',
    summary: 'Payment provider webhooks (signature-checked)',
    access: 'public',
  },
  {
    route: 'POST /api/payments/capture',
    summary: "Capture a task's payment",
    access: 'user',
    body: capturePaymentSchema,
  },
  {
    route: 'POST /api/payments/confirm',
    summary: 'Confirm a payment authorization',
    access: 'user',
    body: confirmPaymentSchema,
  },
  {
    route: 'POST /api/payments/intent',
    summary: 'Start a payment authorization',
    access: 'user',
    body: createPaymentIntentSchema,
  },
  {
    route: 'POST /api/payments/local/authenticate',
    summary: 'Embedded provider: authenticate a payment',
    access: 'user',
    body: localAuthenticateSchema,
  },
  {
    route: 'POST /api/payments/local/confirm',
    summary: 'Embedded provider: confirm a payment',
    access: 'user',
    body: localCardSchema,
  },
];
