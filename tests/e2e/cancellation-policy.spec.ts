import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectNoAxeViolationsAtBothWidths, sameOrigin } from './fixtures';
import { apiPost, apiTask, assignThroughUi, createTaskByApi, payInDialog, signedInPage, toast, uniqueTitle } from './task-loop-helpers';

/**
 * Issue 50 (docs/decisions/0460-0462): a late client cancel shows the call-out fee before the click
 * and the expert's bell shows it; the hired expert's cancel leaves the task open with the other
 * applicant hireable at once. axe at 1280 and 390 px on the dialogs, the bell and the policy page.
 */

/** The expert offers one window starting `hoursAhead` from the server's now; the client takes it. */
async function agreeVisit(expert: Page, client: Page, taskId: string, hoursAhead: number) {
  const start = new Date(Date.now() + hoursAhead * 3_600_000);
  const end = new Date(start.getTime() + 3_600_000);
  const proposed = (await apiPost(expert, `/api/tasks/${taskId}/appointment/proposals`, {
    windows: [{ start: start.toISOString(), end: end.toISOString() }],
  })) as { appointment: { pending: { id: string } } };
  const { appointment } = proposed;
  await apiPost(client, `/api/tasks/${taskId}/appointment/proposals/${appointment.pending.id}/accept`, { choice: 0 });
}

test('a late client cancel shows the call-out fee before the click, and the expert is told of it', async ({ browser }) => {
  test.setTimeout(240_000);
  const client = await signedInPage(browser, DEMO.client);
  const expert = await signedInPage(browser, DEMO.expert);
  await client.setViewportSize({ width: 1280, height: 900 });
  const taskId = await createTaskByApi(client, uniqueTitle('Check the flat before I sign'), 9_000);
  await apiPost(expert, `/api/tasks/${taskId}/applications`, { proposed_rate: 9_000, notes: 'I can visit the flat this week with photos.' });
  const payment = await assignThroughUi(client, taskId);
  // The hire dialog links to the policy.
  await expect(payment.getByRole('link', { name: 'Cancellation policy' })).toHaveAttribute('href', '/cancellation-policy');
  await payInDialog(client, taskId);
  await agreeVisit(expert, client, taskId, 10);
  // Past the free hour after hiring (the development clock control, never mounted in production).
  const moved = await client.request.post('/dev/clock/advance', { data: { hours: 2 }, headers: sameOrigin(client) });
  expect(moved.ok(), await moved.text()).toBeTruthy();

  await client.goto(`/task/${taskId}`);
  await client.getByRole('button', { name: 'Cancel Task' }).click();
  const dialog = client.getByTestId('cancel-booking-dialog');
  await expect(dialog.getByText('Call-out fee charged: $22.50 (the expert receives $20.25, platform fee $2.25)')).toBeVisible();
  await expect(dialog.getByText('Released back to the card: $67.50')).toBeVisible();
  await dialog.getByRole('radio', { name: 'I found another way to get it done' }).check();
  await expectNoAxeViolationsAtBothWidths(client);
  await client.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Cancel and pay $22.50' }).click();
  await expect(toast(client, 'Task cancelled. A call-out fee of $22.50 is charged and the rest of the hold is released.')).toBeVisible();
  await expect.poll(async () => (await apiTask(client, taskId)).payment_status).toBe('captured');
  await expect(client.getByTestId('cancellations-timeline')).toContainText('I found another way to get it done');

  await expert.goto('/dashboard');
  await expert.setViewportSize({ width: 1280, height: 900 });
  await expert.getByRole('button', { name: /^Notifications, [1-9]\d* unread/ }).click();
  await expect(expert.getByText(/You receive a call-out fee of \$20\.25\./).first()).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(expert);

  // Issue 51: the client's receipt for the fee, listed on /profile and downloadable as a PDF.
  await client.goto('/profile?tab=receipts');
  const receipt = client.getByTestId('receipt').filter({ hasText: 'Partial payment' }).first();
  await expect(receipt).toContainText('$22.50');
  const [download] = await Promise.all([client.waitForEvent('download'), receipt.getByRole('link', { name: /^Download receipt R-/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^receipt-R-\d{4}-[0-9A-F]{10}\.pdf$/);
  await expectNoAxeViolationsAtBothWidths(client);

  // The policy page states the numbers in force.
  await client.goto('/cancellation-policy');
  await expect(client.getByTestId('cancellation-policy')).toContainText('25% of the agreed price, at least $15.00');
  await expectNoAxeViolationsAtBothWidths(client);
  await client.context().close();
  await expert.context().close();
});

test("the expert's cancel leaves the task open with the other applicant hireable at once", async ({ browser }) => {
  test.setTimeout(240_000);
  const client = await signedInPage(browser, DEMO.client);
  const expert = await signedInPage(browser, DEMO.expert);
  const rival = await signedInPage(browser, 'expert2@example.com');
  for (const page of [client, expert]) await page.setViewportSize({ width: 390, height: 844 });
  const taskId = await createTaskByApi(client, uniqueTitle('Photograph the car for sale'), 9_000);
  await apiPost(expert, `/api/tasks/${taskId}/applications`, { proposed_rate: 9_000, notes: 'I can photograph the car tomorrow.' });
  await apiPost(rival, `/api/tasks/${taskId}/applications`, { proposed_rate: 9_500, notes: 'I am close by and free this week.' });
  await client.goto(`/task/${taskId}`);
  await client.getByTestId('application').first().getByRole('button', { name: 'Assign' }).click();
  await payInDialog(client, taskId);

  await expert.goto(`/task/${taskId}`);
  // The hired expert's way out is Decline (before starting), always with a reason (decision 0461).
  await expert.getByTestId('assignment-card').getByRole('button', { name: 'Decline' }).click();
  const dialog = expert.getByTestId('cancel-booking-dialog');
  await expect(dialog).toContainText('the task reopens for the other applicants');
  await dialog.getByRole('radio', { name: 'I am ill or had an emergency' }).check();
  await expectNoAxeViolationsAtBothWidths(expert);
  await dialog.getByRole('button', { name: 'Cancel my booking' }).click();
  await expect(toast(expert, 'You cancelled the booking. The client has been told and the task is open again.')).toBeVisible();
  await expect.poll(async () => (await apiTask(client, taskId)).status).toBe('open');

  await client.goto(`/task/${taskId}`);
  await expect(client.getByTestId('cancellations-timeline')).toContainText('Cancelled by the expert');
  const other = client.getByTestId('application').filter({ hasText: 'I am close by and free this week.' });
  await expectNoAxeViolationsAtBothWidths(client);
  await client.setViewportSize({ width: 390, height: 844 });
  await other.getByRole('button', { name: 'Assign' }).click();
  await expect(toast(client, 'Expert assigned successfully! Please authorize payment to proceed.')).toBeVisible();
  await expect.poll(async () => (await apiTask(client, taskId)).status).toBe('assigned');
  for (const page of [client, expert, rival]) await page.context().close();
});
