import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolationsAtBothWidths } from './fixtures';
import { apiPost, apiTask, createTaskByApi, payInDialog, signedInPage, toast, uniqueTitle } from './task-loop-helpers';

/**
 * Issue 27: an admin cancels an in-progress task in the client's place. The dialog asks for the
 * reason, the expert is told it, and the Audit tab shows the act filtered by that task.
 */
test('an admin cancels an in-progress task with a reason; the expert sees it; the audit tab shows it', async ({ browser }) => {
  test.setTimeout(240_000);
  const client = await signedInPage(browser, DEMO.client);
  const expert = await signedInPage(browser, DEMO.expert);
  const admin = await signedInPage(browser, DEMO.admin);
  const taskId = await createTaskByApi(client, uniqueTitle('Admin cancel'), 7_000);
  await apiPost(expert, `/api/tasks/${taskId}/applications`, {
    proposed_rate: 7_000,
    notes: 'I live nearby and can photograph everything today.',
  });
  const [application] = (await apiTask(client, taskId)).applications;
  await apiPost(client, `/api/tasks/${taskId}/assign`, { application_id: application!.id });
  // The client authorizes the hold on the task page's payment section, then the expert starts.
  await client.goto(`/task/${taskId}`);
  await client.getByRole('button', { name: /^Authorize Payment/ }).first().click();
  await payInDialog(client, taskId);
  await apiPost(expert, `/api/tasks/${taskId}/accept`);

  const reason = 'The client asked support by phone to stop this task.';
  await admin.goto(`/task/${taskId}`);
  await admin.getByRole('button', { name: 'Cancel Task' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Cancel this task as an admin?' });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Please give a reason for this admin action (at least 10 characters).')).toBeVisible();
  await dialog.getByLabel(/^Reason/).fill(reason);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(admin, 'Task cancelled successfully')).toBeVisible();
  await expect.poll(async () => (await apiTask(admin, taskId)).status).toBe('cancelled');
  await expect(admin.getByRole('list', { name: 'Admin actions' })).toContainText(reason);

  // The expert's bell carries the reason.
  await expert.goto('/dashboard');
  await expert.getByRole('button', { name: /^Notifications, [1-9]\d* unread/ }).click();
  await expect(expert.getByText(`Reason: ${reason}`).first()).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(expert);

  // The Audit tab, filtered by that task, shows the override and its reason.
  await admin.getByRole('link', { name: 'Open in the Audit tab' }).click();
  await expect(admin).toHaveURL(new RegExp(`tab=audit&task=${taskId}`));
  const rows = admin.getByTestId('audit-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Cancelled a task (override)');
  await expect(rows.first()).toContainText(reason);
  await expectNoAxeViolationsAtBothWidths(admin);

  await client.context().close();
  await expert.context().close();
  await admin.context().close();
});
