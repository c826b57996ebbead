import { Hono } from 'hono';
import { EVIDENCE } from '@shared/constants';
import { rejectWithReasonSchema } from '@shared/schemas/admin-overrides.schemas';
import { check } from '@shared/domain/permissions';
import { messages } from '@shared/messages';
import {
  disputeListQuerySchema,
  idParamSchema,
  moneySettingsSchema,
  type MoneySettingsDto,
  refundSchema,
  resolveDisputeSchema,
  type AdminDisputeDto,
  type RefundableTransactionDto,
  type TaskMoneyDto,
} from '@shared/schemas/disputes.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { formData, jsonBody, pathParams, queryParams } from '../../http/validation';
import { forbidden } from '../../lib/errors';
import { rolesOf } from '../profiles/profiles.repository';
import { createReauthorizeService } from '../holds/reauthorize.service';
import { createReauthorizeDialogService, reauthorizeWith } from '../holds/reauthorize-dialog.service';
import { reviewWindowHours, setReviewWindowHours } from '../holds/holds.repository';
import { recordAudit } from '../audit/audit.repository';
import { loadVisibleTask } from '../tasks/task-access';
import { toTaskDto } from '../tasks/tasks.dto';
import { latestDispute, listDisputes, listRefundable } from './disputes.repository';
import { createDisputesService, toDisputeDto } from './disputes.service';
import { createRefundsService } from './refunds.service';
import { resubmitEvidence } from './resubmit.service';

const ENVELOPE_BYTES = 64 * 1024;
const ADMIN_LIST_LIMIT = 100;

/**
 * Money that cannot get stuck (issue 13), mounted under /api:
 * POST /tasks/:id/evidence/reject        the client (or an admin) opens a dispute {reason, request_changes}
 * POST /tasks/:id/evidence/resubmit      the assigned expert's one resubmission (multipart, like /evidence)
 * POST /tasks/:id/dispute/accept         the assigned expert accepts the rejection (task cancelled, hold voided)
 * POST /tasks/:id/payment/reauthorize    the client renews the hold with the saved card
 * POST /tasks/:id/payment/reauthorize/intent   a new intent for the payment dialog while the hold is live
 *                                        (POST /payments/confirm then swaps it in and voids the old hold)
 * GET  /tasks/:id/money                  deadlines and dispute, for the task's parties and admins
 * GET  /admin/disputes?status=open|resolved                admins only
 * POST /admin/disputes/:id/resolve {resolution, amount_cents?, note?}   admins only
 * GET  /admin/refundable-transactions                       admins only
 * POST /admin/transactions/:id/refund {amount_cents, idempotency_key, reason?}   admins only
 * GET  /admin/money-settings, PUT /admin/money-settings {review_window_hours}     admins only
 */
