import { describe, expect, it } from 'vitest';
import type { SystemSettingsDto } from '@shared/schemas/admin-dto';
import type { PublicSettingsDto } from '@shared/schemas/geo.schemas';
import {
  evidenceForm,
  expectError,
  imageFile,
  notificationsOf,
  taskAt,
  taskInput,
  useTasksTestApp,
  type Cast,
  type TasksTestApp,
} from '../tasks/tasks.test-helpers';

/**
 * The texts that state an admin setting read the setting in force (docs/decisions/0451): each setting
 * is changed through the admin API, then the texts are read back where a user meets them.
 */

const HOUR = 60 * 60 * 1000;

let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite));

interface OutboxMail {
  subject: string | null;
  body: string;
  action_url: string | null;
}

async function mailsTo(email: string): Promise<OutboxMail[]> {
  const response = await h.app.request(`/dev/outbox/messages?channel=email&recipient=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: OutboxMail[] }).messages;
}

const publicSettings = async () => (await h.json(await h.request('GET', '/api/public-settings'))) as PublicSettingsDto;

describe('texts that state a setting read the setting in force', () => {
  it('the review window: the submit answer, the notification and the email say 48 hours once the admin sets 48', async () => {
    expect((await publicSettings()).review_window_hours).toBe(72);
    const saved = await h.request('PUT', '/api/admin/money-settings', { cookie: cast.admin.cookie, body: { review_window_hours: 48 } });
    expect(saved.status).toBe(200);
    expect((await publicSettings()).review_window_hours).toBe(48);

    const { task } = await taskAt(h, cast, 'in_progress');
    const submitted = await h.request('POST', `/api/tasks/${task.id}/evidence`, {
      body: evidenceForm('All done.', [imageFile()]),
      cookie: cast.expert.cookie,
    });
    expect(submitted.status).toBe(200);
    const answer = (await h.json(submitted)) as { message: string };
    expect(answer.message).toBe('Evidence submitted! The client has been asked to review it within 48 hours.');

    const [notice] = (await notificationsOf(h, cast.client.id, task.id)).filter((row) => row.type === 'evidence_submitted');
    expect(notice?.message).toBe(`The expert submitted evidence for "${task.title}". Please review it within 48 hours.`);

    await h.context.jobs.runDue();
    await h.context.jobs.runDue();
    const mails = (await mailsTo(cast.client.email)).filter((mail) => mail.subject?.startsWith('Evidence Submitted') && mail.action_url?.endsWith(task.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('within 48 hours');
    expect(mails[0]!.body).not.toMatch(/\b(24|72) hours/);
  });

  it('the review window cut short by the card hold: the texts state the hours the task really gets', async () => {
    // The window is 48 hours (set above); the hold (7 days) expires 30 hours after the submission,
    // so the review ends an hour before it (payment-hold.ts): 29 hours.
    const { task } = await taskAt(h, cast, 'in_progress');
    h.clock.advance(7 * 24 * HOUR - 30 * HOUR);
    const submitted = await h.request('POST', `/api/tasks/${task.id}/evidence`, {
      body: evidenceForm('All done.', [imageFile()]),
      cookie: cast.expert.cookie,
    });
    expect(submitted.status).toBe(200);
    expect(((await h.json(submitted)) as { message: string }).message).toContain('within 29 hours');
    const [notice] = (await notificationsOf(h, cast.client.id, task.id)).filter((row) => row.type === 'evidence_submitted');
    expect(notice?.message).toContain('within 29 hours');
  });

  it('the fee and the price limits: the terms and the budget errors follow the admin settings', async () => {
    const current = (await h.json(await h.request('GET', '/api/admin/settings', { cookie: cast.admin.cookie }))) as SystemSettingsDto;
    const saved = await h.request('PUT', '/api/admin/settings', {
      cookie: cast.admin.cookie,
      body: { ...current, platform_fee_percent: 12.5, min_task_price: 2_000, max_task_price: 50_000 },
    });
    expect(saved.status).toBe(200);
    try {
      const after = await publicSettings();
      expect(after).toMatchObject({ platform_fee_percent: 12.5, min_task_price: 2_000, max_task_price: 50_000 });
      expect(after.tos_content).toContain('platform fee of 12.5% and transfers 87.5% to the expert');

      const post = (budget: number) => h.request('POST', '/api/tasks', { body: taskInput({ budget }), cookie: cast.client.cookie });
      expect(await expectError(await post(1_000), 400)).toBe('Budget must be at least $20.00');
      expect(await expectError(await post(60_000), 400)).toBe('Budget must be at most $500.00');
    } finally {
      await h.request('PUT', '/api/admin/settings', { cookie: cast.admin.cookie, body: current });
    }
  });
});
