import {
  disputeListQuerySchema,
  idParamSchema,
  moneySettingsSchema,
  refundSchema,
  resolveDisputeSchema,
} from '@shared/schemas/disputes.schemas';
import { rejectWithReasonSchema } from '@shared/schemas/admin-overrides.schemas';
import {
  adminDisputeListSchema,
  disputeResolvedSchema,
  disputeTransitionSchema,
  moneySettingsDtoSchema,
  reauthorizeResultSchema,
  refundableTransactionListSchema,
  refundResultSchema,
  rejectionAcceptedSchema,
  taskMoneyDtoSchema,
} from '@shared/schemas/disputes-api.schemas';
import { paymentIntentDtoSchema } from '@shared/schemas/task-api.schemas';
import type { RouteDoc } from '../route-doc';

export const disputesDocs: RouteDoc[] = [
  {
    route: 'GET /api/admin/disputes',
    summary: 'Admin: list disputes',
    access: 'admin',
    query: disputeListQuerySchema,
    responses: { 200: adminDisputeListSchema },
  },
  {
    route: 'GET /api/admin/money-settings',
    summary: 'Admin: read fee and hold settings',
    access: 'admin',
    responses: { 200: moneySettingsDtoSchema },
  },
  {
    route: 'GET /api/admin/refundable-transactions',
    summary: 'Admin: transactions that can be refunded',
    access: 'admin',
    responses: { 200: refundableTransactionListSchema },
  },
  {
    route: 'GET /api/tasks/:id/money',
    summary: 'The money state of a task',
    access: 'user',
    responses: { 200: taskMoneyDtoSchema },
  },
  {
    route: 'POST /api/admin/disputes/:id/resolve',
    summary: 'Admin: resolve a dispute',
    access: 'admin',
    body: resolveDisputeSchema,
    params: idParamSchema,
    responses: { 200: disputeResolvedSchema },
  },
  {
    route: 'POST /api/admin/transactions/:id/refund',
    summary: 'Admin: refund a transaction',
    access: 'admin',
    body: refundSchema,
    params: idParamSchema,
    responses: { 200: refundResultSchema },
  },
  {
    route: 'POST /api/tasks/:id/dispute/accept',
    summary: 'Accept the outcome of a dispute',
    access: 'user',
    responses: { 200: rejectionAcceptedSchema },
  },
  {
    route: 'POST /api/tasks/:id/evidence/reject',
    summary: 'Reject submitted evidence (opens a dispute)',
    access: 'user',
    body: rejectWithReasonSchema,
    responses: { 200: disputeTransitionSchema },
  },
  {
    route: 'POST /api/tasks/:id/evidence/resubmit',
    summary: 'Resubmit evidence after a rejection',
    access: 'user',
    upload: true,
    responses: { 200: disputeTransitionSchema },
  },
  {
    route: 'POST /api/tasks/:id/payment/reauthorize',
    summary: 'Reauthorize a lapsed payment hold',
    access: 'user',
    responses: { 200: reauthorizeResultSchema },
  },
  {
    route: 'POST /api/tasks/:id/payment/reauthorize/intent',
    summary: 'Start reauthorizing a payment hold',
    access: 'user',
    responses: { 200: paymentIntentDtoSchema },
  },
  {
    route: 'PUT /api/admin/money-settings',
    summary: 'Admin: save fee and hold settings',
    access: 'admin',
    body: moneySettingsSchema,
    responses: { 200: moneySettingsDtoSchema },
  },
];
