import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolationsAtBothWidths } from './fixtures';
import { apiPost, apiTask, confirmInDialog, makePng, payInDialog, REMOTE_DESCRIPTION, REQUIREMENTS, signedInPage, toast, uniqueTitle } from './task-loop-helpers';

/**
 * Changes requested instead of a dispute (issue 50, decision 0465): the client asks for the VIN plate
 * again, the expert re-delivers that one item (the first photo stays as an earlier version), and the
 * client confirms. Axe at 1280 and 390 px on the request, the re-delivery and the review.
 */
const NYC = { latitude: 40.7128, longitude: -74.006 };
const CHECKLIST = [
  { label: 'VIN plate', kind: 'photo', required: true },
  { label: 'Odometer', kind: 'photo', required: true },
];

test('changes requested on one checklist item, re-delivered, confirmed', async ({ browser }) => {
  test.setTimeout(180_000);
  const client = await signedInPage(browser, DEMO.client);
  const expert = await signedInPage(browser, DEMO.expert);

  // Set-up through the API: a vehicle task with its checklist, the expert applies and is assigned.
  const { task } = (await apiPost(client, '/api/tasks', {
    title: uniqueTitle('Used car check'),
    description: REMOTE_DESCRIPTION,
    requirements: REQUIREMENTS,
    category: 'vehicle',
    urgency: 'medium',
    budget: 9_000,
    due_date: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
    location: 'New York, New York, United States',
    ...NYC,
    checklist: CHECKLIST,
  })) as { task: { id: string } };
  const taskId = task.id;
  await apiPost(expert, `/api/tasks/${taskId}/applications`, { proposed_rate: 9_000, notes: 'I check used cars in Queens every week.' });
  const [application] = (await apiTask(client, taskId)).applications;
  await apiPost(client, `/api/tasks/${taskId}/assign`, { application_id: application!.id });
  await client.goto(`/task/${taskId}`);
  await client.getByRole('button', { name: /^Authorize Payment/ }).first().click();
  await payInDialog(client, taskId);
  await apiPost(expert, `/api/tasks/${taskId}/accept`);

  // The first delivery.
  await expert.goto(`/task/${taskId}`);
  const form = expert.getByRole('form', { name: 'Submit Evidence' });
  await form.getByLabel('VIN plate').setInputFiles({ name: 'vin.png', mimeType: 'image/png', buffer: makePng(4, 4, [200, 30, 30]) });
  await form.getByLabel('Odometer').setInputFiles({ name: 'odometer.png', mimeType: 'image/png', buffer: makePng(4, 4, [30, 200, 30]) });
  await form.getByLabel('Completion notes').fill('VIN plate and odometer, as listed.');
  await form.getByRole('button', { name: 'Submit Evidence' }).click();
  await expect.poll(async () => (await apiTask(expert, taskId)).status).toBe('pending_approval');

  // The client asks for the VIN plate again, by keyboard.
  await client.reload();
  await client.getByRole('button', { name: 'Request changes' }).click();
  const dialog = client.getByRole('dialog', { name: 'Request changes' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'VIN plate' }).focus();
  await client.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: 'VIN plate' })).toBeChecked();
  await dialog.getByLabel('What is missing or unclear').fill('The VIN plate is blurred; please take it again in daylight.');
  await expectNoAxeViolationsAtBothWidths(client);
  await dialog.getByRole('button', { name: 'Send the request' }).click();
  await expect(toast(client, /^Changes requested/)).toBeVisible();
  await expect.poll(async () => (await apiTask(client, taskId)).status).toBe('changes_requested');

  // The expert sees the request and delivers only the VIN plate again.
  await expert.reload();
  const section = expert.getByTestId('redeliver-section');
  await expect(section).toContainText('The VIN plate is blurred');
  const again = section.getByRole('form', { name: 'Submit Evidence' });
  await expect(again.getByLabel('Odometer')).toHaveCount(0);
  await again.getByLabel('VIN plate').setInputFiles({ name: 'vin-daylight.png', mimeType: 'image/png', buffer: makePng(6, 6, [30, 30, 200]) });
  await again.getByLabel('Completion notes').fill('VIN plate again, in daylight.');
  await expectNoAxeViolationsAtBothWidths(expert);
  await again.getByRole('button', { name: 'Submit Evidence' }).click();
  await expect.poll(async () => (await apiTask(expert, taskId)).status).toBe('pending_approval');

  // The client sees both versions of the VIN plate and the round, then confirms.
  await client.reload();
  await expect(client.getByText('Earlier version')).toBeVisible();
  await expect(client.getByText('Delivered again (round 1)')).toBeVisible();
  await expect(client.getByTestId('change-rounds')).toContainText('Round 1: changes requested');
  await expectNoAxeViolationsAtBothWidths(client);
  await confirmInDialog(client, 'Confirm & Pay');
  await expect.poll(async () => (await apiTask(client, taskId)).status).toMatch(/^(completed|verified)$/);

  await client.context().close();
  await expert.context().close();
});
