import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_OVERRIDE_ACTIONS } from '@shared/domain/task-status';
import { messages } from '@shared/messages';
import type { AuditEntryDto, Paged } from '@shared/schemas/admin-dto';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { auditLog, notifications } from '../../db/schema';
import {
  expectError,
  notificationsOf,
  okJson,
  taskAt,
  taskRow,
  useTasksTestApp,
  type Cast,
  type TasksTestApp,
} from '../tasks/tasks.test-helpers';

/**
 * Issue 27: every admin action in a party's place needs a written reason, leaves exactly one audit
 * row in the same transaction, tells both parties the reason, and never voids delivered work.
 */
let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite), { resetPayments: true });

const REASON = 'The client called support and asked us to act for them.';
const adminOverridesText = messages.adminOverrides;

interface OverrideCase {
  stage: Parameters<typeof taskAt>[2];
  path: (taskId: string) => string;
  body: (ids: { applicationId: string }) => Record<string, unknown>;
  statusAfter: string;
}

/** One case per override of the transition table: a new override action without a case fails below. */
const CASES: Record<string, OverrideCase> = {
  assign: {
    stage: 'open',
    path: (id) => `/api/tasks/${id}/assign`,
    body: ({ applicationId }) => ({ application_id: applicationId }),
    statusAfter: 'assigned',
  },
  confirm_evidence: {
    stage: 'pending_approval',
    path: (id) => `/api/tasks/${id}/evidence/confirm`,
    body: () => ({}),
    statusAfter: 'verified',
  },
  reject_evidence: {
    stage: 'pending_approval',
    path: (id) => `/api/tasks/${id}/evidence/reject`,
    body: () => ({ reason: 'The photos do not show the north side.', request_changes: true }),
    statusAfter: 'disputed',
  },
  cancel: {
    stage: 'in_progress',
    path: (id) => `/api/tasks/${id}/cancel`,
    body: () => ({ reason: 'plans_changed' }),
    statusAfter: 'cancelled',
  },
};

const auditRowsOf = (taskId: string) =>
  h.db.select().from(auditLog).where(and(eq(auditLog.target_type, 'task'), eq(auditLog.target_id, taskId)));
const overrideNotices = (userId: string, taskId: string) =>
  notificationsOf(h, userId, taskId).then((rows) => rows.filter((row) => row.type === 'admin_override'));
const overrideAudits = (taskId: string) =>
  auditRowsOf(taskId).then((rows) => rows.filter((row) => row.action.startsWith('override.')));