export function disputesRoutes(deps: AppDeps) {
  const provider = () => deps.providers.payments;
  // Tests of the tasks module inject their fake payments this way; the app uses the real ones.
  const payments = deps.taskPayments;
  const disputes = createDisputesService({ db: deps.db, clock: deps.clock, payments, provider });
  const refunds = createRefundsService({ db: deps.db, clock: deps.clock, provider });
  const reauthorize = createReauthorizeService({ db: deps.db, clock: deps.clock, payments, provider });
  const renewal = createReauthorizeDialogService({ db: deps.db, clock: deps.clock, payments, provider });

  async function requireAdmin(userId: string) {
    const roles = await rolesOf(deps.db, userId);
    if (!roles.isAdmin) throw forbidden(messages.common.forbidden);
  }

  return new Hono<AppEnv>()
    .post('/tasks/:id/evidence/reject', async (c) => {
      const user = requireUser(c);
      const body = await jsonBody(c, rejectWithReasonSchema);
      const result = await disputes.open(user.id, c.req.param('id'), body);
      return c.json({ task: toTaskDto(result.task), message: result.message, payment_failed: false });
    })
    .post('/tasks/:id/evidence/resubmit', async (c) => {
      const user = requireUser(c);
      const form = await formData(c, EVIDENCE.maxFiles * EVIDENCE.maxFileBytes + ENVELOPE_BYTES);
      const result = await resubmitEvidence({ db: deps.db, clock: deps.clock, storage: deps.providers.storage }, user.id, c.req.param('id'), form);
      return c.json({ task: toTaskDto(result.task), message: result.message, payment_failed: false });
    })
    .post('/tasks/:id/dispute/accept', async (c) => {
      const user = requireUser(c);
      return c.json(await disputes.acceptRejection(user.id, c.req.param('id')));
    })
    .post('/tasks/:id/payment/reauthorize', async (c) => {
      const user = requireUser(c);
      return c.json(await reauthorize.reauthorize(user.id, c.req.param('id')));
    })
    .post('/tasks/:id/payment/reauthorize/intent', async (c) => {
      const user = requireUser(c);
      return c.json(await renewal.createIntent(user.id, c.req.param('id')));
    })
    .get('/tasks/:id/money', async (c) => {
      const user = requireUser(c);
      const now = deps.clock.now();
      const { actor, task, facts } = await loadVisibleTask(deps.db, user.id, c.req.param('id'), now);
      const isParty = actor.isAdmin || task.client_id === actor.userId || task.expert_id === actor.userId;
      if (!isParty) throw forbidden(messages.common.forbidden);
      const dispute = await latestDispute(deps.db, task.id);
      const body: TaskMoneyDto = {
        task_id: task.id,
        status: task.status,
        payment_status: task.payment_status,
        authorization_hold_expires_at: task.authorization_hold_expires_at?.toISOString() ?? null,
        review_window_ends_at: task.review_window_ends_at?.toISOString() ?? null,
        dispute: dispute ? toDisputeDto(dispute) : null,
        can_resubmit: check(actor, 'resubmit_evidence', facts, now).ok && dispute?.status === 'open',
        can_accept_rejection: check(actor, 'accept_rejection', facts, now).ok,
        can_reauthorize: check(actor, 'reauthorize_payment', facts, now).ok,
        has_saved_card: Boolean(task.stripe_payment_method_id),
        reauthorize_with: reauthorizeWith(task, provider().name, {
          saved: check(actor, 'reauthorize_payment', facts, now).ok,
          dialog: check(actor, 'replace_hold_via_dialog', facts, now).ok,
        }),
        amount_cents: task.budget,
        server_now: now.toISOString(),
      };
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    })
    .get('/admin/disputes', async (c) => {
      const user = requireUser(c);
      await requireAdmin(user.id);
      const { status } = queryParams(c, disputeListQuerySchema);
      const rows = await listDisputes(deps.db, { status, limit: ADMIN_LIST_LIMIT });
      const name = (p: { first_name: string | null; last_name: string | null } | null) =>
        p ? [p.first_name, p.last_name].filter(Boolean).join(' ') : null;
      const items: AdminDisputeDto[] = rows.map((row) => ({
        ...toDisputeDto(row.dispute),
        task: {
          ...row.task,
          authorization_hold_expires_at: row.task.authorization_hold_expires_at?.toISOString() ?? null,
        },
        client_id: row.client.id,
        client_name: name(row.client) ?? '',
        expert_id: row.expert?.id ?? null,
        expert_name: name(row.expert),
      }));
      c.header('Cache-Control', 'no-store');
      return c.json({ disputes: items });
    })
    .post('/admin/disputes/:id/resolve', async (c) => {
      const user = requireUser(c);
      await requireAdmin(user.id);
      const { id } = pathParams(c, idParamSchema);
      const body = await jsonBody(c, resolveDisputeSchema);
      return c.json(await disputes.resolve(user.id, id, body));
    })
    .get('/admin/refundable-transactions', async (c) => {
      const user = requireUser(c);
      await requireAdmin(user.id);
      const rows = await listRefundable(deps.db, { limit: ADMIN_LIST_LIMIT });
      const items: RefundableTransactionDto[] = rows.map(({ transaction, task }) => ({
        id: transaction.id,
        task_id: task.id,
        task_title: task.title,
        amount: transaction.amount,
        amount_refunded: transaction.amount_refunded,
        platform_fee: transaction.platform_fee,
        status: transaction.status,
        created_at: transaction.created_at.toISOString(),
      }));
      c.header('Cache-Control', 'no-store');
      return c.json({ transactions: items });
    })
    .post('/admin/transactions/:id/refund', async (c) => {
      const user = requireUser(c);
      await requireAdmin(user.id);
      const { id } = pathParams(c, idParamSchema);
      const body = await jsonBody(c, refundSchema);
      return c.json(await refunds.refund(user.id, id, body));
    })
    // The review window setting (decision 0112); the admin settings form should show this field.
    .get('/admin/money-settings', async (c) => {
      const user = requireUser(c);
      await requireAdmin(user.id);
      const body: MoneySettingsDto = { review_window_hours: await reviewWindowHours(deps.db) };
      return c.json(body);
    })
    .put('/admin/money-settings', async (c) => {
      const user = requireUser(c);
      await requireAdmin(user.id);
      const body = await jsonBody(c, moneySettingsSchema);
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        await setReviewWindowHours(tx, body.review_window_hours, now);
        await recordAudit(tx, { actor_id: user.id, action: 'settings.review_window_changed', target_type: 'settings', target_id: '1', details: body, created_at: now });
      });
      return c.json(body);
    });
}
