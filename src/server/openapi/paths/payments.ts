import { z } from 'zod';
import {
  captureResultDtoSchema,
  localCardResultDtoSchema,
  paymentIntentDtoSchema,
  taskDtoSchema,
} from '@shared/schemas/task-api.schemas';
import { confirmPaymentSchema } from '@shared/schemas/payments.schemas';
import {
  capturePaymentSchema,
  createPaymentIntentSchema,
  intentStatusQuerySchema,
  localAuthenticateSchema,
  localCardSchema,
} from '@shared/schemas/payments.schemas';
import { myExpertProfileDtoSchema } from '@shared/schemas/experts-api.schemas';
import type { RouteDoc } from '../route-doc';

/** POST /api/payment-setup/account and /refresh-link (PaymentSetupLinkResponse). */
const paymentSetupLinkSchema = z.object({
  success: z.literal(true),
  onboardingUrl: z.string(),
  expiresAt: z.string(),
});

export const paymentsDocs: RouteDoc[] = [
  {
    route: 'GET /api/payments/intent-status',
    summary: 'The status of a payment intent',
    access: 'user',
    query: intentStatusQuerySchema,
    responses: { 200: z.object({ status: z.string(), payment_intent_id: z.string(), task_id: z.string() }) },
  },
  {
    route: 'POST /api/payment-setup/account',
    summary: 'Create my payout account',
    access: 'user',
    responses: { 200: paymentSetupLinkSchema },
  },
  {
    route: 'POST /api/payment-setup/refresh-link',
    summary: 'A new payout onboarding link',
    access: 'user',
    responses: { 200: paymentSetupLinkSchema },
  },
  {
    route: 'POST /api/payment-setup/verify',
    summary: 'Check my payout account',
    access: 'user',
    responses: { 200: z.object({ success: z.literal(true), expert: myExpertProfileDtoSchema }) },
  },
  {
    route: 'POST /api/payment-webhooks',
    summary: 'Payment provider webhooks (signature-checked)',
    access: 'public',
    responses: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
  },
  {
    route: 'POST /api/payments/capture',
    summary: "Capture a task's payment",
    access: 'user',
    body: capturePaymentSchema,
    responses: { 200: captureResultDtoSchema },
  },
  {
    route: 'POST /api/payments/confirm',
    summary: 'Confirm a payment authorization',
    access: 'user',
    body: confirmPaymentSchema,
    responses: { 200: z.object({ message: z.string(), task: taskDtoSchema }) },
  },
  {
    route: 'POST /api/payments/intent',
    summary: 'Start a payment authorization',
    access: 'user',
    body: createPaymentIntentSchema,
    responses: { 200: paymentIntentDtoSchema },
  },
  {
    route: 'POST /api/payments/local/authenticate',
    summary: 'Embedded provider: authenticate a payment',
    access: 'user',
    body: localAuthenticateSchema,
    responses: { 200: localCardResultDtoSchema },
  },
  {
    route: 'POST /api/payments/local/confirm',
    summary: 'Embedded provider: confirm a payment',
    access: 'user',
    body: localCardSchema,
    responses: { 200: localCardResultDtoSchema },
  },
];