describe('admin overrides', () => {
  it('has a case for every override the transition table defines', () => {
    expect(Object.keys(CASES).sort()).toEqual([...ADMIN_OVERRIDE_ACTIONS].sort());
  });

  it.each(Object.entries(CASES))('%s: without a reason 400 and nothing changes; with one, one audit row and both told', async (action, c) => {
    const { task, application } = await taskAt(h, cast, c.stage);
    const before = await taskRow(h, task.id);
    const path = c.path(task.id);
    const base = c.body({ applicationId: application.id });

    for (const body of [base, { ...base, override_reason: 'too short' }, { ...base, override_reason: '   ' }]) {
      const res = await h.request('POST', path, { cookie: cast.admin.cookie, body });
      expect(await expectError(res, 400)).toBe(adminOverridesText.reasonRequired);
    }
    expect(await expectError(await h.request('POST', path, { cookie: cast.admin.cookie, body: { ...base, override_reason: 'x'.repeat(1001) } }), 400)).toBe(adminOverridesText.reasonTooLong);
    expect(await taskRow(h, task.id)).toEqual(before);
    expect(await overrideAudits(task.id)).toEqual([]);
    expect(h.payments.cancelCalls).toEqual([]);
    expect(h.payments.captureCalls).toEqual([]);

    await okJson(await h.request('POST', path, { cookie: cast.admin.cookie, body: { ...base, override_reason: `  ${REASON}  ` } }));
    expect((await taskRow(h, task.id)).status).toBe(c.statusAfter);
    const audits = await overrideAudits(task.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor_id: cast.admin.id,
      action: `override.${action}`,
      details: { status_before: before.status, status_after: c.statusAfter, payment_status_before: before.payment_status, reason: REASON },
    });
    for (const party of [cast.client, cast.expert]) {
      const notices = await overrideNotices(party.id, task.id);
      expect(notices).toHaveLength(1);
      expect(notices[0].message).toContain(REASON);
    }
  });

  it('the party itself needs no reason and leaves no override row', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    await okJson(await h.request('POST', `/api/tasks/${task.id}/cancel`, { cookie: cast.client.cookie, body: { reason: 'plans_changed' } }));
    expect(await overrideAudits(task.id)).toEqual([]);
    expect(h.payments.cancelCalls.map((call) => call.reason)).toEqual(['task_cancelled_by_client']);
  });

  it('tells the provider an admin cancelled, after the change committed', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    const body = { override_reason: REASON };
    await okJson(await h.request('POST', `/api/tasks/${task.id}/cancel`, { cookie: cast.admin.cookie, body }));
    expect(h.payments.cancelCalls.map((call) => call.reason)).toEqual(['task_cancelled_by_admin']);
    expect(await taskRow(h, task.id)).toMatchObject({ status: 'cancelled', payment_status: 'unpaid' });
  });

  it('a failed release after an admin cancel is reported, and the cancel stands with its audit row', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    h.payments.failCancel = true;
    const res = await h.request('POST', `/api/tasks/${task.id}/cancel`, { cookie: cast.admin.cookie, body: { override_reason: REASON } });
    const body = await okJson<{ message: string; payment_failed: boolean }>(res);
    expect(body).toMatchObject({ message: adminOverridesText.cancelledHoldFailed, payment_failed: true });
    expect(await taskRow(h, task.id)).toMatchObject({ status: 'cancelled', payment_status: 'authorized' });
    expect(await overrideAudits(task.id)).toHaveLength(1);
  });

  describe('when the audit row cannot be written', () => {
    // A trigger refuses every audit insert, on PGlite and PostgreSQL alike.
    const failAudits = async () => {
      await h.db.execute(
        sql`create or replace function audit_down() returns trigger language plpgsql as $$ begin raise exception 'audit log unavailable'; end $$`,
      );
      await h.db.execute(sql`create trigger audit_down before insert on audit_log for each row execute function audit_down()`);
    };
    const restoreAudits = async () => {
      await h.db.execute(sql`drop trigger if exists audit_down on audit_log`);
      await h.db.execute(sql`drop function if exists audit_down()`);
    };

    it.each([
      ['cancel', 'in_progress', (id: string) => `/api/tasks/${id}/cancel`],
      ['confirm_evidence', 'pending_approval', (id: string) => `/api/tasks/${id}/evidence/confirm`],
    ] as const)('%s changes nothing: the task and the hold stay as they were', async (_action, stage, path) => {
      const { task } = await taskAt(h, cast, stage);
      const before = await taskRow(h, task.id);
      const noticesBefore = await h.db.select().from(notifications).where(eq(notifications.task_id, task.id));
      await failAudits();
      try {
        const res = await h.request('POST', path(task.id), { cookie: cast.admin.cookie, body: { override_reason: REASON } });
        expect(res.status).toBe(500);
      } finally {
        await restoreAudits();
      }
      expect(await taskRow(h, task.id)).toEqual(before);
      expect(before.payment_status).toBe('authorized');
      expect(h.payments.cancelCalls).toEqual([]);
      expect(h.payments.captureCalls).toEqual([]);
      expect(await h.db.select().from(notifications).where(eq(notifications.task_id, task.id))).toHaveLength(noticesBefore.length);
    });
  });

  describe('delivered work is never voided by an admin cancel', () => {
    it('409 at pending_approval, pointing to the dispute; the hold untouched; no Cancel offered', async () => {
      const { task } = await taskAt(h, cast, 'pending_approval');
      const res = await h.request('POST', `/api/tasks/${task.id}/cancel`, { cookie: cast.admin.cookie, body: { override_reason: REASON } });
      expect(await expectError(res, 409)).toBe(adminOverridesText.cancelDeliveredWork);
      expect(await taskRow(h, task.id)).toMatchObject({ status: 'pending_approval', payment_status: 'authorized' });
      expect(h.payments.cancelCalls).toEqual([]);
      const details = await okJson<{ task: TaskDetailsDto }>(await h.request('GET', `/api/tasks/${task.id}`, { cookie: cast.admin.cookie }));
      expect(details.task.capabilities).not.toContain('cancel');
      expect(details.task.capabilities).toContain('confirm_evidence');
    });

    it('409 at disputed, pointing to the dispute resolution', async () => {
      const { task } = await taskAt(h, cast, 'pending_approval');
      await okJson(
        await h.request('POST', `/api/tasks/${task.id}/evidence/reject`, {
          cookie: cast.client.cookie,
          body: { reason: 'Blurry photos.', request_changes: false },
        }),
      );
      const res = await h.request('POST', `/api/tasks/${task.id}/cancel`, { cookie: cast.admin.cookie, body: { override_reason: REASON } });
      expect(await expectError(res, 409)).toBe(adminOverridesText.cancelDisputed);
      expect(await taskRow(h, task.id)).toMatchObject({ status: 'disputed', payment_status: 'authorized' });
      expect(h.payments.cancelCalls).toEqual([]);
    });
  });

  it('the audit tab lists one task\'s rows and one action; bad filters are 400', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    await okJson(await h.request('POST', `/api/tasks/${task.id}/cancel`, { cookie: cast.admin.cookie, body: { override_reason: REASON } }));
    const list = (query: string) => h.request('GET', `/api/admin/audit?${query}`, { cookie: cast.admin.cookie });
    const byTask = await okJson<Paged<AuditEntryDto>>(await list(`task_id=${task.id}`));
    expect(byTask.total).toBe(1);
    expect(byTask.rows[0]).toMatchObject({ action: 'override.cancel', target_id: task.id, target_name: task.title, actor_id: cast.admin.id });
    const byAction = await okJson<Paged<AuditEntryDto>>(await list('action=override.cancel&pageSize=50'));
    expect(byAction.rows.every((row) => row.action === 'override.cancel')).toBe(true);
    expect(byAction.rows.map((row) => row.target_id)).toContain(task.id);
    const none = await okJson<Paged<AuditEntryDto>>(await list(`task_id=${task.id}&action=override.assign`));
    expect(none).toMatchObject({ total: 0, rows: [] });
    expect((await list('task_id=not-a-uuid')).status).toBe(400);
    expect((await list('action=DROP%20TABLE')).status).toBe(400);
    expect((await h.request('GET', `/api/admin/audit?task_id=${task.id}`, { cookie: cast.client.cookie })).status).toBe(403);
  });
});
