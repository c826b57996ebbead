import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolationsAtBothWidths } from './fixtures';
import {
  acceptAndSubmitEvidenceByApi,
  apiTask,
  applyThroughUi,
  assignThroughUi,
  createTaskByApi,
  payInDialog,
  signedInPage,
  uniqueTitle,
} from './task-loop-helpers';

/**
 * Money that cannot get stuck (issue 13): evidence is submitted, the client stays silent, the
 * server's clock is moved past the review window with the development clock control (never
 * mounted in production), and the payment is captured automatically; both parties see it.
 */
test('the review window ends in silence: the payment is captured automatically and both parties see it', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const client = await signedInPage(browser, DEMO.client);
  const expert = await signedInPage(browser, DEMO.expert);
  const taskId = await createTaskByApi(client, uniqueTitle('Silent client'), 8_000);
  await applyThroughUi(expert, taskId, '80');
  await assignThroughUi(client, taskId);
  await payInDialog(client, taskId);
  await acceptAndSubmitEvidenceByApi(expert, taskId);

  // Both parties see the countdowns: the hold and the review window.
  await client.goto(`/task/${taskId}`);
  const panel = client.getByTestId('task-money-panel');
  await expect(panel).toContainText(/Payment hold expires in \d+d/);
  await expect(panel).toContainText(/Payment is released automatically in (2d 23h|3d 0h|2d 2\dh)/);
  await expectNoAxeViolationsAtBothWidths(client);
  await expert.goto(`/task/${taskId}`);
  await expect(expert.getByTestId('task-money-panel')).toContainText('The payment is released automatically in');

  // The test-only clock control: 73 hours later, and the timed work runs.
  const moved = await client.request.post('/dev/clock/advance', {
    data: { hours: 73 },
    headers: { origin: new URL(client.url()).origin },
  });
  expect(moved.ok(), await moved.text()).toBeTruthy();

  await expect.poll(async () => (await apiTask(client, taskId)).payment_status, { timeout: 20_000 }).toBe('captured');
  const task = await apiTask(client, taskId);
  expect(task.status).toBe('verified');
  expect(task.transactions.filter((row) => row.status === 'captured')).toHaveLength(1);

  await client.reload();
  await expect(client.getByText('verified', { exact: true })).toBeVisible();
  await expect(client.getByRole('row').filter({ hasText: '$80.00' }).filter({ hasText: 'Captured' })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(client);

  // The expert was told (read before reloading the task page: opening it marks its notifications read).
  await expect
    .poll(async () => (await expert.request.get('/api/notifications')).text(), { timeout: 10_000 })
    .toContain('Payment');
  await expert.reload();
  await expect(expert.getByText('verified', { exact: true })).toBeVisible();

  await client.context().close();
  await expert.context().close();
});
