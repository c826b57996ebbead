import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolationsAtBothWidths } from './fixtures';
import { apiPost, apiTask, payInDialog, REMOTE_DESCRIPTION, REQUIREMENTS, signedInPage, toast, uniqueTitle } from './task-loop-helpers';

/**
 * Late work (issue 50, decision 0465): the due moment passes with nothing delivered, both parties see
 * "Overdue", the expert asks for more time, the client declines, and once 24 hours have passed the
 * client cancels for free. The server's clock is moved with the development clock control.
 */
const NYC = { latitude: 40.7128, longitude: -74.006 };
const DAY = 24 * 3600 * 1000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

test('an overdue task: more time asked and declined, then a free cancel', async ({ browser }) => {
  test.setTimeout(180_000);
  const client = await signedInPage(browser, DEMO.client);
  const expert = await signedInPage(browser, DEMO.expert);

  const { task } = (await apiPost(client, '/api/tasks', {
    title: uniqueTitle('Flat viewing'),
    description: REMOTE_DESCRIPTION,
    requirements: REQUIREMENTS,
    category: 'property',
    urgency: 'high',
    budget: 9_000,
    due_date: new Date(Date.now() + DAY).toISOString(),
    location: 'New York, New York, United States',
    ...NYC,
  })) as { task: { id: string } };
  const taskId = task.id;
  await apiPost(expert, `/api/tasks/${taskId}/applications`, { proposed_rate: 9_000, notes: 'I can view the flat tomorrow morning.' });
  const [application] = (await apiTask(client, taskId)).applications;
  await apiPost(client, `/api/tasks/${taskId}/assign`, { application_id: application!.id });
  await client.goto(`/task/${taskId}`);
  await client.getByRole('button', { name: /^Authorize Payment/ }).first().click();
  await payInDialog(client, taskId);
  await apiPost(expert, `/api/tasks/${taskId}/accept`);

  // Four days later (the due moment is at most two days ahead), nothing has been delivered.
  const moved = await client.request.post('/dev/clock/advance', { data: { hours: 96 }, headers: { origin: new URL(client.url()).origin } });
  expect(moved.ok(), await moved.text()).toBeTruthy();
  const serverNow = Date.now() + 4 * DAY;

  // The expert sees Overdue and asks for two more days, by keyboard.
  await expert.goto(`/task/${taskId}`);
  const expertPanel = expert.getByTestId('late-work-panel');
  await expect(expertPanel.getByText('Overdue', { exact: true })).toBeVisible();
  await expertPanel.getByLabel('New due date').fill(isoDay(serverNow + 2 * DAY));
  await expertPanel.getByLabel('Reason').fill('The seller moved the viewing to the weekend.');
  await expectNoAxeViolationsAtBothWidths(expert);
  await expertPanel.getByRole('button', { name: 'Ask for more time' }).focus();
  await expert.keyboard.press('Enter');
  await expect(toast(expert, /^Extension requested/)).toBeVisible();

  // The client sees the request, declines it, and cancels for free.
  await client.reload();
  const clientPanel = client.getByTestId('late-work-panel');
  await expect(clientPanel.getByText('Overdue', { exact: true })).toBeVisible();
  await expect(clientPanel.getByTestId('extension-request')).toContainText('The seller moved the viewing to the weekend.');
  await expectNoAxeViolationsAtBothWidths(client);
  await clientPanel.getByRole('button', { name: 'Decline' }).click();
  await expect(toast(client, /^Extension declined/)).toBeVisible();
  await clientPanel.getByRole('button', { name: 'Cancel for free' }).click();
  const dialog = client.getByRole('alertdialog');
  await expect(dialog).toContainText('no fee applies');
  await dialog.getByRole('button', { name: 'Cancel for free' }).click();
  await expect.poll(async () => (await apiTask(client, taskId)).status).toBe('cancelled');
  await expect.poll(async () => (await apiTask(client, taskId)).payment_status).not.toBe('captured');

  await client.context().close();
  await expert.context().close();
});
