import {
  disputeListQuerySchema,
  idParamSchema,
  moneySettingsSchema,
  refundSchema,
  resolveDisputeSchema,
} from '@shared/schemas/disputes.schemas';
import { rejectWithReasonSchema } from '@shared/schemas/admin-overrides.schemas';
import type { RouteDoc } from '../route-doc';

export const disputesDocs: RouteDoc[] = [
  {
    route: 'GET /api/admin/disputes',
    summary: 'Admin: list disputes',
    access: 'admin',
    query: disputeListQuerySchema,
  },
  { route: 'GET /api/admin/money-settings', summary: 'Admin: read fee and hold settings', access: 'admin' },
  {
    route: 'GET /api/admin/refundable-transactions',
    summary: 'Admin: transactions that can be refunded',
    access: 'admin',
  },
  { route: 'GET /api/tasks/:id/money', summary: 'The money state of a task', access: 'user' },
  {
    route: 'POST /api/admin/disputes/:id/resolve',
    summary: 'Admin: resolve a dispute',
    access: 'admin',
    body: resolveDisputeSchema,
    params: idParamSchema,
  },
  {
    route: 'POST /api/admin/transactions/:id/refund',
    summary: 'Admin: refund a transaction',
    access: 'admin',
    body: refundSchema,
    params: idParamSchema,
  },
  { route: 'POST /api/tasks/:id/dispute/accept', summary: 'Accept the outcome of a dispute', access: 'user' },
  {
    route: 'POST /api/tasks/:id/evidence/reject',
    summary: 'Reject submitted evidence (opens a dispute)',
    access: 'user',
    body: rejectWithReasonSchema,
  },
  {
    route: 'POST /api/tasks/:id/evidence/resubmit',
    summary: 'Resubmit evidence after a rejection',
    access: 'user',
    upload: true,
  },
  {
    route: 'POST /api/tasks/:id/payment/reauthorize',
    summary: 'Reauthorize a lapsed payment hold',
    access: 'user',
  },
  {
    route: 'POST /api/tasks/:id/payment/reauthorize/intent',
    summary: 'Start reauthorizing a payment hold',
    access: 'user',
  },
  {
    route: 'PUT /api/admin/money-settings',
    summary: 'Admin: save fee and hold settings',
    access: 'admin',
    body: moneySettingsSchema,
  },
];
